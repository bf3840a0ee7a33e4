import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Chapter } from '../../../schemas/api/people.ts';
import type { UserProfile } from '../../../schemas/api/profile.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, makeFriends } from '../../test/members.ts';
import { fileOf, upload } from '../media/upload-kit.ts';
import { wantsNotification } from './notification-settings.ts';
import { addChapter } from './places.ts';

type M = Awaited<ReturnType<typeof createMember>>;

describe(`The profile, privacy and settings (${engineName})`, () => {
  let server: TestServer;
  const org = { world: 0, area: 0, lebanon: 0, france: 0, beirutRegion: 0, idf: 0, cedars: 0 };
  const profile = async (viewer: M, owner?: M) =>
    server.call<UserProfile>('getNewUserInfo', owner ? { user_id: owner.userId } : {}, { token: viewer.token, method: 'GET' });
  const personal = (who: M, body: Record<string, unknown>) => server.call<UserProfile>('editUsers', body, { token: who.token, enc: 2 });

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    org.world = await addChapter(db, { name: 'Worldwide', level: 'global', parentId: null });
    org.area = await addChapter(db, { name: 'Europe', level: 'area', parentId: org.world });
    org.lebanon = await addChapter(db, { name: 'Lebanon', level: 'national', parentId: org.area, country: 'LB' });
    org.france = await addChapter(db, { name: 'France', level: 'national', parentId: org.area, country: 'FR' });
    org.beirutRegion = await addChapter(db, { name: 'Beirut', level: 'regional', parentId: org.lebanon, country: 'LB' });
    org.idf = await addChapter(db, { name: 'Île-de-France', level: 'regional', parentId: org.france, country: 'FR' });
    org.cedars = await addChapter(db, { name: 'Cedars Beirut', level: 'local', parentId: org.beirutRegion, country: 'LB' });
  });
  afterAll(() => server.close());

  /** A member with every guarded field filled in. */
  const fullMember = async () => {
    const m = await createMember(server, { nick_name: 'Full Profile' });
    await server.call('editUser', { bio: 'Community builder', chapter_id: org.cedars }, { token: m.token });
    const res = await personal(m, { gender: 'female', birth_date: '1995-04-12', mobile: '+961 1 234 567', country_id: org.lebanon, region_id: org.beirutRegion, city: 'Beirut' });
    expect(res.status).toBe(Status.ok);
    return m;
  };

  test('A member sees their own profile in full, also through the encrypted getUserInfo', async () => {
    const m = await fullMember();
    const mine = await server.call<{ user_info: UserProfile }>('getUserInfo', {}, { token: m.token, enc: 3 });
    expect(mine.status).toBe(Status.ok);
    expect(mine.data!.user_info).toMatchObject({
      user_id: m.userId,
      nick_name: 'Full Profile',
      bio: 'Community builder',
      gender: 'female',
      email: m.email,
      mobile: '+961 1 234 567',
      birth_date: '1995-04-12',
      address: { country: { id: org.lebanon, name: 'Lebanon' }, region: { id: org.beirutRegion, name: 'Beirut' }, city: 'Beirut' },
      chapter: { id: org.cedars, name: 'Cedars Beirut', level: 'local' },
      hidden: [],
      is_me: true,
      relation: 'self',
      friend_total: 0,
    });
  });

  test('A stranger sees only what the defaults allow: no e-mail, mobile, birth date, address or friends', async () => {
    const m = await fullMember();
    const stranger = await createMember(server);
    const seen = (await profile(stranger, m)).data!;
    expect(seen).toMatchObject({ nick_name: 'Full Profile', bio: 'Community builder', gender: 'female', email: null, mobile: null, birth_date: null, address: null, friend_total: null, is_me: false, relation: 'none' });
    expect(seen.hidden.sort()).toEqual(['address', 'birth_date', 'email', 'friends_list', 'mobile']);
  });

  test('Privacy decides per field: everyone, friends or only me', async () => {
    const m = await fullMember();
    const [friend, stranger] = [await createMember(server), await createMember(server)];
    await makeFriends(server, m.userId, friend.userId);
    const set = await server.call('PrivacySet', { email: 'everyone', mobile: 'friends', birth_date: 'only_me' }, { token: m.token });
    expect(set.data).toEqual({ email: 'everyone', mobile: 'friends', birth_date: 'only_me', address: 'friends', friends_list: 'friends', albums: 'everyone' });
    const byStranger = (await profile(stranger, m)).data!;
    expect(byStranger).toMatchObject({ email: m.email, mobile: null, birth_date: null, address: null });
    const byFriend = (await profile(friend, m)).data!;
    expect(byFriend).toMatchObject({ email: m.email, mobile: '+961 1 234 567', birth_date: null, relation: 'friend', friend_total: 1 });
    expect(byFriend.address).toMatchObject({ city: 'Beirut' });
    expect(byFriend.hidden).toEqual(['birth_date']);
    expect((await server.call('getPrivacy', {}, { token: m.token })).data).toMatchObject({ birth_date: 'only_me' });
  });

  test('A member who blocked you cannot be opened (4002); one you blocked shows nothing guarded, so you can unblock', async () => {
    const [a, b] = [await fullMember(), await createMember(server)];
    await server.call('PrivacySet', { email: 'everyone' }, { token: a.token });
    await server.call('pullBlack', { user_id: b.userId }, { token: a.token });
    expect((await profile(b, a)).status).toBe(Status.notFound);
    for (const call of ['skillList', 'educationList', 'userHobbies', 'listUserProject']) {
      expect((await server.call(call, { user_id: a.userId }, { token: b.token, method: 'GET' })).status, call).toBe(Status.notFound);
    }
    const seenByBlocker = (await profile(a, b)).data!;
    expect(seenByBlocker).toMatchObject({ relation: 'blocked', blocked_by_me: true, email: null });
  });

  test('Locked and deleted members cannot be opened by others', async () => {
    const [viewer, gone] = [await createMember(server), await createMember(server)];
    await server.call('deleteAccount', { password: gone.password }, { token: gone.token, enc: 2 });
    expect((await profile(viewer, gone)).status).toBe(Status.notFound);
    expect((await server.call('getNewUserInfo', { user_id: 999_999_999 }, { token: viewer.token, method: 'GET' })).status).toBe(Status.notFound);
  });

  test('editUser changes name, introduction, chapter and time zone; fields left out stay', async () => {
    const m = await createMember(server);
    const res = await server.call<UserProfile>('editUser', { nick_name: '  Lina Saad ', bio: ' Hello ', chapter_id: org.cedars, time_zone: 'Asia/Beirut' }, { token: m.token });
    expect(res.data).toMatchObject({ nick_name: 'Lina Saad', bio: 'Hello', chapter: { id: org.cedars }, time_zone: 'Asia/Beirut' });
    const again = await server.call<UserProfile>('editUser', { bio: '' }, { token: m.token });
    expect(again.data).toMatchObject({ nick_name: 'Lina Saad', bio: '', chapter: { id: org.cedars } });
    expect((await server.call('getMyTimeArea', {}, { token: m.token })).data).toMatchObject({ zone: 'Asia/Beirut', offset_minutes: expect.any(Number) });
    expect((await server.call<UserProfile>('editUser', { chapter_id: null }, { token: m.token })).data!.chapter).toBeNull();
  });

  test.each([
    ['a chapter that is not local', () => ({ chapter_id: org.lebanon }), /^chapter_id: /],
    ['an unknown time zone', () => ({ time_zone: 'Mars/Olympus' }), /^time_zone: /],
    ['an empty name', () => ({ nick_name: '   ' }), /^nick_name: /],
    ['a name of 41 characters', () => ({ nick_name: 'x'.repeat(41) }), /^nick_name: /],
  ])('editUser refuses %s naming the field', async (_what, body, msg) => {
    const m = await createMember(server);
    const res = await server.call('editUser', body(), { token: m.token });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toMatch(msg);
  });

  test('editUsers checks the birth date, the mobile number and that the region is in the country', async () => {
    const m = await createMember(server);
    const tomorrow = new Date(Date.now() + 2 * 864e5).toISOString().slice(0, 10);
    for (const [body, field] of [
      [{ birth_date: tomorrow }, 'birth_date'],
      [{ birth_date: '2001-02-30' }, 'birth_date'],
      [{ mobile: 'call me' }, 'mobile'],
      [{ gender: 'other' }, 'gender'],
      [{ country_id: org.cedars }, 'country_id'],
      [{ country_id: org.france, region_id: org.beirutRegion }, 'region_id'],
    ] as const) {
      const res = await personal(m, body);
      expect(res.status, JSON.stringify(body)).toBe(Status.validation);
      expect(res.msg).toMatch(new RegExp(`^${field}: `));
    }
    const ok = await personal(m, { country_id: org.france, region_id: org.idf, gender: 'undisclosed', birth_date: '' });
    expect(ok.data).toMatchObject({ gender: 'undisclosed', birth_date: '', address: { country: { id: org.france }, region: { id: org.idf } } });
    // Moving to another country drops a region of the old one.
    const moved = await personal(m, { country_id: org.lebanon });
    expect(moved.data!.address).toMatchObject({ country: { id: org.lebanon }, region: null });
  });

  test('editUsers only takes an encrypted body', async () => {
    const m = await createMember(server);
    const res = await server.call('editUsers', { gender: 'male' }, { token: m.token });
    expect(res.status).toBe(Status.validation);
  });

  test('The profile and cover pictures come from one’s own uploads only', async () => {
    const [m, other] = [await createMember(server), await createMember(server)];
    const mine = (await upload(server, 'uploadImage', m.token, [{ name: 'me.png', bytes: fileOf('png') }])).data!.url;
    const theirs = (await upload(server, 'uploadImage', other.token, [{ name: 'x.png', bytes: fileOf('png') }])).data!.url;
    const res = await server.call<UserProfile>('updateUserData', { avatar: mine, cover: mine }, { token: m.token });
    expect(res.data).toMatchObject({ avatar: mine, cover: mine });
    const refused = await server.call('updateUserData', { avatar: theirs }, { token: m.token });
    expect(refused.msg).toBe('avatar: must be a picture you uploaded');
    expect((await server.call('updateUserData', { avatar: 'https://evil.example/x.png' }, { token: m.token })).status).toBe(Status.validation);
    expect((await server.call<UserProfile>('updateUserData', { avatar: '' }, { token: m.token })).data!.avatar).toBe('');
  });

  test('Notification settings start all on, change one by one, and wantsNotification reads them', async () => {
    const m = await createMember(server);
    const all = await server.call('getNotification', {}, { token: m.token });
    expect(all.data).toEqual({ friend_requests: true, messages: true, comments: true, likes: true, club_decisions: true, system_notices: true });
    expect(await wantsNotification(server.database.db, m.userId, 'likes')).toBe(true);
    const set = await server.call('notificationSet', { likes: false, messages: false }, { token: m.token });
    expect(set.data).toMatchObject({ likes: false, messages: false, comments: true });
    expect(await wantsNotification(server.database.db, m.userId, 'likes')).toBe(false);
    expect(await wantsNotification(server.database.db, m.userId, 'comments')).toBe(true);
    expect((await server.call('notificationSet', { likes: 'no' }, { token: m.token })).msg).toMatch(/^likes: /);
  });

  test('Addresses list countries, then the regions of one country; the organisation lists chapters with members', async () => {
    const m = await createMember(server);
    await server.call('editUser', { chapter_id: org.cedars }, { token: m.token });
    const countries = await server.call<Chapter[]>('getAddress', { level: 'country' }, { token: m.token });
    expect(countries.data!.map((c) => c.name)).toEqual(['France', 'Lebanon']);
    const regions = await server.call<Chapter[]>('getAddress', { level: 'region', parent_id: org.lebanon }, { token: m.token });
    expect(regions.data!.map((c) => c.name)).toEqual(['Beirut']);
    expect((await server.call<Chapter[]>('getAddress', { level: 'region' }, { token: m.token })).data).toEqual([]);
    const local = await server.call<(Chapter & { member_count: number })[]>('getOrganizationList', { level: 'local' }, { token: m.token });
    expect(local.data![0]).toMatchObject({ name: 'Cedars Beirut', parent_id: org.beirutRegion, country: 'LB' });
    expect(local.data![0]!.member_count).toBeGreaterThanOrEqual(1);
    const under = await server.call<Chapter[]>('getOrganizationList', { parent_id: org.area }, { token: m.token });
    expect(under.data!.map((c) => c.name)).toEqual(['France', 'Lebanon']);
  });

  test('Time zones come with their offsets, west to east', async () => {
    const m = await createMember(server);
    const zones = (await server.call<{ zone: string; offset_minutes: number; label: string }[]>('getTimeArea', {}, { token: m.token })).data!;
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((z) => z.zone === 'Asia/Tokyo')).toMatchObject({ offset_minutes: 540, label: '(UTC+09:00) Asia/Tokyo' });
    expect(zones.find((z) => z.zone === 'America/St_Johns')?.label).toMatch(/^\(UTC-0[23]:30\) America\/St Johns$/);
    expect(zones.map((z) => z.offset_minutes)).toEqual([...zones.map((z) => z.offset_minutes)].sort((a, b) => a - b));
    expect((await server.call('getMyTimeArea', {}, { token: m.token })).data).toEqual({ zone: '', offset_minutes: null });
  });
});
