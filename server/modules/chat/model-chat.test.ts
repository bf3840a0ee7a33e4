import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MODEL_COURSE, MODEL_EVENT, type ChatMessage, type ChatModelRoom } from '../../../schemas/api/chat.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { openSocket } from '../../test/sockets.ts';
import { createMember } from '../../test/members.ts';
import { addParticipants, createActivity } from '../activities/participation.ts';

type M = Awaited<ReturnType<typeof createMember>>;
type Pulled = { list: ChatMessage[]; checkpoint: Record<string, number>; has_more: boolean };

describe(`Model chats: the rooms of events, courses, meetings and projects (${engineName})`, () => {
  let server: TestServer;
  let organizer: M, attendee: M, late: M, outsider: M;
  let event: { id: number };
  const chat = <T = unknown>(name: string, body: unknown, who: M) => server.call<T>(name, body, { token: who.token, chat: true });
  const ref = () => ({ model_type: MODEL_EVENT, model_id: event.id });
  const say = (who: M, content: string, id = uuidv7()) => chat<ChatMessage>('sendModelChat', { id, ...ref(), content }, who);
  const roomMessages = async (who: M, groupId: number, checkpoint = {}) =>
    (await chat<Pulled>('getOfflineGroupMessage', { checkpoint }, who)).data!.list.filter((m) => m.group_id === groupId);

  beforeAll(async () => {
    server = await startTestServer();
    [organizer, attendee, late, outsider] = [
      await createMember(server, { nick_name: 'Olga' }),
      await createMember(server, { nick_name: 'Amal' }),
      await createMember(server, { nick_name: 'Leo' }),
      await createMember(server, { nick_name: 'Otto' }),
    ];
    const db = server.database.db;
    event = await createActivity(db, { modelType: MODEL_EVENT, title: 'Summit', startsAt: new Date('2026-12-05T08:00:00Z') });
    await addParticipants(db, event.id, [
      { userId: organizer.userId, role: 'organizer' },
      { userId: attendee.userId },
      { userId: late.userId },
    ]);
    const course = await createActivity(db, { modelType: MODEL_COURSE, title: 'Public speaking' });
    await addParticipants(db, course.id, [{ userId: attendee.userId }]);
  });
  afterAll(() => server.close());

  test('getModelChat lists the activities a member takes part in, their rooms not opened yet; filters by type and activity', async () => {
    const all = (await chat<ChatModelRoom[]>('getModelChat', {}, attendee)).data!;
    expect(all.map((r) => [r.model_type, r.title, r.my_part, r.joined, r.chat_key])).toEqual([
      [MODEL_EVENT, 'Summit', 'attendee', false, null],
      [MODEL_COURSE, 'Public speaking', 'attendee', false, null],
    ]);
    expect((await chat<ChatModelRoom[]>('getModelChat', { model_type: MODEL_COURSE }, attendee)).data!.map((r) => r.title)).toEqual(['Public speaking']);
    expect((await chat<ChatModelRoom[]>('getModelChat', { model_id: event.id }, attendee)).data!.map((r) => r.title)).toEqual(['Summit']);
    // Another's activity is simply not in one's list.
    expect((await chat<ChatModelRoom[]>('getModelChat', { model_id: event.id }, outsider)).data).toEqual([]);
  });

  test('Only participants enter; a wrong model type is not found; a bad model type names the rule', async () => {
    const refused = await chat('addModelChat', ref(), outsider);
    expect(refused.status).toBe(Status.forbidden);
    expect(refused.msg).toMatch(/participants/);
    expect((await chat('addModelChat', { model_type: MODEL_COURSE, model_id: event.id }, organizer)).status).toBe(Status.notFound);
    const bad = await chat('addModelChat', { model_type: 9, model_id: event.id }, organizer);
    expect(bad.status).toBe(Status.validation);
    expect(bad.msg).toMatch(/^model_type: /);
    // Nobody entered, so no room was opened.
    expect((await chat<ChatModelRoom[]>('getModelChat', { model_id: event.id }, organizer)).data![0]!.chat_key).toBeNull();
  });

  test('Two participants entering at once open one room; the organiser is its admin; entering again changes nothing', async () => {
    const [o, a] = await Promise.all([chat<ChatModelRoom>('addModelChat', ref(), organizer), chat<ChatModelRoom>('addModelChat', ref(), attendee)]);
    expect(o.status).toBe(Status.ok);
    expect(a.status).toBe(Status.ok);
    expect(o.data!.group_id).toBe(a.data!.group_id);
    expect(a.data!.chat_key).toBe(`g${a.data!.group_id}`);
    const again = await chat<ChatModelRoom>('addModelChat', ref(), attendee);
    expect(again.data).toMatchObject({ joined: true, member_count: 2, group_id: a.data!.group_id });
    const members = (await chat<{ user_id: number; role: string }[]>('getGroupUserList', { group_id: a.data!.group_id }, attendee)).data!;
    expect(members.map((m) => [m.user_id, m.role])).toEqual([
      [organizer.userId, 'admin'],
      [attendee.userId, 'member'],
    ]);
    const entered = (await roomMessages(organizer, a.data!.group_id!)).filter((m) => m.msg_type === 8).map((m) => JSON.parse(m.content) as { tag: string; actor: string });
    expect(entered.map((e) => e.tag)).toEqual(['entered', 'entered']);
    expect(entered.map((e) => e.actor).sort()).toEqual(['Amal', 'Olga']);
  });

  test('A message resent 10 times, also concurrently, is stored once; order is strict; others pull it with the groups', async () => {
    const room = (await chat<ChatModelRoom>('addModelChat', ref(), attendee)).data!;
    const id = uuidv7();
    const first = [];
    for (let i = 0; i < 5; i++) first.push(await say(attendee, 'See you there', id));
    const rest = await Promise.all(Array.from({ length: 5 }, () => say(attendee, 'See you there', id)));
    const all = [...first, ...rest];
    expect(all.every((r) => r.status === Status.ok)).toBe(true);
    expect(new Set(all.map((r) => r.data!.order)).size).toBe(1);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => say(organizer, `note ${i}`)));
    const orders = burst.map((r) => r.data!.order).sort((x, y) => x - y);
    expect(orders).toEqual(Array.from({ length: 10 }, (_, i) => orders[0]! + i));
    const seen = await roomMessages(organizer, room.group_id!);
    expect(seen.filter((m) => m.id === id)).toHaveLength(1);
    expect(seen.every((m) => m.chat_key === room.chat_key)).toBe(true);
  });

  test('Unread: counted with the groups, cleared by clearGroupSubscript', async () => {
    const room = (await chat<ChatModelRoom>('addModelChat', ref(), attendee)).data!;
    await chat('clearGroupSubscript', { group_id: room.group_id }, attendee);
    await say(organizer, 'Agenda is out');
    await say(organizer, 'Doors open at 8');
    const unread = (await chat<{ list: { chat_key: string; count: number }[] }>('getGroupSubscript', {}, attendee)).data!.list;
    expect(unread.find((u) => u.chat_key === room.chat_key)?.count).toBe(2);
    expect((await chat<{ groupInfoNum: number }>('getNewsSubscript', {}, attendee)).data!.groupInfoNum).toBe(2);
    await chat('clearGroupSubscript', { group_id: room.group_id }, attendee);
    expect((await chat<{ groupInfoNum: number }>('getNewsSubscript', {}, attendee)).data!.groupInfoNum).toBe(0);
  });

  test('Only members write: before entering, refused; a latecomer reads the history, none of it unread; the room is in the chat list', async () => {
    const before = await say(late, 'hello?');
    expect(before.status).toBe(Status.forbidden);
    expect(before.msg).toMatch(/[Jj]oin/);
    expect((await say(outsider, 'let me in')).status).toBe(Status.forbidden);
    const room = (await chat<ChatModelRoom>('addModelChat', ref(), late)).data!;
    const history = await roomMessages(late, room.group_id!);
    expect(history.some((m) => m.content === 'See you there')).toBe(true);
    expect((await chat<{ groupInfoNum: number }>('getNewsSubscript', {}, late)).data!.groupInfoNum).toBe(0);
    expect((await say(late, 'Hello everyone')).status).toBe(Status.ok);
    const rooms = (await chat<{ chat_key: string; kind: string; name: string; last_message: { content: string } | null }[]>('getChatRoomList', {}, late)).data!;
    expect(rooms.find((r) => r.chat_key === room.chat_key)).toMatchObject({ kind: 'model', name: 'Summit', last_message: { content: 'Hello everyone' } });
  });

  test('A room is managed by its activity: not renamed or invited to like a group; a member can leave and come back', async () => {
    const room = (await chat<ChatModelRoom>('addModelChat', ref(), late)).data!;
    expect((await chat('updateGroupName', { group_id: room.group_id, name: 'Mine now' }, organizer)).status).toBe(Status.notFound);
    expect((await chat('inviteFriendGroup', { group_id: room.group_id, user_ids: [outsider.userId] }, organizer)).status).toBe(Status.notFound);
    expect((await chat('exitGroup', { group_id: room.group_id }, late)).status).toBe(Status.ok);
    expect((await say(late, 'still here?')).status).toBe(Status.forbidden);
    expect((await chat<ChatModelRoom[]>('getModelChat', { model_id: event.id }, late)).data![0]!.joined).toBe(false);
    const left = (await roomMessages(organizer, room.group_id!)).filter((m) => m.msg_type === 8).map((m) => JSON.parse(m.content) as { tag: string; actor: string });
    expect(left.at(-1)).toMatchObject({ tag: 'leftRoom', actor: 'Leo' });
    expect((await chat<ChatModelRoom>('addModelChat', ref(), late)).data!.joined).toBe(true);
  });

  test('Deleting a message in a room removes it for every member', async () => {
    const sent = (await say(attendee, 'typo')).data!;
    expect((await chat('delChatMsg', { id: sent.id }, organizer)).status).toBe(Status.forbidden);
    expect((await chat('delChatMsg', { id: sent.id }, attendee)).status).toBe(Status.ok);
    const seen = (await roomMessages(organizer, sent.group_id!)).filter((m) => m.id === sent.id);
    expect(seen).toMatchObject([{ deleted: true, content: '' }]);
  });

  test('Live: a member who enters receives the room’s messages on their bound socket at once; an outsider’s socket nothing', async () => {
    const open = () => openSocket(server);
    const db = server.database.db;
    const newcomer = await createMember(server, { nick_name: 'Nadia' });
    await addParticipants(db, event.id, [{ userId: newcomer.userId }]);
    const [mine, theirs] = [await open(), await open()];
    const received: ChatMessage[] = [];
    const rooms: ChatModelRoom[] = [];
    const leaked: unknown[] = [];
    mine.socket.on('chat:message', (m: ChatMessage) => received.push(m));
    mine.socket.on('chat:model', (r: ChatModelRoom) => rooms.push(r));
    theirs.socket.on('chat:message', (m: unknown) => leaked.push(m));
    await chat('bind', { client_id: mine.clientId }, newcomer);
    await chat('bindGroup', { client_id: mine.clientId }, newcomer);
    await chat('bind', { client_id: theirs.clientId }, outsider);
    await chat('bindGroup', { client_id: theirs.clientId }, outsider);
    // Entered after binding: the server joins the member's sockets to the room itself.
    await chat('addModelChat', ref(), newcomer);
    await expect.poll(() => rooms.map((r) => r.joined)).toEqual([true]);
    const sent = (await say(organizer, 'Welcome Nadia')).data!;
    await expect.poll(() => received.map((m) => m.id)).toContain(sent.id);
    expect(leaked).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });
});
