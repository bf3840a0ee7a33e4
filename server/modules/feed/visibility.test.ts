import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommentView, LordCommentView, PostView } from '../../../schemas/api/feed.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, makeFriends } from '../../test/members.ts';
import { block, caller, type Page } from './community-test-kit.ts';

describe(`Who sees which post (${engineName})`, () => {
  let server: TestServer;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    server = await startTestServer();
    c = caller(server);
  });
  afterAll(() => server.close());

  test('A friends-only post reaches the author’s friends and stays invisible to strangers everywhere', async () => {
    const author = await createMember(server);
    const friend = await createMember(server);
    const stranger = await createMember(server);
    await makeFriends(server, author.userId, friend.userId);
    const id = (await c.post(author, 'Among friends', { visibility: 'friends' })).data!.post_id;

    expect(await c.feedIds(friend)).toContain(id);
    expect(await c.feedIds(stranger)).not.toContain(id);
    expect((await c.as(stranger, 'getPostInfo', { post_id: id })).status).toBe(Status.notFound);
    const profile = await c.as<Page<PostView>>(stranger, 'userPostList', { user_id: author.userId }, 'GET');
    expect(profile.data!.list.map((p) => p.post_id)).not.toContain(id);
    expect((await c.as<Page<PostView>>(friend, 'userPostList', { user_id: author.userId }, 'GET')).data!.list.map((p) => p.post_id)).toContain(id);
    // Nor can a stranger like, comment on or share it.
    expect((await c.as(stranger, 'likePost', { post_id: id })).status).toBe(Status.notFound);
    expect((await c.as(stranger, 'postComment', { post_id: id, content: 'hi' })).status).toBe(Status.notFound);
    expect((await c.as(stranger, 'createPost', { content: 'look', visibility: 'public', share_post_id: id })).status).toBe(Status.notFound);
  });

  test('A share of a friends-only post does not show the original to a stranger', async () => {
    const author = await createMember(server);
    const friend = await createMember(server);
    const stranger = await createMember(server);
    await makeFriends(server, author.userId, friend.userId);
    const original = (await c.post(author, 'Private news', { visibility: 'friends' })).data!.post_id;
    const share = await c.post(friend, 'Worth reading', { share_post_id: original });
    expect(share.data!.shared).toMatchObject({ post_id: original, available: true, content: 'Private news' });
    const seen = await c.as<PostView>(stranger, 'getPostInfo', { post_id: share.data!.post_id });
    expect(seen.data!.shared).toMatchObject({ post_id: original, available: false, content: '' });
  });

  test('A blocked member sees nothing of the blocker — posts, profile, comments, likes — and the other way round', async () => {
    const blocker = await createMember(server);
    const blocked = await createMember(server);
    const third = await createMember(server);
    const blockerPost = (await c.post(blocker, 'Mine')).data!.post_id;
    const blockedPost = (await c.post(blocked, 'Theirs')).data!.post_id;
    const thirdPost = (await c.post(third, 'Open to all')).data!.post_id;
    await c.as(blocker, 'postComment', { post_id: thirdPost, content: 'comment by the blocker' });
    await c.as(blocker, 'likePost', { post_id: thirdPost });
    await block(server, blocker, blocked);

    expect(await c.feedIds(blocked)).not.toContain(blockerPost);
    expect(await c.feedIds(blocker)).not.toContain(blockedPost);
    expect((await c.as(blocked, 'getPostInfo', { post_id: blockerPost })).status).toBe(Status.notFound);
    expect((await c.as<Page<PostView>>(blocked, 'userPostList', { user_id: blocker.userId }, 'GET')).data!.list).toEqual([]);
    const comments = await c.as<Page<LordCommentView>>(blocked, 'getPostComment', { post_id: thirdPost });
    expect(comments.data!.list.map((x) => x.user_id)).not.toContain(blocker.userId);
    const likers = await c.as<Page<{ user_id: number }>>(blocked, 'getPostLike', { post_id: thirdPost }, 'GET');
    expect(likers.data!.list.map((x) => x.user_id)).not.toContain(blocker.userId);
    const info = await c.as<PostView>(blocked, 'getPostInfo', { post_id: thirdPost });
    expect(info.data).toMatchObject({ comment_count: 0 });
    // The third member still sees both.
    expect((await c.as<Page<LordCommentView>>(third, 'getPostComment', { post_id: thirdPost })).data!.list).toHaveLength(1);
    expect((await c.as(blocked, 'likePost', { post_id: blockerPost })).status).toBe(Status.notFound);
  });

  test('Hiding a post takes it out of the hider’s feed only, and showing it again brings it back', async () => {
    const author = await createMember(server);
    const hider = await createMember(server);
    const other = await createMember(server);
    const id = (await c.post(author, 'Not for everyone’s taste')).data!.post_id;
    expect((await c.as(hider, 'hidePosts', { post_id: id })).status).toBe(Status.ok);
    expect(await c.feedIds(hider)).not.toContain(id);
    expect(await c.feedIds(other)).toContain(id);
    await c.as(hider, 'hidePosts', { post_id: id, hide: false });
    expect(await c.feedIds(hider)).toContain(id);
  });

  test('A report is filed once with its reason, and the post leaves the reporter’s feed', async () => {
    const author = await createMember(server);
    const reporter = await createMember(server);
    const id = (await c.post(author, 'Buy cheap watches now')).data!.post_id;
    const first = await c.as<{ already_reported: boolean }>(reporter, 'complain', { target: 'post', target_id: id, reason: 'spam', details: 'advertising' });
    expect(first.status).toBe(Status.ok);
    expect(first.data).toEqual({ already_reported: false });
    expect(first.is_popup).toBe(true);
    expect(await c.feedIds(reporter)).not.toContain(id);
    expect((await c.as(reporter, 'complain', { target: 'post', target_id: id, reason: 'other' })).data).toEqual({ already_reported: true });
    const bad = await c.as(reporter, 'complain', { target: 'post', target_id: id, reason: 'boring' });
    expect(bad.status).toBe(Status.validation);
    expect(bad.msg).toMatch(/^reason: /);
  });

  test('A comment can be reported, and an unknown one answers 4002', async () => {
    const author = await createMember(server);
    const id = (await c.post(author, 'Comment on this')).data!.post_id;
    const comment = await c.as<CommentView>(author, 'postComment', { post_id: id, content: 'rude words' });
    const reporter = await createMember(server);
    expect((await c.as(reporter, 'complain', { target: 'comment', target_id: comment.data!.comment_id, reason: 'harassment' })).status).toBe(Status.ok);
    expect((await c.as(reporter, 'complain', { target: 'comment', target_id: 999_999, reason: 'harassment' })).status).toBe(Status.notFound);
  });
});
