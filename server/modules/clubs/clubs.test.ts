import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ClubMediaView, ClubPersonView, ClubView } from '../../../schemas/api/clubs.ts';
import type { CommentView, PostView } from '../../../schemas/api/feed.ts';
import type { NotificationView } from '../../../schemas/api/notifications.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
import { caller, type M, type Page } from '../feed/community-test-kit.ts';

describe(`Clubs: roles and rules (${engineName})`, () => {
  let server: TestServer;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    server = await startTestServer();
    c = caller(server);
  });
  afterAll(() => server.close());

  const create = async (creator: M, extra: Record<string, unknown> = {}) =>
    (await c.as<ClubView>(creator, 'addGroup', { name: 'Robotics club', category: 'technology', join_mode: 'open', ...extra })).data!;
  const info = async (who: M, clubId: number) => (await c.as<ClubView>(who, 'getGroupInfo', { club_id: clubId })).data!;
  const people = async (who: M, clubId: number, list = 'members') =>
    (await c.as<Page<ClubPersonView>>(who, 'getGroupMember', { club_id: clubId, list })).data!.list;
  const clubNotes = async (who: M) =>
    (await c.as<Page<NotificationView>>(who, 'systemList', { category: 'clubs' })).data!.list.map((n) => n.topic);

  /** A club with a leader (its creator), one administrator and two members. */
  const staffedClub = async () => {
    const [leader, admin, member, other] = [await createMember(server), await createMember(server), await createMember(server), await createMember(server)];
    const club = await create(leader);
    for (const m of [admin, member, other]) await c.as(m, 'joinGroup', { club_id: club.club_id });
    expect((await c.as(leader, 'updateGroupAdmin', { club_id: club.club_id, user_id: admin.userId, admin: true })).status).toBe(Status.ok);
    return { club, leader, admin, member, other };
  };

  test('The creator of a club is its leader', async () => {
    const creator = await createMember(server);
    const club = await create(creator, { intro: '  We build robots.  ', contact: 'robots@example.org' });
    expect(club).toMatchObject({ intro: 'We build robots.', my_role: 'leader', my_state: 'member', is_creator: true, member_count: 1, leader: { user_id: creator.userId } });
    expect((await c.as<Page<ClubView>>(creator, 'getIAddGroupList', {}, 'GET')).data!.list.map((x) => x.club_id)).toContain(club.club_id);
  });

  test('Anyone joins an open club at once and finds it among their clubs', async () => {
    const { club, member } = await staffedClub();
    expect(await info(member, club.club_id)).toMatchObject({ my_state: 'member', my_role: 'member', member_count: 4 });
    expect((await c.as<Page<ClubView>>(member, 'getIJoinGroupList', {}, 'GET')).data!.list.map((x) => x.club_id)).toContain(club.club_id);
    expect((await c.as<Page<ClubView>>(member, 'getGroupList', { keyword: 'robot' }, 'GET')).data!.list.map((x) => x.club_id)).toContain(club.club_id);
  });

  test('A club that approves its members takes applications; an administrator decides and the applicant is told', async () => {
    const { club, leader, admin, member } = await staffedClub();
    await c.as(leader, 'updateGroupInfo', { club_id: club.club_id, join_mode: 'approval' });
    const applicant = await createMember(server);
    const declined = await createMember(server);
    expect((await c.as<ClubView>(applicant, 'joinGroup', { club_id: club.club_id, message: 'I love robots' })).data!.my_state).toBe('pending');
    await c.as(declined, 'joinGroup', { club_id: club.club_id });
    expect(await clubNotes(admin)).toContain('join_request');

    // Members neither see nor decide applications.
    expect((await c.as(member, 'getGroupMember', { club_id: club.club_id, list: 'applications' })).status).toBe(Status.forbidden);
    const apps = await people(admin, club.club_id, 'applications');
    const app = apps.find((a) => a.user_id === applicant.userId)!;
    expect(app).toMatchObject({ application_kind: 'join', message: 'I love robots' });
    expect((await c.as(member, 'applyJoinGroup', { application_id: app.application_id, approve: true })).status).toBe(Status.forbidden);

    expect((await c.as(admin, 'applyJoinGroup', { application_id: app.application_id, approve: true })).status).toBe(Status.ok);
    expect((await info(applicant, club.club_id)).my_state).toBe('member');
    expect(await clubNotes(applicant)).toEqual(['join_approved']);
    const other = apps.find((a) => a.user_id === declined.userId)!;
    await c.as(leader, 'applyJoinGroup', { application_id: other.application_id, approve: false });
    expect((await info(declined, club.club_id)).my_state).toBe('none');
    expect(await clubNotes(declined)).toEqual(['join_declined']);
    expect((await c.as(leader, 'applyJoinGroup', { application_id: other.application_id, approve: true })).status).toBe(Status.notFound);
  });

  test('A member calling kickOutGroup, updateGroupAdmin or updateGroupInfo gets 4101 and changes nothing', async () => {
    const { club, member, other } = await staffedClub();
    const kick = await c.as(member, 'kickOutGroup', { club_id: club.club_id, user_id: other.userId });
    expect(kick.status).toBe(Status.forbidden);
    expect(kick.msg).toBe("Only the club's administrators and leader can do this.");
    expect((await c.as(member, 'updateGroupAdmin', { club_id: club.club_id, user_id: other.userId, admin: true })).status).toBe(Status.forbidden);
    expect((await c.as(member, 'updateGroupInfo', { club_id: club.club_id, name: 'Taken over' })).status).toBe(Status.forbidden);
    expect((await c.as(member, 'updateGroupBack', { club_id: club.club_id, cover: '/uploads/2026/aaaaaaaaaaaaaaaa.jpg' })).status).toBe(Status.forbidden);
    expect((await people(member, club.club_id)).map((p) => p.user_id)).toContain(other.userId);
    expect((await info(member, club.club_id)).name).toBe('Robotics club');
  });

  test('An administrator removes a member, who may join again, and promotes another member to administrator', async () => {
    const { club, admin, member, other } = await staffedClub();
    expect((await c.as(admin, 'kickOutGroup', { club_id: club.club_id, user_id: member.userId })).status).toBe(Status.ok);
    expect((await info(member, club.club_id)).my_state).toBe('none');
    expect(await clubNotes(member)).toEqual(['removed']);
    const promoted = await c.as<ClubPersonView>(admin, 'updateGroupAdmin', { club_id: club.club_id, user_id: other.userId, admin: true });
    expect(promoted.data).toMatchObject({ user_id: other.userId, role: 'admin' });
    expect(await clubNotes(other)).toEqual(['promoted']);
    expect((await people(admin, club.club_id, 'admins')).map((p) => p.role)).toEqual(['leader', 'admin', 'admin']);
    expect((await c.as<ClubView>(member, 'joinGroup', { club_id: club.club_id })).data!.my_state).toBe('member');
  });

  test('A banned member cannot post, comment, like or join again until the ban is lifted', async () => {
    const { club, leader, admin, member } = await staffedClub();
    const postId = (await c.as<PostView>(leader, 'addGroupPost', { club_id: club.club_id, content: 'Meeting on Friday' })).data!.post_id;
    expect((await c.as(admin, 'kickOutGroup', { club_id: club.club_id, user_id: member.userId, action: 'ban' })).status).toBe(Status.ok);
    expect((await info(member, club.club_id)).my_state).toBe('banned');
    const post = await c.as(member, 'addGroupPost', { club_id: club.club_id, content: 'Let me in' });
    expect(post.status).toBe(Status.forbidden);
    expect(post.msg).toBe('You are banned from this club.');
    expect((await c.as(member, 'groupPostComment', { post_id: postId, content: 'hi' })).status).not.toBe(Status.ok);
    expect((await c.as(member, 'likePost', { post_id: postId })).status).not.toBe(Status.ok);
    expect((await c.as(member, 'joinGroup', { club_id: club.club_id })).status).toBe(Status.forbidden);
    expect((await c.as(member, 'userExitGroup', { club_id: club.club_id })).status).toBe(Status.forbidden);
    expect((await people(admin, club.club_id, 'banned')).map((p) => p.user_id)).toEqual([member.userId]);
    await c.as(admin, 'kickOutGroup', { club_id: club.club_id, user_id: member.userId, action: 'unban' });
    expect((await c.as<ClubView>(member, 'joinGroup', { club_id: club.club_id })).data!.my_state).toBe('member');
  });

  test('Only the leader acts on administrators; nobody removes the leader', async () => {
    const { club, leader, admin, other } = await staffedClub();
    await c.as(leader, 'updateGroupAdmin', { club_id: club.club_id, user_id: other.userId, admin: true });
    expect((await c.as(admin, 'kickOutGroup', { club_id: club.club_id, user_id: other.userId })).status).toBe(Status.forbidden);
    expect((await c.as(admin, 'updateGroupAdmin', { club_id: club.club_id, user_id: other.userId, admin: false })).status).toBe(Status.forbidden);
    expect((await c.as(admin, 'kickOutGroup', { club_id: club.club_id, user_id: leader.userId })).status).toBe(Status.forbidden);
    const demoted = await c.as<ClubPersonView>(leader, 'updateGroupAdmin', { club_id: club.club_id, user_id: other.userId, admin: false });
    expect(demoted.data!.role).toBe('member');
    expect((await c.as(leader, 'kickOutGroup', { club_id: club.club_id, user_id: admin.userId })).status).toBe(Status.ok);
  });

  test('The leader hands on the leadership (only the leader may) and stays as an administrator; the leader cannot leave before', async () => {
    const { club, leader, admin, member } = await staffedClub();
    expect((await c.as(leader, 'userExitGroup', { club_id: club.club_id })).status).toBe(Status.refused);
    expect((await c.as(admin, 'transferLeader', { club_id: club.club_id, user_id: member.userId })).status).toBe(Status.forbidden);
    const after = await c.as<ClubView>(leader, 'transferLeader', { club_id: club.club_id, user_id: member.userId });
    expect(after.data).toMatchObject({ my_role: 'admin', leader: { user_id: member.userId } });
    expect(await clubNotes(member)).toEqual(['leader']);
    expect((await info(member, club.club_id)).my_role).toBe('leader');
    expect((await c.as(leader, 'userExitGroup', { club_id: club.club_id })).status).toBe(Status.ok);
  });

  test('Only the creator dissolves a club — not its new leader, not an administrator — and the members are told', async () => {
    const { club, leader, admin, member } = await staffedClub();
    await c.as(leader, 'transferLeader', { club_id: club.club_id, user_id: admin.userId });
    expect((await c.as(admin, 'delGroup', { club_id: club.club_id })).status).toBe(Status.forbidden);
    expect((await c.as(member, 'delGroup', { club_id: club.club_id })).status).toBe(Status.forbidden);
    expect((await c.as(leader, 'delGroup', { club_id: club.club_id })).status).toBe(Status.ok);
    expect((await c.as(member, 'getGroupInfo', { club_id: club.club_id })).status).toBe(Status.notFound);
    expect(await clubNotes(member)).toContain('dissolved');
    expect((await c.as<Page<ClubView>>(member, 'getIJoinGroupList', {}, 'GET')).data!.list.map((x) => x.club_id)).not.toContain(club.club_id);
  });

  test('Club posts, photos and videos are for its members: others get 4101 and never see them in their feed', async () => {
    const { club, leader, member } = await staffedClub();
    const outsider = await createMember(server);
    const post = (await c.as<PostView>(member, 'addGroupPost', { club_id: club.club_id, content: 'Members only', images: ['/uploads/2026/bbbbbbbbbbbbbbbb.jpg'] })).data!;
    expect(post).toMatchObject({ visibility: 'club', club_id: club.club_id, club_name: 'Robotics club' });
    expect((await c.as<Page<PostView>>(leader, 'getGroupPostList', { club_id: club.club_id }, 'GET')).data!.list.map((p) => p.post_id)).toEqual([post.post_id]);
    expect(await c.feedIds(leader)).toContain(post.post_id);
    expect(await c.feedIds(outsider)).not.toContain(post.post_id);
    expect((await c.as(outsider, 'getGroupPostList', { club_id: club.club_id }, 'GET')).status).toBe(Status.forbidden);
    expect((await c.as(outsider, 'getGroupPostInfo', { post_id: post.post_id })).status).toBe(Status.notFound);
    expect((await c.as(outsider, 'groupPostComment', { post_id: post.post_id, content: 'let me' })).status).toBe(Status.notFound);
    const comment = await c.as<CommentView>(leader, 'groupPostComment', { post_id: post.post_id, content: 'See you there' });
    expect(comment.status).toBe(Status.ok);
    // A club post cannot be shared out of the club.
    expect((await c.as(leader, 'createPost', { content: 'look', visibility: 'public', share_post_id: post.post_id })).status).toBe(Status.refused);

    const photo = await c.as<ClubMediaView>(member, 'addClubPhoto', { club_id: club.club_id, url: '/uploads/2026/cccccccccccccccc.jpg', caption: 'Our robot' });
    expect(photo.data).toMatchObject({ kind: 'photo', caption: 'Our robot', user_id: member.userId });
    await c.as(member, 'addClubVideo', { club_id: club.club_id, url: 'https://video.example.org/v/123', cover: '/uploads/2026/dddddddddddddddd.jpg' });
    expect((await c.as(outsider, 'addClubPhoto', { club_id: club.club_id, url: '/uploads/2026/eeeeeeeeeeeeeeee.jpg' })).status).toBe(Status.forbidden);
    expect((await c.as(outsider, 'getGroupPhoto', { club_id: club.club_id })).status).toBe(Status.forbidden);
    expect((await c.as<Page<ClubMediaView>>(leader, 'getGroupVideo', { club_id: club.club_id })).data!.list).toHaveLength(1);

    // A removed member no longer sees the club's posts.
    await c.as(leader, 'kickOutGroup', { club_id: club.club_id, user_id: member.userId });
    expect((await c.as(member, 'getGroupPostInfo', { post_id: post.post_id })).status).toBe(Status.ok); // still their own post
    expect(await c.feedIds(leader)).toContain(post.post_id);
  });

  test('An administrator deletes a member’s club post; a member cannot delete another’s', async () => {
    const { club, admin, member, other } = await staffedClub();
    const post = (await c.as<PostView>(member, 'addGroupPost', { club_id: club.club_id, content: 'Off topic' })).data!;
    expect((await c.as(other, 'delUserPost', { post_id: post.post_id })).status).toBe(Status.forbidden);
    expect((await c.as<PostView>(admin, 'getGroupPostInfo', { post_id: post.post_id })).data!.can_delete).toBe(true);
    expect((await c.as(admin, 'delUserPost', { post_id: post.post_id })).status).toBe(Status.ok);
  });

  test('A member asks to become an administrator; the leader approves and the totals follow', async () => {
    const { club, leader, member, other } = await staffedClub();
    const asked = await c.as<ClubView>(member, 'applyGroupAdmin', { club_id: club.club_id, message: 'I can help' });
    expect(asked.data!.admin_pending).toBe(true);
    expect((await c.as(other, 'getGroupTotal', { club_id: club.club_id })).data).toMatchObject({ members: 4, admins: 2, applications: 0 });
    expect((await c.as(leader, 'getGroupTotal', { club_id: club.club_id })).data).toMatchObject({ applications: 1 });
    const app = (await people(leader, club.club_id, 'applications'))[0]!;
    expect(app).toMatchObject({ application_kind: 'admin', user_id: member.userId, role: 'member' });
    await c.as(leader, 'applyJoinGroup', { application_id: app.application_id, approve: true });
    expect((await info(member, club.club_id)).my_role).toBe('admin');
    expect(await clubNotes(member)).toEqual(['admin_approved']);
    expect((await c.as(member, 'applyGroupAdmin', { club_id: club.club_id })).status).toBe(Status.refused);
  });

  test('A non-member or an unknown club is refused clearly', async () => {
    const { club } = await staffedClub();
    const outsider = await createMember(server);
    expect((await c.as(outsider, 'userExitGroup', { club_id: club.club_id })).status).toBe(Status.forbidden);
    expect((await c.as(outsider, 'applyGroupAdmin', { club_id: club.club_id })).status).toBe(Status.forbidden);
    expect((await c.as(outsider, 'getGroupInfo', { club_id: 999_999 })).status).toBe(Status.notFound);
    const bad = await c.as(outsider, 'addGroup', { name: '   ', category: 'technology', join_mode: 'open' });
    expect(bad.msg).toMatch(/^name: /);
  });
});
