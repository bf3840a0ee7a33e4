import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemberCard } from '../../../schemas/api/people.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, makeFriends } from '../../test/members.ts';

type M = Awaited<ReturnType<typeof createMember>>;
interface Listed<T> {
  list: T[];
  total: number;
  has_more: boolean;
}
interface RequestItem {
  request_id: number;
  direction: 'received' | 'sent';
  member: MemberCard;
  message: string;
}

describe(`Friend requests and friends (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const ask = (from: M, to: M, message?: string) =>
    server.call<{ request_id: number; status: string }>('friendRequest', { user_id: to.userId, ...(message ? { message } : {}) }, { token: from.token });
  const requests = async (who: M, direction: 'received' | 'sent' = 'received') =>
    (await server.call<Listed<RequestItem>>('userRequestList', { direction }, { token: who.token, method: 'GET' })).data!;
  const friendsOf = async (who: M, of?: M) =>
    (await server.call<Listed<MemberCard>>('userFriendList', of ? { user_id: of.userId } : {}, { token: who.token })).data!.list.map((f) => f.user_id);
  const pair = async () => [await createMember(server), await createMember(server)] as const;

  test('A request shows in the recipient’s received list and the sender’s sent list, with its message', async () => {
    const [a, b] = await pair();
    const res = await ask(a, b, '  Met you at the conference  ');
    expect(res.status).toBe(Status.ok);
    expect(res.data).toMatchObject({ status: 'pending' });
    expect(res.is_popup).toBe(true);
    const received = await requests(b);
    expect(received.list).toHaveLength(1);
    expect(received.list[0]).toMatchObject({ request_id: res.data!.request_id, direction: 'received', message: 'Met you at the conference' });
    expect(received.list[0]!.member).toMatchObject({ user_id: a.userId, relation: 'request_received', request_id: res.data!.request_id });
    expect((await requests(a, 'sent')).list[0]!.member).toMatchObject({ user_id: b.userId, relation: 'request_sent' });
    expect((await requests(a)).total).toBe(0);
  });

  test('A second request to the same member is refused and no duplicate is stored', async () => {
    const [a, b] = await pair();
    expect((await ask(a, b)).status).toBe(Status.ok);
    const again = await ask(a, b);
    expect(again.status).toBe(Status.refused);
    expect(again.msg).toMatch(/already sent/);
    const concurrent = await Promise.all([ask(a, b), ask(a, b)]);
    expect(concurrent.every((r) => r.status === Status.refused)).toBe(true);
    expect((await requests(b)).total).toBe(1);
  });

  test('Accepting makes both members friends, in both friend lists', async () => {
    const [a, b] = await pair();
    const { request_id } = (await ask(a, b)).data!;
    const res = await server.call<MemberCard>('userRequestConfirm', { request_id }, { token: b.token });
    expect(res.status).toBe(Status.ok);
    expect(res.data).toMatchObject({ user_id: a.userId, relation: 'friend' });
    expect(await friendsOf(a)).toEqual([b.userId]);
    expect(await friendsOf(b)).toEqual([a.userId]);
    expect((await requests(b)).total).toBe(0);
    expect((await requests(a, 'sent')).total).toBe(0);
    const totals = await server.call<{ total: number }>('getUserFriendTotal', {}, { token: a.token });
    expect(totals.data).toEqual({ total: 1, requests_received: 0 });
  });

  test('Asking a member who already asked you accepts their request', async () => {
    const [a, b] = await pair();
    await ask(a, b);
    const res = await ask(b, a);
    expect(res.data).toMatchObject({ status: 'accepted' });
    expect(await friendsOf(a)).toEqual([b.userId]);
    expect((await ask(a, b)).msg).toMatch(/already friends/);
  });

  test('Declining removes the request from both lists and makes no friendship', async () => {
    const [a, b] = await pair();
    const { request_id } = (await ask(a, b)).data!;
    expect((await server.call('userRequestDel', { request_id }, { token: b.token })).status).toBe(Status.ok);
    expect((await requests(b)).total).toBe(0);
    expect((await requests(a, 'sent')).total).toBe(0);
    expect(await friendsOf(a)).toEqual([]);
    // A declined request can be sent again later.
    expect((await ask(a, b)).status).toBe(Status.ok);
  });

  test('The sender can cancel a request; accepting it afterwards answers 4002', async () => {
    const [a, b] = await pair();
    const { request_id } = (await ask(a, b)).data!;
    const res = await server.call('userRequestDel', { request_id }, { token: a.token });
    expect(res.msg).toMatch(/cancelled/);
    expect((await server.call('userRequestConfirm', { request_id }, { token: b.token })).status).toBe(Status.notFound);
    expect(await friendsOf(b)).toEqual([]);
  });

  test('A third member can neither accept nor decline someone else’s request: 4101, and nothing changes', async () => {
    const [a, b] = await pair();
    const outsider = await createMember(server);
    const { request_id } = (await ask(a, b)).data!;
    expect((await server.call('userRequestConfirm', { request_id }, { token: outsider.token })).status).toBe(Status.forbidden);
    expect((await server.call('userRequestDel', { request_id }, { token: outsider.token })).status).toBe(Status.forbidden);
    // The sender cannot accept their own request either.
    expect((await server.call('userRequestConfirm', { request_id }, { token: a.token })).status).toBe(Status.forbidden);
    expect((await requests(b)).list.map((r) => r.request_id)).toEqual([request_id]);
    expect(await friendsOf(a)).toEqual([]);
  });

  test('Requests to oneself, to an unknown member, and to a deleted one are refused', async () => {
    const a = await createMember(server);
    expect((await ask(a, a)).status).toBe(Status.refused);
    expect((await server.call('friendRequest', { user_id: 999_999_999 }, { token: a.token })).status).toBe(Status.notFound);
    const gone = await createMember(server);
    await server.call('deleteAccount', { password: gone.password }, { token: gone.token, enc: 2 });
    expect((await ask(a, gone)).status).toBe(Status.notFound);
  });

  test('No request can go to a member who blocked you, nor to one you blocked', async () => {
    const [a, b] = await pair();
    expect((await server.call('pullBlack', { user_id: a.userId }, { token: b.token })).status).toBe(Status.ok);
    const res = await ask(a, b);
    expect(res.status).toBe(Status.refused);
    expect(res.msg).toBe('You cannot send a friend request to this member.');
    expect((await ask(b, a)).msg).toMatch(/Unblock them first/);
    expect((await requests(b)).total).toBe(0);
  });

  test('Removing a friend ends the friendship on both sides; removing a non-friend answers 4002', async () => {
    const [a, b] = await pair();
    await makeFriends(server, a.userId, b.userId);
    expect((await server.call('delFriend', { user_id: b.userId }, { token: a.token })).status).toBe(Status.ok);
    expect(await friendsOf(a)).toEqual([]);
    expect(await friendsOf(b)).toEqual([]);
    expect((await server.call('delFriend', { user_id: b.userId }, { token: a.token })).status).toBe(Status.notFound);
  });

  test('Blocking ends the friendship and pending requests; unblocking does not bring them back', async () => {
    const [a, b] = await pair();
    const c = await createMember(server);
    await makeFriends(server, a.userId, b.userId);
    await ask(c, a);
    expect((await server.call('pullBlack', { user_id: b.userId }, { token: a.token })).status).toBe(Status.ok);
    expect((await server.call('pullBlack', { user_id: c.userId }, { token: a.token })).status).toBe(Status.ok);
    expect(await friendsOf(a)).toEqual([]);
    expect(await friendsOf(b)).toEqual([]);
    expect((await requests(a)).total).toBe(0);
    const list = await server.call<Listed<{ user_id: number }>>('getPullBlackList', {}, { token: a.token, method: 'GET' });
    expect(list.data!.list.map((x) => x.user_id).sort()).toEqual([b.userId, c.userId].sort());
    expect((await server.call('closePullBlack', { user_id: b.userId }, { token: a.token })).status).toBe(Status.ok);
    expect((await server.call('closePullBlack', { user_id: b.userId }, { token: a.token })).status).toBe(Status.notFound);
    expect(await friendsOf(a)).toEqual([]);
    expect((await server.call('pullBlack', { user_id: a.userId }, { token: a.token })).status).toBe(Status.refused);
  });

  test('A friend list follows its owner’s privacy: friends only by default, hidden from strangers with 4101', async () => {
    const [owner, friend] = await pair();
    const stranger = await createMember(server);
    await makeFriends(server, owner.userId, friend.userId);
    expect(await friendsOf(friend, owner)).toEqual([friend.userId]);
    const refused = await server.call('userFriendList', { user_id: owner.userId }, { token: stranger.token });
    expect(refused.status).toBe(Status.forbidden);
    expect(refused.msg).toBe('This member keeps their friends list private.');
    await server.call('PrivacySet', { friends_list: 'everyone' }, { token: owner.token });
    expect(await friendsOf(stranger, owner)).toEqual([friend.userId]);
    await server.call('PrivacySet', { friends_list: 'only_me' }, { token: owner.token });
    expect((await server.call('userFriendList', { user_id: owner.userId }, { token: friend.token })).status).toBe(Status.forbidden);
    expect((await server.call('getUserFriendTotal', { user_id: owner.userId }, { token: friend.token })).status).toBe(Status.forbidden);
    expect(await friendsOf(owner)).toEqual([friend.userId]);
  });

  test('The friend list filters by a part of the name, sorted by name, a page at a time', async () => {
    const me = await createMember(server);
    for (const name of ['Zeynep Kaya', 'Adam Novak', 'Maya Adamu']) {
      const f = await createMember(server, { nick_name: name });
      await makeFriends(server, me.userId, f.userId);
    }
    const all = await server.call<Listed<MemberCard>>('userFriendList', { page_size: 2 }, { token: me.token });
    expect(all.data!.list.map((f) => f.nick_name)).toEqual(['Adam Novak', 'Maya Adamu']);
    expect(all.data).toMatchObject({ total: 3, has_more: true });
    const adam = await server.call<Listed<MemberCard>>('userFriendList', { keyword: 'ADAM' }, { token: me.token });
    expect(adam.data!.list.map((f) => f.nick_name)).toEqual(['Adam Novak', 'Maya Adamu']);
  });

  test('The feed follows: an accepted request shows friends-only posts, a block hides every post both ways', async () => {
    const [a, b] = await pair();
    const post = async (who: M, visibility: 'public' | 'friends') =>
      (await server.call<{ post_id: number }>('createPost', { content: `${visibility} news`, visibility }, { token: who.token })).data!.post_id;
    const feedOf = async (who: M) =>
      (await server.call<{ list: { post_id: number }[] }>('homePage', { page_size: 50 }, { token: who.token })).data!.list.map((p) => p.post_id);
    const [pub, friendsOnly] = [await post(a, 'public'), await post(a, 'friends')];
    expect(await feedOf(b)).toContain(pub);
    expect(await feedOf(b)).not.toContain(friendsOnly);
    const { request_id } = (await ask(a, b)).data!;
    await server.call('userRequestConfirm', { request_id }, { token: b.token });
    expect(await feedOf(b)).toEqual(expect.arrayContaining([pub, friendsOnly]));
    const theirs = await post(b, 'public');
    await server.call('pullBlack', { user_id: b.userId }, { token: a.token });
    expect(await feedOf(b)).not.toContain(pub);
    expect(await feedOf(a)).not.toContain(theirs);
    await server.call('closePullBlack', { user_id: b.userId }, { token: a.token });
    expect(await feedOf(b)).toContain(pub);
    expect(await feedOf(b)).not.toContain(friendsOnly);
  });

  test('Live: accepting tells both members over the socket that their friend lists changed', async () => {
    const [a, b] = await pair();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    const open = (who: M): Promise<{ socket: Socket; events: number[] }> =>
      new Promise((resolve) => {
        const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
        const events: number[] = [];
        socket.on('friends:changed', () => events.push(Date.now()));
        socket.on('client_id', ({ client_id }: { client_id: string }) => {
          void server.call('bind', { client_id }, { token: who.token, chat: true }).then(() => resolve({ socket, events }));
        });
      });
    const [aSide, bSide] = [await open(a), await open(b)];
    const { request_id } = (await ask(a, b)).data!;
    await expect.poll(() => bSide.events.length).toBe(1);
    await server.call('userRequestConfirm', { request_id }, { token: b.token });
    await expect.poll(() => aSide.events.length).toBe(1);
    await expect.poll(() => bSide.events.length).toBe(2);
    await server.call('pullBlack', { user_id: a.userId }, { token: b.token });
    await expect.poll(() => aSide.events.length).toBe(2);
    aSide.socket.close();
    bSide.socket.close();
  });
});
