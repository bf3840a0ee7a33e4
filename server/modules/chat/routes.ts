import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import emojiGroups from 'unicode-emoji-json/data-by-group.json' with { type: 'json' };
import * as calls from '../../../schemas/api/chat.ts';
import { GROUP_MEMBERS_MAX, MSG_SYSTEM, MSG_TEXT } from '../../../schemas/api/chat.ts';
import { activities, conversationMembers, conversations, friendships, users } from '../../db/schema/index.ts';
import { ApiError, forbidden, invalid, notFound, refuse } from '../../http/answer.ts';
import { implement, type CallContext } from '../../http/context.ts';
import { queryRows } from '../../db/client.ts';
import { Status } from '../../../schemas/status.ts';
import { areFriends, isBlockedEitherWay } from '../friends/relations.ts';
import { canManage, directStanding, ensureDirect, groupForMember, groupView, groupsOf, markRead, memberIdsOf, namesOf, roomForMember, roomIdsOf, unreadOf, type Conversation } from './conversations.ts';
import { enterModelRoom, modelRoomForSender, modelRoomOf, modelRoomView, participation } from './model-rooms.ts';
import { activitiesOf } from '../activities/participation.ts';
import { chatKeyOf, directKey, groupKey } from './keys.ts';
import { appendMessage, deleteMessage, pullMessages } from './messages.ts';
import { pushNewMessage } from '../push/chat-push.ts';
import { postFor } from '../feed/post-views.ts';
import { inBackground } from '../../http/background.ts';

type Ctx = CallContext;

/** A system tag message (msg_type 8): JSON the reader's client renders in their language. */
const systemMessage = async (ctx: Ctx, conv: Conversation, tag: string, extra: { names?: string[]; value?: string } = {}) => {
  const { message } = await appendMessage(ctx.deps.db, {
    conversation: conv,
    id: uuidv7(),
    senderId: null,
    sender: null,
    msgType: MSG_SYSTEM,
    content: JSON.stringify({ tag, actor: ctx.member.nickName, ...extra }),
  });
  ctx.deps.realtime.toConversation(conv.id).emit('chat:message', message);
};

/** Tells every member of a group (and the member who just left it) what the group looks like now. */
const announceGroup = async (ctx: Ctx, conv: Conversation) => {
  const members = await db(ctx)
    .select({ me: conversationMembers })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conv.id));
  const [fresh] = await db(ctx).select().from(conversations).where(eq(conversations.id, conv.id));
  for (const { me } of members) ctx.deps.realtime.toUsers([me.userId]).emit('chat:group', await groupView(db(ctx), fresh!, me));
};

const db = (ctx: Ctx) => ctx.deps.db;

const requireManager = (role: string) => {
  if (!canManage(role)) throw new ApiError(Status.forbidden, 'groupNotManager');
};

const mineAfter = async (ctx: Ctx, groupId: number) => {
  const { conv, me } = await groupForMember(db(ctx), groupId, ctx.member.userId);
  return groupView(db(ctx), conv, me);
};

const unreadList = async (ctx: Ctx, kind: 'direct' | 'group') => {
  const rows = await unreadOf(db(ctx), ctx.member.userId, kind);
  const list = rows.map((r) =>
    kind === 'group'
      ? { chat_key: groupKey(r.conversation_id), id: r.conversation_id, count: r.n }
      : {
          chat_key: directKey(r.low_user_id!, r.high_user_id!),
          id: r.low_user_id === ctx.member.userId ? r.high_user_id! : r.low_user_id!,
          count: r.n,
        },
  );
  return { total: list.reduce((sum, r) => sum + r.count, 0), list };
};

const friendCard = async (ctx: Ctx, friendId: number) => {
  const [row] = await db(ctx)
    .select({ user_id: users.id, nick_name: users.nickName, avatar: users.avatar, remark: friendships.remark })
    .from(users)
    .leftJoin(friendships, and(eq(friendships.userId, ctx.member.userId), eq(friendships.friendId, users.id)))
    .where(eq(users.id, friendId));
  if (!row) throw notFound('member');
  return { ...row, remark: row.remark ?? '', chat_key: directKey(ctx.member.userId, friendId) };
};

export const chatCalls = [
  implement(calls.bind, async ({ client_id }, ctx) => {
    if (!(await ctx.deps.realtime.bindSocket(client_id, ctx.member.userId))) throw new ApiError(Status.validation, 'socketUnknown');
    return { user_id: ctx.member.userId };
  }),

  implement(calls.bindGroup, async ({ client_id, group_id }, ctx) => {
    const ids = group_id ? [(await roomForMember(db(ctx), group_id, ctx.member.userId)).conv.id] : await roomIdsOf(db(ctx), ctx.member.userId);
    if (!(await ctx.deps.realtime.joinConversations(client_id, ids))) throw new ApiError(Status.validation, 'socketUnknown');
    return { group_ids: ids };
  }),

  implement(calls.getUserFriend, async (_body, ctx) => {
    const rows = await db(ctx)
      .select({ user_id: users.id, nick_name: users.nickName, avatar: users.avatar, remark: friendships.remark })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(and(eq(friendships.userId, ctx.member.userId), eq(users.status, 'active')))
      .orderBy(users.nickName);
    return rows.map((r) => ({ ...r, chat_key: directKey(ctx.member.userId, r.user_id) }));
  }),

  implement(calls.getFriendInformation, async ({ friend_id }, ctx) => {
    const card = await friendCard(ctx, friend_id);
    if (!(await areFriends(db(ctx), ctx.member.userId, friend_id))) throw forbidden();
    const [common] = await queryRows<{ n: number }>(db(ctx), sql`
      select count(*)::int as n from ${conversationMembers} a
      join ${conversationMembers} b on b.conversation_id = a.conversation_id and b.user_id = ${friend_id}
      join ${conversations} c on c.id = a.conversation_id and c.kind = 'group'
      where a.user_id = ${ctx.member.userId}`);
    return { ...card, groups_in_common: common?.n ?? 0 };
  }),

  implement(calls.getFriendInfo, async ({ friend_id }, ctx) => {
    const card = await friendCard(ctx, friend_id);
    return {
      user_id: card.user_id,
      nick_name: card.nick_name,
      avatar: card.avatar,
      is_friend: await areFriends(db(ctx), ctx.member.userId, friend_id),
      blocked: await isBlockedEitherWay(db(ctx), ctx.member.userId, friend_id),
      chat_key: card.chat_key,
    };
  }),

  implement(calls.getOfflineFriendsMessage, async ({ checkpoint, limit }, ctx) => pullMessages(db(ctx), ctx.member.userId, 'direct', checkpoint, limit ?? 200)),
  implement(calls.getOfflineGroupMessage, async ({ checkpoint, limit }, ctx) => pullMessages(db(ctx), ctx.member.userId, 'group', checkpoint, limit ?? 200)),

  implement(calls.sendChat, async ({ id, friend_id, content }, ctx) => {
    const me = ctx.member.userId;
    if (friend_id === me) throw invalid('friend_id', 'cannot be yourself');
    const standing = await directStanding(db(ctx), me, friend_id);
    if (standing.blocked) throw refuse('chatBlocked');
    if (!standing.friends) throw refuse('chatNotFriend');
    const conversation = standing.conversation ?? (await ensureDirect(db(ctx), me, friend_id));
    const sender = { nickName: ctx.member.nickName, avatar: ctx.member.avatar };
    const { message, created } = await appendMessage(db(ctx), { conversation, id, senderId: me, sender, content: content.trim(), msgType: MSG_TEXT });
    if (created) {
      ctx.deps.realtime.toUsers([me, friend_id]).emit('chat:message', message);
      ctx.deps.realtime.toUsers([friend_id]).emit('chat:unread', { chat_key: message.chat_key });
      inBackground(pushNewMessage(ctx.deps, message, { friendId: friend_id }), ctx.deps.log);
    }
    return message;
  }),

  implement(calls.sendGroup, async ({ id, group_id, content }, ctx) => {
    const { conv } = await groupForMember(db(ctx), group_id, ctx.member.userId).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === Status.forbidden) throw new ApiError(Status.forbidden, 'notGroupMember');
      throw e;
    });
    const sender = { nickName: ctx.member.nickName, avatar: ctx.member.avatar };
    const { message, created } = await appendMessage(db(ctx), { conversation: conv, id, senderId: ctx.member.userId, sender, content: content.trim(), msgType: MSG_TEXT });
    if (created) ctx.deps.realtime.toConversation(conv.id).emit('chat:message', message);
    if (created) inBackground(pushNewMessage(ctx.deps, message, { conversationId: conv.id, groupName: conv.name }), ctx.deps.log);
    return message;
  }),

  implement(calls.delChatMsg, async ({ id }, ctx) => {
    const { conv, rev } = await deleteMessage(db(ctx), id, ctx.member.userId);
    const chat_key = chatKeyOf(conv);
    const event = { id, chat_key, rev };
    if (conv.kind === 'direct') ctx.deps.realtime.toUsers([conv.lowUserId!, conv.highUserId!]).emit('chat:deleted', event);
    else ctx.deps.realtime.toConversation(conv.id).emit('chat:deleted', event);
    return event;
  }),

  implement(calls.createGroup, async ({ name, member_ids }, ctx) => {
    const me = ctx.member.userId;
    const others = member_ids.filter((id) => id !== me);
    if (others.length === 0) throw invalid('member_ids', 'must name at least one friend');
    await assertFriends(ctx, others);
    const conv = await db(ctx).transaction(async (tx) => {
      const [created] = await tx.insert(conversations).values({ kind: 'group', name: name.trim(), ownerId: me }).returning();
      await tx.insert(conversationMembers).values([{ conversationId: created!.id, userId: me, role: 'owner' }, ...others.map((userId) => ({ conversationId: created!.id, userId }))]);
      return created!;
    });
    for (const userId of [me, ...others]) ctx.deps.realtime.addToConversation(userId, conv.id);
    await systemMessage(ctx, conv, 'created', { names: await namesOf(db(ctx), others), value: conv.name });
    await announceGroup(ctx, conv);
    return mineAfter(ctx, conv.id);
  }),

  implement(calls.inviteFriendGroup, async ({ group_id, user_ids }, ctx) => {
    const { conv } = await groupForMember(db(ctx), group_id, ctx.member.userId);
    const current = new Set(await memberIdsOf(db(ctx), conv.id));
    const fresh = user_ids.filter((id) => !current.has(id));
    if (fresh.length === 0) return mineAfter(ctx, group_id);
    if (current.size + fresh.length > GROUP_MEMBERS_MAX) throw refuse('groupFull', { max: GROUP_MEMBERS_MAX });
    await assertFriends(ctx, fresh);
    await db(ctx).transaction(async (tx) => {
      const [locked] = await tx.select().from(conversations).where(eq(conversations.id, conv.id)).for('update');
      // New members read from here on, not the history before they joined.
      await tx.insert(conversationMembers).values(fresh.map((userId) => ({ conversationId: conv.id, userId, joinedSeq: locked!.counter, readSeq: locked!.counter }))).onConflictDoNothing();
    });
    for (const userId of fresh) ctx.deps.realtime.addToConversation(userId, conv.id);
    await systemMessage(ctx, conv, 'joined', { names: await namesOf(db(ctx), fresh) });
    await announceGroup(ctx, conv);
    return mineAfter(ctx, group_id);
  }),

  implement(calls.removeGroupUser, async ({ group_id, user_id }, ctx) => {
    const { conv, me } = await groupForMember(db(ctx), group_id, ctx.member.userId);
    requireManager(me.role);
    if (user_id === ctx.member.userId) throw refuse('groupUseExit');
    const [target] = await db(ctx).select().from(conversationMembers).where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, user_id)));
    if (!target) throw refuse('groupNotMember', { name: (await namesOf(db(ctx), [user_id]))[0] ?? String(user_id) });
    if (target.role === 'owner') throw new ApiError(Status.forbidden, 'groupCannotRemoveOwner');
    if (me.role === 'admin' && target.role !== 'member') throw new ApiError(Status.forbidden, 'groupAdminRemovesMembers');
    await db(ctx).delete(conversationMembers).where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, user_id)));
    ctx.deps.realtime.removeFromConversation(user_id, conv.id);
    ctx.deps.realtime.toUsers([user_id]).emit('chat:group-removed', { group_id: conv.id, chat_key: groupKey(conv.id) });
    await systemMessage(ctx, conv, 'removed', { names: await namesOf(db(ctx), [user_id]) });
    await announceGroup(ctx, conv);
    return mineAfter(ctx, group_id);
  }),

  implement(calls.exitGroup, async ({ group_id }, ctx) => {
    const { conv, me } = await roomForMember(db(ctx), group_id, ctx.member.userId);
    await systemMessage(ctx, conv, conv.kind === 'model' ? 'leftRoom' : 'left');
    await db(ctx).transaction(async (tx) => {
      await tx.delete(conversationMembers).where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, ctx.member.userId)));
      if (me.role !== 'owner') return;
      // The owner hands the group to an admin, else to the longest-standing member.
      const [heir] = await tx
        .select()
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationId, conv.id))
        .orderBy(sql`case when ${conversationMembers.role} = 'admin' then 0 else 1 end`, conversationMembers.joinedAt, conversationMembers.userId)
        .limit(1);
      if (heir) {
        await tx.update(conversationMembers).set({ role: 'owner' }).where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, heir.userId)));
        await tx.update(conversations).set({ ownerId: heir.userId }).where(eq(conversations.id, conv.id));
      } else {
        await tx.update(conversations).set({ ownerId: null }).where(eq(conversations.id, conv.id));
      }
    });
    ctx.deps.realtime.removeFromConversation(ctx.member.userId, conv.id);
    ctx.deps.realtime.toUsers([ctx.member.userId]).emit('chat:group-removed', { group_id: conv.id, chat_key: groupKey(conv.id) });
    if (conv.kind === 'model') ctx.deps.realtime.toUsers([ctx.member.userId]).emit('chat:model', await modelRoomOf(db(ctx), ctx.member.userId, conv.activityId!));
    else await announceGroup(ctx, conv);
    return null;
  }),

  implement(calls.updateGroupName, async ({ group_id, name }, ctx) => updateGroup(ctx, group_id, { name: name.trim() }, 'renamed')),
  implement(calls.updateGroupNotice, async ({ group_id, notice }, ctx) => updateGroup(ctx, group_id, { notice: notice.trim() }, 'notice')),
  implement(calls.editGroupIntro, async ({ group_id, intro }, ctx) => updateGroup(ctx, group_id, { intro: intro.trim() }, null)),

  implement(calls.updateGroupAlias, async ({ group_id, alias }, ctx) => {
    const { conv } = await groupForMember(db(ctx), group_id, ctx.member.userId);
    await db(ctx).update(conversationMembers).set({ alias: alias.trim() }).where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, ctx.member.userId)));
    await announceGroup(ctx, conv);
    return mineAfter(ctx, group_id);
  }),

  implement(calls.getGroupUserList, async ({ group_id }, ctx) => {
    const { conv } = await roomForMember(db(ctx), group_id, ctx.member.userId);
    return db(ctx)
      .select({ user_id: users.id, nick_name: users.nickName, avatar: users.avatar, role: conversationMembers.role, alias: conversationMembers.alias })
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.userId))
      .where(eq(conversationMembers.conversationId, conv.id))
      .orderBy(sql`case ${conversationMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, users.nickName);
  }),

  implement(calls.getUserGroup, async (_body, ctx) => groupsOf(db(ctx), ctx.member.userId)),
  implement(calls.getFriendsSubscript, async (_body, ctx) => unreadList(ctx, 'direct')),
  implement(calls.getGroupSubscript, async (_body, ctx) => unreadList(ctx, 'group')),

  implement(calls.getNewsSubscript, async (_body, ctx) => {
    const [friends, groups] = [await unreadList(ctx, 'direct'), await unreadList(ctx, 'group')];
    return { friendsInfoNum: friends.total, groupInfoNum: groups.total, total: friends.total + groups.total };
  }),

  implement(calls.clearFrienSubscript, async ({ friend_id }, ctx) => {
    const [low, high] = ctx.member.userId < friend_id ? [ctx.member.userId, friend_id] : [friend_id, ctx.member.userId];
    const [conv] = await db(ctx).select().from(conversations).where(and(eq(conversations.kind, 'direct'), eq(conversations.lowUserId, low), eq(conversations.highUserId, high)));
    if (conv) await markRead(db(ctx), conv.id, ctx.member.userId);
    ctx.deps.realtime.toUsers([ctx.member.userId]).emit('chat:unread', { chat_key: directKey(low, high) });
    return null;
  }),

  implement(calls.clearGroupSubscript, async ({ group_id }, ctx) => {
    const { conv } = await roomForMember(db(ctx), group_id, ctx.member.userId);
    await markRead(db(ctx), conv.id, ctx.member.userId);
    ctx.deps.realtime.toUsers([ctx.member.userId]).emit('chat:unread', { chat_key: groupKey(conv.id) });
    return null;
  }),

  implement(calls.getChatRoomList, async (_body, ctx) => {
    const me = ctx.member.userId;
    type Row = Record<string, unknown> & { id: number; kind: 'direct' | 'group' | 'model'; low_user_id: number | null; high_user_id: number | null; name: string; created_at: string | Date; last_message_at: string | Date | null; peer_id: number | null; peer_name: string | null; peer_avatar: string | null; remark: string | null; m_id: string | null; m_content: string; m_type: number; m_time: string | Date; m_sender: number | null; m_deleted: string | Date | null };
    const rows = await queryRows<Row>(db(ctx), sql`
      select c.id, c.kind, c.low_user_id, c.high_user_id, coalesce(a.title, c.name) as name, c.created_at, c.last_message_at,
             p.id as peer_id, p.nick_name as peer_name, p.avatar as peer_avatar, f.remark,
             lm.id as m_id, lm.content as m_content, lm.msg_type as m_type, lm.send_time as m_time, lm.sender_id as m_sender, lm.deleted_at as m_deleted
      from ${conversationMembers} cm
      join ${conversations} c on c.id = cm.conversation_id
      left join ${activities} a on a.id = c.activity_id
      left join ${users} p on c.kind = 'direct' and p.id = case when c.low_user_id = ${me} then c.high_user_id else c.low_user_id end
      left join ${friendships} f on f.user_id = ${me} and f.friend_id = p.id
      left join lateral (
        select id, content, msg_type, send_time, sender_id, deleted_at from messages m
        where m.conversation_id = c.id and m.seq > cm.joined_seq order by m.seq desc limit 1
      ) lm on true
      where cm.user_id = ${me} and (c.kind <> 'direct' or lm.id is not null)
      order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
    `);
    const unread = new Map((await unreadOf(db(ctx), me)).map((r) => [r.conversation_id, r.n]));
    return rows.map((r) => ({
      chat_key: r.kind === 'direct' ? directKey(r.low_user_id!, r.high_user_id!) : groupKey(r.id),
      kind: r.kind,
      id: r.kind === 'direct' ? r.peer_id! : r.id,
      name: r.kind === 'direct' ? r.remark || (r.peer_name ?? '') : r.name,
      avatar: r.kind === 'direct' ? (r.peer_avatar ?? '') : '',
      unread: unread.get(r.id) ?? 0,
      last_message: r.m_id
        ? { id: r.m_id, content: r.m_deleted ? '' : r.m_content, msg_type: r.m_type, send_time: new Date(r.m_time).toISOString(), send_user_id: r.m_sender, deleted: r.m_deleted !== null }
        : null,
      last_activity: new Date(r.last_message_at ?? r.created_at).toISOString(),
    }));
  }),

  implement(calls.getModelChat, async ({ model_type, model_id }, ctx) =>
    (await activitiesOf(db(ctx), ctx.member.userId, { modelType: model_type, modelId: model_id })).map(modelRoomView),
  ),

  implement(calls.addModelChat, async ({ model_type, model_id }, ctx) => {
    const { activity, part } = await participation(db(ctx), ctx.member.userId, model_type, model_id);
    const room = await enterModelRoom(ctx.deps, ctx.member, activity, part);
    // The member's other devices list the room as joined too.
    ctx.deps.realtime.toUsers([ctx.member.userId]).emit('chat:model', room);
    return room;
  }),

  implement(calls.sendModelChat, async ({ id, model_type, model_id, content }, ctx) => {
    const { conv, activity } = await modelRoomForSender(db(ctx), ctx.member.userId, model_type, model_id);
    const sender = { nickName: ctx.member.nickName, avatar: ctx.member.avatar };
    const { message, created } = await appendMessage(db(ctx), { conversation: conv, id, senderId: ctx.member.userId, sender, content: content.trim(), msgType: MSG_TEXT });
    if (created) {
      ctx.deps.realtime.toConversation(conv.id).emit('chat:message', message);
      inBackground(pushNewMessage(ctx.deps, message, { conversationId: conv.id, groupName: activity.title }), ctx.deps.log);
    }
    return message;
  }),

  implement(calls.sharedContentExist, async ({ content_id }, ctx) => {
    // "Exists" means this member may open it: a post they may not see is as good as gone to them.
    return { exists: (await postFor(db(ctx), ctx.member.userId, content_id)) !== undefined };
  }),

  implement(calls.getChatEmoji, async () =>
    (emojiGroups as { name: string; slug: string; emojis: { emoji: string; name: string }[] }[]).map((g) => ({
      name: g.name,
      slug: g.slug,
      emojis: g.emojis.map((e) => ({ emoji: e.emoji, name: e.name })),
    })),
  ),
];

/** Everyone named must be a friend of the acting member (and not blocked either way). */
async function assertFriends(ctx: Ctx, ids: number[]) {
  const rows = await db(ctx)
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, ctx.member.userId), inArray(friendships.friendId, ids)));
  const friends = new Set(rows.map((r) => r.id));
  for (const id of ids) {
    if (!friends.has(id) || (await isBlockedEitherWay(db(ctx), ctx.member.userId, id))) {
      throw refuse('groupNotYourFriend', { name: (await namesOf(db(ctx), [id]))[0] ?? String(id) });
    }
  }
}

async function updateGroup(ctx: Ctx, groupId: number, patch: Partial<Pick<Conversation, 'name' | 'notice' | 'intro'>>, tag: string | null) {
  const { conv, me } = await groupForMember(db(ctx), groupId, ctx.member.userId);
  requireManager(me.role);
  await db(ctx).update(conversations).set(patch).where(eq(conversations.id, conv.id));
  if (tag) await systemMessage(ctx, conv, tag, { value: Object.values(patch)[0] ?? '' });
  await announceGroup(ctx, conv);
  return mineAfter(ctx, groupId);
}
