import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemberCard } from '../../../schemas/api/people.ts';
import type { UserProfile } from '../../../schemas/api/profile.ts';
import { Status } from '../../../schemas/status.ts';
import { queryRows } from '../../db/client.ts';
import { DEMO_LOGIN, seedDemoData } from '../../db/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { solvedCaptcha } from '../../test/members.ts';

describe('The demo organisation and people', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    expect(await seedDemoData(server.database.db)).toBe(true);
    const login = await server.call<{ token: string }>('login', { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, ...(await solvedCaptcha(server)) }, { enc: 1 });
    token = login.data!.token;
  });
  afterAll(() => server.close());

  test('Chapters exist at every level, each below the level above it', async () => {
    const rows = await queryRows<{ level: string; n: number; orphans: number }>(
      server.database.db,
      sql`select c.level, count(*)::int as n, count(*) filter (where c.level <> 'global' and p.id is null)::int as orphans
          from chapters c left join chapters p on p.id = c.parent_id group by c.level`,
    );
    const byLevel = Object.fromEntries(rows.map((r) => [r.level, r.n]));
    expect(byLevel).toMatchObject({ global: 1 });
    for (const level of ['area', 'national', 'regional', 'local']) expect(byLevel[level], level).toBeGreaterThan(3);
    expect(rows.every((r) => r.orphans === 0)).toBe(true);
  });

  test('About fifty members have full profiles with generated pictures', async () => {
    const [row] = await queryRows<{ members: number; pictures: number; profiles: number; skills: number }>(
      server.database.db,
      sql`select count(*)::int as members, count(*) filter (where u.avatar like '/avatars/%')::int as pictures,
            (select count(*)::int from profiles where chapter_id is not null) as profiles,
            (select count(distinct user_id)::int from skills) as skills
          from users u`,
    );
    expect(row!.members).toBeGreaterThanOrEqual(50);
    expect(row).toMatchObject({ pictures: row!.members, profiles: row!.members, skills: row!.members });
    const me = await server.call<UserProfile>('getNewUserInfo', {}, { token, method: 'GET' });
    expect(me.data).toMatchObject({ nick_name: 'Amal Haddad', chapter: { name: 'Beirut Cedars' }, address: { country: { name: 'Lebanon' } } });
    const avatar = await server.app.inject({ method: 'GET', url: me.data!.avatar });
    expect(avatar.headers['content-type']).toBe('image/svg+xml');
  });

  test('Amal has friends and friend requests waiting for her', async () => {
    const friends = await server.call<{ total: number }>('userFriendList', {}, { token });
    expect(friends.data!.total).toBeGreaterThanOrEqual(5);
    const waiting = await server.call<{ total: number; list: { member: MemberCard }[] }>('userRequestList', {}, { token, method: 'GET' });
    expect(waiting.data!.total).toBeGreaterThanOrEqual(2);
    expect(waiting.data!.list[0]!.member.relation).toBe('request_received');
  });

  test('Search finds demo members by chapter and by skill', async () => {
    const byChapter = await server.call<{ list: MemberCard[] }>('getSearchResult', { keyword: 'tokyo', field: 'chapter' }, { token });
    expect(byChapter.status).toBe(Status.ok);
    expect(byChapter.data!.list.length).toBeGreaterThanOrEqual(2);
    const bySkill = await server.call<{ list: MemberCard[] }>('getSearchResult', { keyword: 'fundraising', field: 'skill' }, { token });
    expect(bySkill.data!.list.length).toBeGreaterThan(3);
  });
});
