import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommentView } from '../../../schemas/api/feed.ts';
import type { NotificationView, UnreadCountsView } from '../../../schemas/api/notifications.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
import { setNotificationSettings } from '../profile/notification-settings.ts';
import { block, caller, listen, type M, type Page } from '../feed/community-test-kit.ts';
import { notify } from './notify.ts';

type List = Page<NotificationView> & { unread: UnreadCountsView };

describe(`Notifications (${engineName})`, () => {
  let server: TestServer;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    server = await startTestServer();
    c = caller(server);
  });
  afterAll(() => server.close());

  const list = (who: M, body: Record<string, unknown> = {}) => c.as<List>(who, 'systemList', body);

  test('A like and a comment on my post reach me live over the socket, with the new unread count', async () => {
    const author = await createMember(server, { nick_name: 'Author' });
    const friend = await createMember(server, { nick_name: 'Friend' });
    const live = await listen(server, author);
    try {
      const id = (await c.post(author, 'Notify me')).data!.post_id;
      await c.as(friend, 'likePost', { post_id: id });
      const liked = await live.next<NotificationView>('notification:new', (n) => n.kind === 'post_like');
      expect(liked).toMatchObject({ kind: 'post_like', actor: { user_id: friend.userId, nick_name: 'Friend' }, post_id: id, excerpt: 'Notify me', is_read: false });
      await c.as<CommentView>(friend, 'postComment', { post_id: id, content: 'Great post' });
      const commented = await live.next<NotificationView>('notification:new', (n) => n.kind === 'post_comment');
      expect(commented).toMatchObject({ post_id: id, excerpt: 'Great post' });
      const counts = await live.next<UnreadCountsView>('notification:unread', (u) => u.total === 2);
      expect(counts).toEqual({ total: 2, friends: 0, posts: 2, clubs: 0, system: 0 });
    } finally {
      live.close();
    }
  });

  test('My own likes and comments do not notify me, and a like given again notifies once', async () => {
    const author = await createMember(server);
    const fan = await createMember(server);
    const id = (await c.post(author, 'Once')).data!.post_id;
    await c.as(author, 'likePost', { post_id: id });
    await c.as(author, 'postComment', { post_id: id, content: 'self' });
    await c.as(fan, 'likePost', { post_id: id });
    await c.as(fan, 'likePost', { post_id: id, like: false });
    expect((await list(author)).data!.list).toEqual([]);
    await c.as(fan, 'likePost', { post_id: id });
    await c.as(fan, 'likePost', { post_id: id });
    expect((await list(author)).data!.list.map((n) => n.kind)).toEqual(['post_like']);
  });

  test('A reply notifies the member answered, and the post’s author separately', async () => {
    const author = await createMember(server);
    const a = await createMember(server);
    const b = await createMember(server);
    const id = (await c.post(author, 'Thread')).data!.post_id;
    const top = await c.as<CommentView>(a, 'postComment', { post_id: id, content: 'first' });
    await c.as(b, 'postComment', { post_id: id, content: 'answer', reply_to_id: top.data!.comment_id });
    expect((await list(a)).data!.list.map((n) => n.kind)).toEqual(['comment_reply']);
    expect((await list(author)).data!.list.map((n) => n.kind)).toEqual(['post_comment', 'post_comment']);
  });

  test('A kind turned off with notificationSet is not sent', async () => {
    const author = await createMember(server);
    const fan = await createMember(server);
    await setNotificationSettings(server.database.db, author.userId, { likes: false });
    const id = (await c.post(author, 'Quiet likes')).data!.post_id;
    await c.as(fan, 'likePost', { post_id: id });
    await c.as(fan, 'postComment', { post_id: id, content: 'but comments come' });
    expect((await list(author)).data!.list.map((n) => n.kind)).toEqual(['post_comment']);
  });

  test('Nothing comes from a member either side has blocked, and earlier ones disappear', async () => {
    const author = await createMember(server);
    const other = await createMember(server);
    const id = (await c.post(author, 'Blocked later')).data!.post_id;
    await c.as(other, 'likePost', { post_id: id });
    expect((await list(author)).data!.unread.total).toBe(1);
    await block(server, author, other);
    expect((await list(author)).data).toMatchObject({ list: [], unread: { total: 0 } });
  });

  test('Marking read, by id or all of a category, and deleting — each member only their own', async () => {
    const me = await createMember(server);
    const other = await createMember(server);
    const deps = { db: server.database.db, realtime: { toUsers: () => ({ emit: () => undefined }) } as never };
    for (const topic of ['welcome', 'guidelines', 'new_features']) await notify(deps, { userId: me.userId, kind: 'system', topic });
    const id = (await c.post(me, 'Posts')).data!.post_id;
    await c.as(other, 'likePost', { post_id: id });

    const all = (await list(me)).data!;
    expect(all.unread).toEqual({ total: 4, friends: 0, posts: 1, clubs: 0, system: 3 });
    expect((await list(me, { category: 'system' })).data!.list.map((n) => n.topic)).toEqual(['new_features', 'guidelines', 'welcome']);
    const firstSystem = all.list.find((n) => n.kind === 'system')!;

    // Another member cannot read or delete mine.
    await c.as(other, 'allSystemList', { ids: [firstSystem.id] });
    await c.as(other, 'delSystemList', { ids: [firstSystem.id] });
    expect((await c.as<UnreadCountsView>(me, 'UnreadMessage')).data!.total).toBe(4);

    expect((await c.as<UnreadCountsView>(me, 'allSystemList', { ids: [firstSystem.id] })).data!.total).toBe(3);
    expect((await c.as<UnreadCountsView>(me, 'allSystemList', { category: 'posts' })).data).toMatchObject({ total: 2, posts: 0 });
    expect((await list(me, { unread_only: true })).data!.list).toHaveLength(2);
    expect((await c.as<UnreadCountsView>(me, 'delSystemList', { read: true })).data!.total).toBe(2);
    expect((await list(me)).data!.list).toHaveLength(2);
    const nothing = await c.as(me, 'delSystemList', {});
    expect(nothing.status).toBe(Status.validation);
    expect(nothing.msg).toMatch(/^ids: /);
    await c.as(me, 'allSystemList', {});
    expect((await c.as<UnreadCountsView>(me, 'UnreadMessage')).data!.total).toBe(0);
  });

  test('Pages of notifications follow each other, newest first', async () => {
    const me = await createMember(server);
    const deps = { db: server.database.db, realtime: { toUsers: () => ({ emit: () => undefined }) } as never };
    for (let i = 0; i < 5; i++) await notify(deps, { userId: me.userId, kind: 'system', topic: 'welcome', dedupeKey: `t${i}` });
    const first = (await list(me, { page_size: 3 })).data!;
    const second = (await list(me, { page: 2, page_size: 3 })).data!;
    expect(first.has_more).toBe(true);
    expect(second.has_more).toBe(false);
    expect(new Set([...first.list, ...second.list].map((n) => n.id)).size).toBe(5);
    expect(first.list[0]!.id).toBeGreaterThan(second.list[0]!.id);
  });
});
