import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemberCard } from '../../../schemas/api/people.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, makeFriends } from '../../test/members.ts';
import { addChapter } from '../profile/places.ts';
import { prefixQuery, searchWords } from './search.ts';

type M = Awaited<ReturnType<typeof createMember>>;
type Hit = MemberCard & { matched: 'name' | 'chapter' | 'skill' };
interface Found {
  list: Hit[];
  has_more: boolean;
}

describe(`Member search (${engineName})`, () => {
  let server: TestServer;
  let viewer: M, amal: M, karim: M, priya: M;
  let beirut: number;
  const search = async (who: M, keyword: string, extra: Record<string, unknown> = {}) =>
    server.call<Found>('getSearchResult', { keyword, ...extra }, { token: who.token });
  const names = async (who: M, keyword: string, extra: Record<string, unknown> = {}) =>
    (await search(who, keyword, extra)).data!.list.map((h) => h.nick_name);

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    const world = await addChapter(db, { name: 'Worldwide', level: 'global', parentId: null });
    const mena = await addChapter(db, { name: 'Middle East and North Africa', level: 'area', parentId: world });
    const lebanon = await addChapter(db, { name: 'Lebanon', level: 'national', parentId: mena, country: 'LB' });
    const mountLebanon = await addChapter(db, { name: 'Mount Lebanon', level: 'regional', parentId: lebanon, country: 'LB' });
    beirut = await addChapter(db, { name: 'Cedars Beirut', level: 'local', parentId: mountLebanon, country: 'LB' });
    viewer = await createMember(server, { nick_name: 'Viewer Person' });
    amal = await createMember(server, { nick_name: 'Amal Haddad' });
    await createMember(server, { nick_name: 'Amalia Rossi' });
    karim = await createMember(server, { nick_name: 'Karim Mansour' });
    priya = await createMember(server, { nick_name: 'Priya Sharma' });
    await server.call('editUser', { chapter_id: beirut }, { token: karim.token });
    await server.call('addSkill', { name: 'Public speaking' }, { token: priya.token });
  });
  afterAll(() => server.close());

  test('A query becomes prefix words: punctuation and case do not matter, nothing can break out of the query', () => {
    expect(searchWords("  O'Neil-SMITH  tomás ")).toEqual(['o', 'neil', 'smith', 'tomás']);
    expect(prefixQuery(searchWords("x' | y & !z:*"))).toBe("'x':* & 'y':* & 'z':*");
  });

  test('Members are found by the start of any word of their name, name matches sorted by name', async () => {
    expect(await names(viewer, 'ama')).toEqual(['Amal Haddad', 'Amalia Rossi']);
    expect(await names(viewer, 'hadd')).toEqual(['Amal Haddad']);
    expect(await names(viewer, 'AMAL had')).toEqual(['Amal Haddad']);
    expect(await names(viewer, 'zzz')).toEqual([]);
    const [hit] = (await search(viewer, 'haddad')).data!.list;
    expect(hit).toMatchObject({ user_id: amal.userId, matched: 'name', relation: 'none', request_id: null });
  });

  test('Members are found by their chapter, also by a chapter above it', async () => {
    expect(await names(viewer, 'cedars')).toEqual(['Karim Mansour']);
    const [hit] = (await search(viewer, 'lebanon')).data!.list;
    expect(hit).toMatchObject({ user_id: karim.userId, matched: 'chapter', chapter: { id: beirut, name: 'Cedars Beirut', level: 'local' } });
  });

  test('Members are found by their skills, and the field can narrow what is matched', async () => {
    expect((await search(viewer, 'speak')).data!.list[0]).toMatchObject({ user_id: priya.userId, matched: 'skill' });
    expect(await names(viewer, 'speak', { field: 'name' })).toEqual([]);
    expect(await names(viewer, 'cedars', { field: 'skill' })).toEqual([]);
    expect(await names(viewer, 'priya', { field: 'name' })).toEqual(['Priya Sharma']);
  });

  test('The searcher is not in their own results, and each hit says how they relate', async () => {
    expect(await names(viewer, 'viewer')).toEqual([]);
    const friend = await createMember(server, { nick_name: 'Relation Friend' });
    const asked = await createMember(server, { nick_name: 'Relation Asked' });
    await makeFriends(server, viewer.userId, friend.userId);
    const sent = await server.call<{ request_id: number }>('friendRequest', { user_id: asked.userId }, { token: viewer.token });
    const hits = (await search(viewer, 'relation')).data!.list;
    expect(hits.map((h) => [h.nick_name, h.relation, h.request_id])).toEqual([
      ['Relation Asked', 'request_sent', sent.data!.request_id],
      ['Relation Friend', 'friend', null],
    ]);
  });

  test('Blocking hides each member from the other’s search, whoever blocked', async () => {
    const blocker = await createMember(server, { nick_name: 'Hidden Blocker' });
    const blocked = await createMember(server, { nick_name: 'Hidden Blocked' });
    await server.call('pullBlack', { user_id: blocked.userId }, { token: blocker.token });
    expect(await names(blocked, 'hidden')).toEqual([]);
    expect(await names(blocker, 'hidden')).toEqual([]);
    expect(await names(viewer, 'hidden')).toEqual(['Hidden Blocked', 'Hidden Blocker']);
  });

  test('Deleted accounts are not found', async () => {
    const gone = await createMember(server, { nick_name: 'Gone Member' });
    await server.call('deleteAccount', { password: gone.password }, { token: gone.token, enc: 2 });
    expect(await names(viewer, 'gone')).toEqual([]);
  });

  test('Results come a page at a time, without overlap, and has_more is false on the last page', async () => {
    for (let i = 0; i < 5; i++) await createMember(server, { nick_name: `Paged Member ${i}` });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = (await search(viewer, 'paged', { page, page_size: 2 })).data!;
      seen.push(...res.list.map((h) => h.nick_name));
      expect(res.has_more).toBe(page < 3);
    }
    expect(seen).toEqual(['Paged Member 0', 'Paged Member 1', 'Paged Member 2', 'Paged Member 3', 'Paged Member 4']);
  });

  test('searchUserList answers the same search as a GET with query parameters', async () => {
    const res = await server.call<Found>('searchUserList', { keyword: 'amal', page_size: 1 }, { token: viewer.token, method: 'GET' });
    expect(res.status).toBe(Status.ok);
    expect(res.data).toMatchObject({ has_more: true, list: [{ nick_name: 'Amal Haddad' }] });
  });

  test('A keyword without any letter or digit, or too long, is refused naming keyword', async () => {
    for (const keyword of ['', '  ', '!!!', 'x'.repeat(101)]) {
      const res = await search(viewer, keyword);
      expect(res.status, keyword).toBe(Status.validation);
      expect(res.msg).toMatch(/^keyword: /);
    }
  });
});
