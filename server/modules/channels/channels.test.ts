import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelView } from '../../../schemas/api/channels.ts';
import type { ClubView } from '../../../schemas/api/clubs.ts';
import type { PostView } from '../../../schemas/api/feed.ts';
import { Status } from '../../../schemas/status.ts';
import { channelFiles, channelTwins, channels, chapterSenators } from '../../db/schema/index.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
import { caller, chapterTree, joinChapter, seatOnBoard, type M, type Page } from '../feed/community-test-kit.ts';

type Detail = ChannelView & { ancestors: { channel_id: number; name: string; level: string }[]; member_count: number; senator_count: number; twin_count: number };

describe(`Channels and the organisation (${engineName})`, () => {
  let server: TestServer;
  let c: ReturnType<typeof caller>;
  let tree: Awaited<ReturnType<typeof chapterTree>>;
  let president: M;
  let formerPresident: M;
  let member: M;
  let tag = 0;
  beforeAll(async () => {
    server = await startTestServer();
    c = caller(server);
    tree = await chapterTree(server, 'T');
    [president, formerPresident, member] = [await createMember(server, { nick_name: 'Zoe President' }), await createMember(server, { nick_name: 'Yann Former' }), await createMember(server, { nick_name: 'Ana Member' })];
    await seatOnBoard(server, tree.local, president, 2026, 'President');
    await seatOnBoard(server, tree.local, formerPresident, 2025, 'President');
    await server.database.db.insert(channels).values({ chapterId: tree.local, about: 'The local chapter.', founded: 1985, website: 'https://local.example.org' });
    for (const m of [president, formerPresident, member]) await joinChapter(server, m, tree.local);
  });
  afterAll(() => server.close());

  test('The hierarchy is navigable from the global channel down to the local one, and back up', async () => {
    const tops = await c.as<Page<ChannelView>>(member, 'channelList', {});
    expect(tops.data!.list.map((x) => x.level)).toEqual(expect.arrayContaining(['global']));
    expect(tops.data!.list.every((x) => x.parent_id === null)).toBe(true);
    let at = tree.global;
    for (const level of ['area', 'national', 'regional', 'local']) {
      const children = await c.as<Page<ChannelView>>(member, 'channelList', { parent_id: at });
      expect(children.data!.list).toHaveLength(1);
      expect(children.data!.list[0]!.level).toBe(level);
      at = children.data!.list[0]!.channel_id;
    }
    const detail = await c.as<Detail>(member, 'channelDetail', { channel_id: at });
    expect(detail.data!.ancestors.map((a) => a.level)).toEqual(['global', 'area', 'national', 'regional']);
    expect(detail.data).toMatchObject({ member_count: 3, child_count: 0 });
    // A higher chapter counts the members of the chapters below it.
    expect((await c.as<Detail>(member, 'channelDetail', { channel_id: tree.national })).data!.member_count).toBe(3);
    expect((await c.as(member, 'channelDetail', { channel_id: 999_999 })).status).toBe(Status.notFound);
  });

  test('A current board member posts as the channel; a former one or a member gets 4101', async () => {
    const post = await c.as<PostView>(president, 'operationChannelPost', { channel_id: tree.local, action: 'create', content: 'General assembly on 3 May' });
    expect(post.data).toMatchObject({ visibility: 'channel', channel_id: tree.local, channel_name: 'Local T', can_delete: true });
    expect((await c.as(formerPresident, 'operationChannelPost', { channel_id: tree.local, action: 'create', content: 'Still me?' })).status).toBe(Status.forbidden);
    expect((await c.as(member, 'operationChannelPost', { channel_id: tree.local, action: 'create', content: 'Me too' })).status).toBe(Status.forbidden);
    const missing = await c.as(president, 'operationChannelPost', { channel_id: tree.local, action: 'create' });
    expect(missing.msg).toMatch(/^content: /);
    // Anyone reads the channel's posts; they come into the feed of followers only.
    expect((await c.as<Page<PostView>>(member, 'getChannelPost', { channel_id: tree.local })).data!.list[0]!.post_id).toBe(post.data!.post_id);
    expect(await c.feedIds(member)).not.toContain(post.data!.post_id);
    await c.as(member, 'channelFollow', { channel_id: tree.local });
    expect(await c.feedIds(member)).toContain(post.data!.post_id);
    // Only the board deletes it.
    expect((await c.as(member, 'operationChannelPost', { channel_id: tree.local, action: 'delete', post_id: post.data!.post_id })).status).toBe(Status.forbidden);
    expect((await c.as(member, 'delUserPost', { post_id: post.data!.post_id })).status).toBe(Status.forbidden);
    expect((await c.as(president, 'operationChannelPost', { channel_id: tree.local, action: 'delete', post_id: post.data!.post_id })).status).toBe(Status.ok);
    expect(await c.feedIds(member)).not.toContain(post.data!.post_id);
  });

  test('Who liked a channel post', async () => {
    const post = (await c.as<PostView>(president, 'operationChannelPost', { channel_id: tree.local, action: 'create', content: 'Like this' })).data!;
    await c.as(member, 'likePost', { post_id: post.post_id });
    const likers = await c.as<Page<{ user_id: number }>>(president, 'channelPostLikePage', { post_id: post.post_id }, 'GET');
    expect(likers.data!.list.map((l) => l.user_id)).toEqual([member.userId]);
    const personal = (await c.post(member, 'Not a channel post')).data!.post_id;
    expect((await c.as(president, 'channelPostLikePage', { post_id: personal }, 'GET')).status).toBe(Status.notFound);
  });

  test('Following, my channels and unfollowing', async () => {
    const follower = await createMember(server);
    const followed = await c.as<ChannelView>(follower, 'channelFollow', { channel_id: tree.national });
    expect(followed.data).toMatchObject({ is_following: true, follower_count: 1 });
    await c.as(follower, 'channelFollow', { channel_id: tree.local, follow: true });
    expect((await c.as<Page<ChannelView>>(follower, 'myChannel', {})).data!.list.map((x) => x.channel_id)).toEqual([tree.local, tree.national]);
    await c.as(follower, 'cancelChannel', { channel_id: tree.national });
    await c.as(follower, 'channelFollow', { channel_id: tree.local, follow: false });
    expect((await c.as<Page<ChannelView>>(follower, 'myChannel', {})).data!.list).toEqual([]);
  });

  test('About, files, twins, boards by year, members and senators of a chapter', async () => {
    tag += 1;
    const twin = await chapterTree(server, `twin${tag}`);
    const db = server.database.db;
    await db.insert(channelTwins).values({ lowId: Math.min(tree.local, twin.local), highId: Math.max(tree.local, twin.local), since: 1999 });
    await db.insert(channelFiles).values({ channelId: tree.local, title: 'Statutes', url: '/uploads/2026/ffffffffffffffff.pdf', kind: 'pdf' });
    await db.insert(chapterSenators).values({ channelId: tree.local, userId: formerPresident.userId, senateNumber: 71234 });

    const about = await c.as<{ about: string; founded: number; board_year: number; board: { user_id: number; title: string }[] }>(member, 'channelAbout', { channel_id: tree.local });
    expect(about.data).toMatchObject({ about: 'The local chapter.', founded: 1985, board_year: 2026, board: [{ user_id: president.userId, title: 'President' }] });
    expect((await c.as<Page<{ title: string }>>(member, 'channelFile', { channel_id: tree.local })).data!.list.map((f) => f.title)).toEqual(['Statutes']);
    const twins = await c.as<{ channel: ChannelView; since: number }[]>(member, 'channelTwinning', { channel_id: tree.local });
    expect(twins.data).toEqual([{ channel: expect.objectContaining({ channel_id: twin.local }), since: 1999 }]);
    const career = await c.as<{ year: number; current: boolean; board: { nick_name: string }[] }[]>(member, 'getOrganizationCareerList', { channel_id: tree.local }, 'GET');
    expect(career.data!.map((y) => [y.year, y.current, y.board[0]!.nick_name])).toEqual([
      [2026, true, 'Zoe President'],
      [2025, false, 'Yann Former'],
    ]);
    const members = await c.as<Page<{ nick_name: string; is_senator: boolean }>>(member, 'getOrganizationMembersList', { channel_id: tree.regional }, 'GET');
    expect(members.data!.list.map((m) => [m.nick_name, m.is_senator])).toEqual([
      ['Ana Member', false],
      ['Yann Former', true],
      ['Zoe President', false],
    ]);
    const searched = await c.as<Page<{ nick_name: string }>>(member, 'getOrganizationMembersList', { channel_id: tree.local, keyword: 'zoe' }, 'GET');
    expect(searched.data!.list.map((m) => m.nick_name)).toEqual(['Zoe President']);
    const senate = await c.as<Page<{ senate_number: number }>>(member, 'getOrganizationSenateList', { channel_id: tree.global }, 'GET');
    expect(senate.data!.list.map((s) => s.senate_number)).toEqual([71234]);
  });

  test('userAuth lists the chapters a member belongs to, up to the global one, and the boards they sit on', async () => {
    const auth = await c.as<{ member_of: { channel_id: number }[]; board_of: { channel_id: number; title: string }[] }>(president, 'userAuth');
    expect(auth.data!.member_of.map((x) => x.channel_id)).toEqual([tree.local, tree.regional, tree.national, tree.area, tree.global]);
    expect(auth.data!.board_of).toEqual([expect.objectContaining({ channel_id: tree.local, title: 'President' })]);
    expect((await c.as<{ board_of: unknown[] }>(formerPresident, 'userAuth')).data!.board_of).toEqual([]);
  });

  test('A board member creates a working group of the chapter, which lists among the organisation’s groups', async () => {
    const group = await c.as<ClubView>(president, 'createOrganizationGroup', { channel_id: tree.local, name: 'Community projects', category: 'community', join_mode: 'approval' });
    expect(group.data).toMatchObject({ channel_id: tree.local, channel_name: 'Local T', my_role: 'leader', join_mode: 'approval' });
    expect((await c.as(member, 'createOrganizationGroup', { channel_id: tree.local, name: 'Mine', category: 'community', join_mode: 'open' })).status).toBe(Status.forbidden);
    const listed = await c.as<Page<ClubView>>(member, 'getGroupList', { kind: 'organisation', channel_id: tree.local }, 'GET');
    expect(listed.data!.list.map((g) => g.club_id)).toEqual([group.data!.club_id]);
    expect((await c.as<Page<ClubView>>(member, 'getGroupList', { kind: 'interest' }, 'GET')).data!.list.map((g) => g.club_id)).not.toContain(group.data!.club_id);
  });
});
