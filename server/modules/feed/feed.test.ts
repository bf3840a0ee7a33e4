import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Static } from '@sinclair/typebox';
import type { Post } from '../../../schemas/api/feed.ts';
import { Status } from '../../../schemas/status.ts';
import { posts } from '../../db/schema/index.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';

type PostView = Static<typeof Post>;
interface FeedPage {
  list: PostView[];
  page: number;
  page_size: number;
  has_more: boolean;
}

describe(`The news feed (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const post = (token: string, content: string, visibility: 'public' | 'friends' = 'public') =>
    server.call<PostView>('createPost', { content, visibility }, { token });
  const feed = (token: string, body: { page?: number; page_size?: number } = {}) =>
    server.call<FeedPage>('homePage', body, { token });
  /** The ids a member sees on the first page of 50, newest first. */
  const visibleIds = async (token: string) => (await feed(token, { page_size: 50 })).data!.list.map((p) => p.post_id);

  test('A member writes a post and finds it at the top of the feed with its author', async () => {
    const m = await createMember(server, { nick_name: 'Amina' });
    const res = await post(m.token, '  Hello, leaders!\nSecond line.  ');
    expect(res.status).toBe(Status.ok);
    expect(res.data).toMatchObject({ user_id: m.userId, nick_name: 'Amina', content: 'Hello, leaders!\nSecond line.', visibility: 'public', is_mine: true });
    expect(new Date(res.data!.created_at).toISOString()).toBe(res.data!.created_at);

    const page = await feed(m.token);
    expect(page.status).toBe(Status.ok);
    expect(page.data).toMatchObject({ page: 1, page_size: 20 });
    expect(page.data!.list[0]).toEqual(res.data);
  });

  test('Another member sees a public post as not theirs', async () => {
    const author = await createMember(server);
    const reader = await createMember(server);
    const created = await post(author.token, 'Public news');
    const seen = (await feed(reader.token, { page_size: 50 })).data!.list.find((p) => p.post_id === created.data!.post_id);
    expect(seen).toMatchObject({ content: 'Public news', user_id: author.userId, is_mine: false });
  });

  test('The feed is newest first', async () => {
    const m = await createMember(server);
    const ids: number[] = [];
    for (const text of ['first', 'second', 'third']) ids.push((await post(m.token, text)).data!.post_id);
    const shown = await visibleIds(m.token);
    expect(shown.slice(0, 3)).toEqual([...ids].reverse());
  });

  test('Pages follow each other without overlap, and has_more is false on the last one', async () => {
    const m = await createMember(server);
    for (let i = 0; i < 5; i++) await post(m.token, `page test ${i}`);
    const total = (await visibleIds(m.token)).length;
    const pageSize = 2;
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const res = await feed(m.token, { page, page_size: pageSize });
      expect(res.status).toBe(Status.ok);
      seen.push(...res.data!.list.map((p) => p.post_id));
      expect(res.data!.has_more).toBe(seen.length < total);
      if (!res.data!.has_more) break;
      expect(res.data!.list).toHaveLength(pageSize);
    }
    expect(new Set(seen).size).toBe(total);
    const beyond = await feed(m.token, { page: Math.ceil(total / pageSize) + 1, page_size: pageSize });
    expect(beyond.data).toMatchObject({ list: [], has_more: false });
  });

  test('A page size above 50, or a page below 1 or absurdly far, is refused naming the field', async () => {
    const m = await createMember(server);
    const big = await feed(m.token, { page_size: 51 });
    expect(big.status).toBe(Status.validation);
    expect(big.msg).toMatch(/^page_size: /);
    const zero = await feed(m.token, { page: 0 });
    expect(zero.status).toBe(Status.validation);
    expect(zero.msg).toMatch(/^page: /);
    const huge = await feed(m.token, { page: 1e300 });
    expect(huge.status).toBe(Status.validation);
    expect(huge.msg).toMatch(/^page: /);
  });

  test('A friends-only post is shown to its author but not to another member', async () => {
    const author = await createMember(server);
    const other = await createMember(server);
    const created = await post(author.token, 'Only for friends', 'friends');
    expect(created.status).toBe(Status.ok);
    expect(created.data!.visibility).toBe('friends');
    expect(await visibleIds(author.token)).toContain(created.data!.post_id);
    expect(await visibleIds(other.token)).not.toContain(created.data!.post_id);
  });

  test.each([
    ['empty content', ''],
    ['content of only spaces and line breaks', '  \n\t  '],
    ['content of 5001 characters', 'x'.repeat(5001)],
  ])('A post with %s is refused naming content', async (_what, content) => {
    const m = await createMember(server);
    const res = await post(m.token, content);
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toMatch(/^content: /);
    expect((await feed(m.token, { page_size: 50 })).data!.list.filter((p) => p.is_mine)).toEqual([]);
  });

  test('A post of exactly 5000 characters is accepted', async () => {
    const m = await createMember(server);
    const res = await post(m.token, 'y'.repeat(5000));
    expect(res.status).toBe(Status.ok);
    expect(res.data!.content).toHaveLength(5000);
  });

  test('The database itself refuses a post of only spaces or an unknown visibility', async () => {
    const m = await createMember(server);
    await expect(server.database.db.insert(posts).values({ userId: m.userId, content: '   ', visibility: 'public' })).rejects.toThrow();
    await expect(server.database.db.insert(posts).values({ userId: m.userId, content: 'ok', visibility: 'everyone' })).rejects.toThrow();
  });

  test('An unknown visibility is refused naming visibility', async () => {
    const m = await createMember(server);
    const res = await server.call('createPost', { content: 'hi', visibility: 'everyone' }, { token: m.token });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toMatch(/^visibility: /);
  });

  test('The author deletes a post and it leaves every feed', async () => {
    const author = await createMember(server);
    const reader = await createMember(server);
    const id = (await post(author.token, 'Soon gone')).data!.post_id;
    const res = await server.call('delUserPost', { post_id: id }, { token: author.token });
    expect(res.status).toBe(Status.ok);
    expect(res.data).toBeNull();
    expect(await visibleIds(author.token)).not.toContain(id);
    expect(await visibleIds(reader.token)).not.toContain(id);
    const again = await server.call('delUserPost', { post_id: id }, { token: author.token });
    expect(again.status).toBe(Status.notFound);
  });

  test('Another member cannot delete a post: 4101, and the post stays', async () => {
    const author = await createMember(server);
    const other = await createMember(server);
    const id = (await post(author.token, 'Mine to keep')).data!.post_id;
    const res = await server.call('delUserPost', { post_id: id }, { token: other.token });
    expect(res.status).toBe(Status.forbidden);
    expect(await visibleIds(author.token)).toContain(id);
    expect(await visibleIds(other.token)).toContain(id);
  });

  test('Deleting an unknown post answers 4002, and an impossible id 4001 naming post_id', async () => {
    const m = await createMember(server);
    const res = await server.call('delUserPost', { post_id: 999_999_999 }, { token: m.token });
    expect(res.status).toBe(Status.notFound);
    const impossible = await server.call('delUserPost', { post_id: 2 ** 31 }, { token: m.token });
    expect(impossible.status).toBe(Status.validation);
    expect(impossible.msg).toMatch(/^post_id: /);
  });

  test.each(['createPost', 'homePage', 'delUserPost'])('%s without a token answers 952798', async (name) => {
    const body = { createPost: { content: 'hi', visibility: 'public' }, homePage: {}, delUserPost: { post_id: 1 } }[name];
    const res = await server.call(name, body);
    expect(res.status).toBe(Status.tokenInvalid);
    expect(res.http).toBe(401);
  });
});
