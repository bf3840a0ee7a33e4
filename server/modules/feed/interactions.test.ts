import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommentView, LordCommentView, PostView } from '../../../schemas/api/feed.ts';
import { Status } from '../../../schemas/status.ts';
import { homeAds } from '../../db/schema/index.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
import { caller, type M, type Page } from './community-test-kit.ts';
import { setPlacesProvider } from './places.ts';

describe(`Posts, likes, comments and shares (${engineName})`, () => {
  let server: TestServer;
  let c: ReturnType<typeof caller>;
  let author: M;
  let reader: M;
  beforeAll(async () => {
    server = await startTestServer();
    c = caller(server);
    author = await createMember(server, { nick_name: 'Author' });
    reader = await createMember(server, { nick_name: 'Reader' });
  });
  afterAll(() => server.close());

  const images = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/2026/photo${String(i).padStart(12, '0')}.jpg`);

  test('A post carries up to 9 images and a place; a tenth image or a script address is refused naming images', async () => {
    const ok = await c.post(author, 'Nine photos', { images: images(9), location: '  Lyon  ' });
    expect(ok.status).toBe(Status.ok);
    expect(ok.data).toMatchObject({ images: images(9), location: 'Lyon', like_count: 0, comment_count: 0, liked: false, can_delete: true });
    const ten = await c.post(author, 'Ten photos', { images: images(10) });
    expect(ten.status).toBe(Status.validation);
    expect(ten.msg).toMatch(/^images: /);
    const script = await c.post(author, 'Script', { images: ['javascript:alert(1)'] });
    expect(script.status).toBe(Status.validation);
    expect(script.msg).toMatch(/^images\[0\]: /);
  });

  test('A post sent again with the same client id — also five times at once — is stored once', async () => {
    const client_id = uuidv7();
    const results = await Promise.all(Array.from({ length: 5 }, () => c.post(author, 'Written offline', { client_id })));
    expect(results.every((r) => r.status === Status.ok)).toBe(true);
    expect(new Set(results.map((r) => r.data!.post_id)).size).toBe(1);
    expect(results[0]!.data!.client_id).toBe(client_id);
    const again = await c.post(author, 'Written offline', { client_id });
    expect(again.data!.post_id).toBe(results[0]!.data!.post_id);
    const mine = await c.as<Page<PostView>>(author, 'getUserPostList', { page_size: 50 });
    expect(mine.data!.list.filter((p) => p.client_id === client_id)).toHaveLength(1);
    // Another member cannot take over the id.
    const stolen = await c.post(reader, 'Mine now', { client_id });
    expect(stolen.status).toBe(Status.validation);
    expect(stolen.msg).toMatch(/^client_id: /);
  });

  test('Only the author edits a post; the edit is marked', async () => {
    const id = (await c.post(author, 'First draft')).data!.post_id;
    expect((await c.as(reader, 'updatePostInfo', { post_id: id, content: 'Hijacked' })).status).toBe(Status.forbidden);
    const edited = await c.as<PostView>(author, 'updatePostInfo', { post_id: id, content: ' Final text ', visibility: 'friends' });
    expect(edited.data).toMatchObject({ content: 'Final text', visibility: 'friends' });
    expect(edited.data!.edited_at).not.toBeNull();
  });

  test('A like counts once however often it is sent, and can be taken back', async () => {
    const id = (await c.post(author, 'Like me')).data!.post_id;
    for (let i = 0; i < 3; i++) await c.as(reader, 'likePost', { post_id: id });
    const after = await c.as<{ like_count: number; liked: boolean }>(reader, 'likePost', { post_id: id, like: true });
    expect(after.data).toMatchObject({ like_count: 1, liked: true });
    const likers = await c.as<Page<{ user_id: number }>>(author, 'getPostLike', { post_id: id }, 'GET');
    expect(likers.data!.list.map((l) => l.user_id)).toEqual([reader.userId]);
    const undone = await c.as<{ like_count: number; liked: boolean }>(reader, 'likePost', { post_id: id, like: false });
    expect(undone.data).toMatchObject({ like_count: 0, liked: false });
    expect((await c.as<PostView>(author, 'getPostInfo', { post_id: id })).data!.like_count).toBe(0);
  });

  test('Comments go two levels deep: replies sit under their top-level comment and name whom they answer', async () => {
    const id = (await c.post(author, 'Discuss')).data!.post_id;
    const lord = (await c.as<CommentView>(reader, 'postComment', { post_id: id, content: 'Top level' })).data!;
    expect(lord).toMatchObject({ parent_id: null, reply_to: null, content: 'Top level', is_mine: true });
    const reply = (await c.as<CommentView>(author, 'postComment', { post_id: id, content: 'Reply', reply_to_id: lord.comment_id })).data!;
    expect(reply).toMatchObject({ parent_id: lord.comment_id, reply_to: { user_id: reader.userId } });
    const replyToReply = (await c.as<CommentView>(reader, 'postComment', { post_id: id, content: 'Reply to the reply', reply_to_id: reply.comment_id })).data!;
    expect(replyToReply).toMatchObject({ parent_id: lord.comment_id, reply_to: { user_id: author.userId } });
    for (let i = 0; i < 3; i++) await c.as(author, 'postComment', { post_id: id, content: `More ${i}`, reply_to_id: lord.comment_id });

    const page = await c.as<Page<LordCommentView>>(author, 'getPostComment', { post_id: id });
    expect(page.data!.list).toHaveLength(1);
    expect(page.data!.list[0]).toMatchObject({ comment_id: lord.comment_id, reply_count: 5 });
    expect(page.data!.list[0]!.replies.map((r) => r.comment_id)).toEqual([reply.comment_id, replyToReply.comment_id, expect.any(Number)]);
    const thread = await c.as<{ comment: CommentView; reply_count: number; replies: Page<CommentView> }>(author, 'getPostCommentInfo', {
      comment_id: reply.comment_id,
      page: 2,
      page_size: 2,
    });
    expect(thread.data!.comment.comment_id).toBe(lord.comment_id);
    expect(thread.data!.replies.list.map((r) => r.content)).toEqual(['More 0', 'More 1']);
    expect(thread.data!.replies.has_more).toBe(true);
    expect((await c.as<PostView>(reader, 'getPostInfo', { post_id: id })).data!.comment_count).toBe(6);
    // A reply to a comment on another post is refused.
    const other = (await c.post(author, 'Elsewhere')).data!.post_id;
    const wrong = await c.as(reader, 'postComment', { post_id: other, content: 'x', reply_to_id: lord.comment_id });
    expect(wrong.status).toBe(Status.validation);
    expect(wrong.msg).toMatch(/^reply_to_id: /);
  });

  test('A comment sent again with the same client id is stored once', async () => {
    const id = (await c.post(author, 'Offline comments')).data!.post_id;
    const client_id = uuidv7();
    const sent = await Promise.all([1, 2, 3].map(() => c.as<CommentView>(reader, 'postComment', { post_id: id, content: 'Once', client_id })));
    expect(new Set(sent.map((r) => r.data!.comment_id)).size).toBe(1);
    expect((await c.as<Page<LordCommentView>>(author, 'getPostComment', { post_id: id })).data!.list).toHaveLength(1);
  });

  test('A comment is deleted by its author, the post’s author or nobody else; a top-level one takes its replies', async () => {
    const id = (await c.post(author, 'Moderated thread')).data!.post_id;
    const outsider = await createMember(server);
    const lord = (await c.as<CommentView>(reader, 'postComment', { post_id: id, content: 'Lord' })).data!;
    const vice = (await c.as<CommentView>(outsider, 'postComment', { post_id: id, content: 'Vice', reply_to_id: lord.comment_id })).data!;
    expect(vice.can_delete).toBe(true);
    expect((await c.as<Page<LordCommentView>>(outsider, 'getPostComment', { post_id: id })).data!.list[0]!.can_delete).toBe(false);

    expect((await c.as(outsider, 'delUserPostCommentLord', { comment_id: lord.comment_id })).status).toBe(Status.forbidden);
    const wrongLevel = await c.as(reader, 'delUserPostCommentLord', { comment_id: vice.comment_id });
    expect(wrongLevel.status).toBe(Status.validation);
    expect(wrongLevel.msg).toMatch(/^comment_id: /);
    expect((await c.as(outsider, 'delUserPostCommentVice', { comment_id: vice.comment_id })).status).toBe(Status.ok);

    const vice2 = (await c.as<CommentView>(outsider, 'postComment', { post_id: id, content: 'Vice 2', reply_to_id: lord.comment_id })).data!;
    expect((await c.as(author, 'delUserPostCommentLord', { comment_id: lord.comment_id })).status).toBe(Status.ok);
    expect((await c.as<Page<LordCommentView>>(author, 'getPostComment', { post_id: id })).data!.list).toEqual([]);
    expect((await c.as(outsider, 'delUserPostCommentVice', { comment_id: vice2.comment_id })).status).toBe(Status.notFound);
    expect((await c.as<PostView>(author, 'getPostInfo', { post_id: id })).data!.comment_count).toBe(0);
  });

  test('Comment likes count once and can be taken back', async () => {
    const id = (await c.post(author, 'Comment likes')).data!.post_id;
    const comment = (await c.as<CommentView>(author, 'postComment', { post_id: id, content: 'Like this comment' })).data!;
    await c.as(reader, 'likePostComment', { comment_id: comment.comment_id });
    const twice = await c.as<{ like_count: number; liked: boolean }>(reader, 'likePostComment', { comment_id: comment.comment_id });
    expect(twice.data).toEqual({ comment_id: comment.comment_id, like_count: 1, liked: true });
    const undone = await c.as<{ like_count: number }>(reader, 'likePostComment', { comment_id: comment.comment_id, like: false });
    expect(undone.data!.like_count).toBe(0);
  });

  test('A share points at the original, counts on it, and a share of a share points at the original too', async () => {
    const original = (await c.post(author, 'Original')).data!.post_id;
    const first = (await c.post(reader, 'Sharing', { share_post_id: original })).data!;
    const second = (await c.post(author, 'Sharing again', { share_post_id: first.post_id })).data!;
    expect(second.shared!.post_id).toBe(original);
    expect((await c.as<PostView>(reader, 'getPostInfo', { post_id: original })).data!.share_count).toBe(2);
    const shares = await c.as<Page<{ share_post_id: number }>>(reader, 'getPostShare', { post_id: original }, 'GET');
    expect(shares.data!.list.map((s) => s.share_post_id)).toEqual([second.post_id, first.post_id]);
    // Deleting the original leaves the share saying it is gone.
    await c.as(author, 'delUserPost', { post_id: original });
    expect((await c.as<PostView>(reader, 'getPostInfo', { post_id: first.post_id })).data!.shared).toMatchObject({ available: false });
  });

  test('The home advertisements show what runs now, in order, and count clicks', async () => {
    const db = server.database.db;
    const past = new Date(Date.now() - 86_400_000);
    const [second, first, , lift] = await db
      .insert(homeAds)
      .values([
        { placement: 'carousel', title: 'Second', image: '/a2.svg', sortOrder: 2 },
        { placement: 'carousel', title: 'First', image: '/a1.svg', sortOrder: 1, link: 'https://example.org' },
        { placement: 'carousel', title: 'Over', image: '/a3.svg', endsAt: past },
        { placement: 'lift', title: 'Side', image: '/a4.svg' },
      ])
      .returning({ id: homeAds.id });
    const carousel = await c.as<{ ad_id: number; title: string }[]>(reader, 'getHomeAd', {}, 'GET');
    expect(carousel.data!.map((a) => a.title)).toEqual(['First', 'Second']);
    expect((await c.as<{ ad_id: number }[]>(reader, 'getHomeAdLift', {}, 'GET')).data!.map((a) => a.ad_id)).toEqual([lift!.id]);
    await c.as(reader, 'adHitsIncr', { ad_id: first!.id });
    expect((await c.as<{ hits: number }>(author, 'adHitsIncr', { ad_id: first!.id })).data!.hits).toBe(2);
    expect((await c.as(reader, 'adHitsIncr', { ad_id: second!.id + 100 })).status).toBe(Status.notFound);
  });

  test('The community terms come in the member’s language', async () => {
    const res = await c.as<{ title: string; content: string }>(reader, 'termDetail', { term: 'community_guidelines' });
    expect(res.data!.title).toBe('Community guidelines');
    expect(res.data!.content.length).toBeGreaterThan(100);
  });

  test('Nearby search says clearly that it is off without a provider, and answers through one when configured', async () => {
    setPlacesProvider(null);
    const off = await c.as(reader, 'getGoogleSearchNearby', { lat: 45.76, lng: 4.84 });
    expect(off.status).toBe(Status.refused);
    expect(off.msg).toMatch(/nearby search is off/i);
    setPlacesProvider({ nearby: async (q) => [{ place_id: 'p1', name: `Near ${q.lat}`, address: 'Rue de la République', lat: q.lat, lng: q.lng }] });
    const on = await c.as<{ name: string }[]>(reader, 'getGoogleSearchNearby', { lat: 45.76, lng: 4.84, keyword: 'cafe' });
    expect(on.data).toEqual([{ place_id: 'p1', name: 'Near 45.76', address: 'Rue de la République', lat: 45.76, lng: 4.84 }]);
    setPlacesProvider(null);
    const bad = await c.as(reader, 'getGoogleSearchNearby', { lat: 91, lng: 0 });
    expect(bad.msg).toMatch(/^lat: /);
  });
});
