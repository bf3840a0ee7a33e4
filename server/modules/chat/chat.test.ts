import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatGroup, ChatMessage } from '../../../schemas/api/chat.ts';
import { Status } from '../../../schemas/status.ts';
import { blocks } from '../../db/schema/index.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { openSocket } from '../../test/sockets.ts';
import { createMember, makeFriends } from '../../test/members.ts';

type M = Awaited<ReturnType<typeof createMember>>;
type Pulled = { list: ChatMessage[]; checkpoint: Record<string, number>; has_more: boolean };

describe(`Chat (${engineName})`, () => {
  let server: TestServer;
  let a: M, b: M, c: M;
  const chat = <T = unknown>(name: string, body: unknown, who: M) => server.call<T>(name, body, { token: who.token, chat: true });
  const send = (from: M, to: M, content: string, id = uuidv7()) => chat<ChatMessage>('sendChat', { id, friend_id: to.userId, content }, from);

  beforeAll(async () => {
    server = await startTestServer();
    [a, b, c] = [await createMember(server, { nick_name: 'Amal' }), await createMember(server, { nick_name: 'Bilal' }), await createMember(server, { nick_name: 'Chen' })];
    await makeFriends(server, a.userId, b.userId);
    await makeFriends(server, a.userId, c.userId);
  });
  afterAll(() => server.close());

  test('A message resent 10 times, also concurrently, is stored once with one order', async () => {
    const id = uuidv7();
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await send(a, b, 'hello once', id));
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => send(a, b, 'hello once', id)));
    const all = [...sequential, ...concurrent];
    expect(all.every((r) => r.status === Status.ok)).toBe(true);
    expect(new Set(all.map((r) => r.data!.order)).size).toBe(1);
    const pulled = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: {} }, b);
    expect(pulled.data!.list.filter((m) => m.id === id)).toHaveLength(1);
  });

  test('Order within a conversation is strict and gap-free, even for concurrent sends', async () => {
    const before = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: {} }, a);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(a, c, `burst ${i}`)));
    const orders = results.map((r) => r.data!.order).sort((x, y) => x - y);
    expect(orders).toEqual(Array.from({ length: 20 }, (_, i) => orders[0]! + i));
    const after = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: before.data!.checkpoint }, c);
    expect(after.data!.list.map((m) => m.order)).toEqual(orders);
  });

  test('The same id cannot be reused for another conversation or sender', async () => {
    const id = uuidv7();
    expect((await send(a, b, 'first', id)).status).toBe(Status.ok);
    const other = await send(a, c, 'second', id);
    expect(other.status).toBe(Status.validation);
    expect(other.msg).toMatch(/^id: /);
  });

  test('An empty or whitespace message is refused, naming content', async () => {
    for (const content of ['', '   \n ']) {
      const res = await send(a, b, content);
      expect(res.status).toBe(Status.validation);
      expect(res.msg).toMatch(/^content: /);
    }
  });

  test('Only friends can message each other, and a block stops it', async () => {
    const stranger = await createMember(server);
    const res = await send(stranger, a, 'hi');
    expect(res.status).toBe(Status.refused);
    const d = await createMember(server);
    await makeFriends(server, a.userId, d.userId);
    expect((await send(d, a, 'before the block')).status).toBe(Status.ok);
    await server.database.db.insert(blocks).values({ blockerId: a.userId, blockedId: d.userId });
    const blocked = await send(d, a, 'after the block');
    expect(blocked.status).toBe(Status.refused);
    expect(blocked.msg).toBe('You cannot send messages to this member.');
  });

  test('A pull from a checkpoint returns exactly what was missed, in pages', async () => {
    const first = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: {} }, b);
    const sent = [];
    for (let i = 0; i < 7; i++) sent.push((await send(a, b, `missed ${i}`)).data!.id);
    const page1 = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: first.data!.checkpoint, limit: 4 }, b);
    expect(page1.data!.has_more).toBe(true);
    const page2 = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: page1.data!.checkpoint, limit: 4 }, b);
    expect(page2.data!.has_more).toBe(false);
    expect([...page1.data!.list, ...page2.data!.list].map((m) => m.id)).toEqual(sent);
    const again = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: page2.data!.checkpoint }, b);
    expect(again.data!.list).toEqual([]);
  });

  test('A member cannot delete another’s message; deleting one’s own reaches the other side as a change', async () => {
    const msg = (await send(a, b, 'to be deleted')).data!;
    const cp = (await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: {} }, b)).data!.checkpoint;
    expect((await chat('delChatMsg', { id: msg.id }, b)).status).toBe(Status.forbidden);
    const del = await chat<{ rev: number }>('delChatMsg', { id: msg.id }, a);
    expect(del.status).toBe(Status.ok);
    const pulled = await chat<Pulled>('getOfflineFriendsMessage', { checkpoint: cp }, b);
    expect(pulled.data!.list).toEqual([expect.objectContaining({ id: msg.id, deleted: true, content: '', order: msg.order })]);
    expect((await chat('delChatMsg', { id: msg.id }, a)).status).toBe(Status.notFound);
  });

  test('Unread counts come from the server and clear when the conversation is opened', async () => {
    await chat('clearFrienSubscript', { friend_id: a.userId }, b);
    await send(a, b, 'unread 1');
    await send(a, b, 'unread 2');
    const counts = await chat<{ total: number; list: { id: number; count: number }[] }>('getFriendsSubscript', {}, b);
    expect(counts.data!.list.find((r) => r.id === a.userId)?.count).toBe(2);
    const news = await chat<{ friendsInfoNum: number; total: number }>('getNewsSubscript', {}, b);
    expect(news.data!.friendsInfoNum).toBeGreaterThanOrEqual(2);
    await chat('clearFrienSubscript', { friend_id: a.userId }, b);
    const cleared = await chat<{ list: { id: number }[] }>('getFriendsSubscript', {}, b);
    expect(cleared.data!.list.find((r) => r.id === a.userId)).toBeUndefined();
    // One's own messages are never unread.
    const mine = await chat<{ list: { id: number }[] }>('getFriendsSubscript', {}, a);
    expect(mine.data!.list.find((r) => r.id === b.userId)).toBeUndefined();
  });

  describe('Groups', () => {
    let group: ChatGroup;
    beforeAll(async () => {
      await makeFriends(server, b.userId, c.userId);
      group = (await chat<ChatGroup>('createGroup', { name: 'Board 2026', member_ids: [b.userId] }, a)).data!;
    });

    test('The creator owns the group; only friends can be added', async () => {
      expect(group).toMatchObject({ name: 'Board 2026', my_role: 'owner', member_count: 2 });
      const stranger = await createMember(server);
      const res = await chat('inviteFriendGroup', { group_id: group.group_id, user_ids: [stranger.userId] }, a);
      expect(res.status).toBe(Status.refused);
      expect(res.msg).toContain('is not your friend');
    });

    test('Joining is told by a system tag message, and new members do not read the history before it', async () => {
      await chat('sendGroup', { id: uuidv7(), group_id: group.group_id, content: 'before Chen' }, a);
      const invited = await chat<ChatGroup>('inviteFriendGroup', { group_id: group.group_id, user_ids: [c.userId] }, b);
      expect(invited.data!.member_count).toBe(3);
      const pulled = await chat<Pulled>('getOfflineGroupMessage', { checkpoint: {} }, c);
      expect(pulled.data!.list.map((m) => m.msg_type)).toEqual([8]);
      expect(JSON.parse(pulled.data!.list[0]!.content)).toMatchObject({ tag: 'joined', actor: 'Bilal', names: ['Chen'] });
    });

    test('A member who is not in the group cannot read, post or see its members', async () => {
      const outsider = await createMember(server);
      expect((await chat('sendGroup', { id: uuidv7(), group_id: group.group_id, content: 'hi' }, outsider)).status).toBe(Status.forbidden);
      expect((await chat('getGroupUserList', { group_id: group.group_id }, outsider)).status).toBe(Status.forbidden);
      const pulled = await chat<Pulled>('getOfflineGroupMessage', { checkpoint: {} }, outsider);
      expect(pulled.data!.list).toEqual([]);
    });

    test('Only the owner and admins remove members; a removed member gets nothing new', async () => {
      expect((await chat('removeGroupUser', { group_id: group.group_id, user_id: c.userId }, b)).status).toBe(Status.forbidden);
      expect((await chat('updateGroupName', { group_id: group.group_id, name: 'Mine now' }, b)).status).toBe(Status.forbidden);
      const cp = (await chat<Pulled>('getOfflineGroupMessage', { checkpoint: {} }, c)).data!.checkpoint;
      const removed = await chat<ChatGroup>('removeGroupUser', { group_id: group.group_id, user_id: c.userId }, a);
      expect(removed.data!.member_count).toBe(2);
      await chat('sendGroup', { id: uuidv7(), group_id: group.group_id, content: 'after Chen left' }, a);
      const later = await chat<Pulled>('getOfflineGroupMessage', { checkpoint: cp }, c);
      expect(later.data!.list).toEqual([]);
      const refused = await chat('sendGroup', { id: uuidv7(), group_id: group.group_id, content: 'let me back' }, c);
      expect(refused.status).toBe(Status.forbidden);
      expect(refused.msg).toBe('You are not a member of this group.');
    });

    test('Group name, notice, intro and alias', async () => {
      const renamed = await chat<ChatGroup>('updateGroupName', { group_id: group.group_id, name: '  Board 2027 ' }, a);
      expect(renamed.data!.name).toBe('Board 2027');
      expect((await chat<ChatGroup>('updateGroupNotice', { group_id: group.group_id, notice: 'Meeting Friday' }, a)).data!.notice).toBe('Meeting Friday');
      expect((await chat<ChatGroup>('editGroupIntro', { group_id: group.group_id, intro: 'The board' }, a)).data!.intro).toBe('The board');
      expect((await chat<ChatGroup>('updateGroupAlias', { group_id: group.group_id, alias: 'B.' }, b)).data!.my_alias).toBe('B.');
      const list = await chat<{ user_id: number; role: string; alias: string }[]>('getGroupUserList', { group_id: group.group_id }, b);
      expect(list.data!.map((m) => m.role)).toEqual(['owner', 'member']);
      expect(list.data!.find((m) => m.user_id === b.userId)?.alias).toBe('B.');
    });

    test('An owner who leaves hands the group to the longest-standing member', async () => {
      expect((await chat('exitGroup', { group_id: group.group_id }, a)).status).toBe(Status.ok);
      const groups = await chat<ChatGroup[]>('getUserGroup', {}, b);
      expect(groups.data!.find((g) => g.group_id === group.group_id)).toMatchObject({ my_role: 'owner', owner_id: b.userId, member_count: 1 });
      expect((await chat<ChatGroup[]>('getUserGroup', {}, a)).data!.find((g) => g.group_id === group.group_id)).toBeUndefined();
    });
  });

  test('The room list puts the latest conversation first with its unread count', async () => {
    const fresh = await createMember(server);
    await makeFriends(server, fresh.userId, a.userId);
    await send(fresh, a, 'newest of all');
    const rooms = await chat<{ chat_key: string; unread: number; last_message: { content: string } }[]>('getChatRoomList', {}, a);
    expect(rooms.data![0]).toMatchObject({ unread: 1, last_message: { content: 'newest of all' } });
  });

  test('getChatEmoji lists emoji by group', async () => {
    const res = await chat<{ name: string; emojis: { emoji: string }[] }[]>('getChatEmoji', {}, a);
    expect(res.data!.length).toBeGreaterThan(5);
    expect(res.data![0]!.emojis[0]!.emoji).toBe('😀');
  });

  test('Live: after bind, a friend receives the message over the socket; unbound sockets receive nothing', async () => {
    const open = () => openSocket(server);
    const bSide = await open();
    const stranger = await open();
    const received: ChatMessage[] = [];
    const leaked: unknown[] = [];
    bSide.socket.on('chat:message', (m: ChatMessage) => received.push(m));
    stranger.socket.on('chat:message', (m: unknown) => leaked.push(m));
    expect((await chat('bind', { client_id: bSide.clientId }, b)).status).toBe(Status.ok);
    expect((await chat('bind', { client_id: 'no-such-socket' }, b)).status).toBe(Status.validation);
    const sent = (await send(a, b, 'live hello')).data!;
    await expect.poll(() => received.map((m) => m.id)).toContain(sent.id);
    expect(leaked).toEqual([]);
    bSide.socket.close();
    stranger.socket.close();
  });
});
