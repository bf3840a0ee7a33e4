import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { MSG_SYSTEM, type ChatModelRoom } from '../../../schemas/api/chat.ts';
import { Status } from '../../../schemas/status.ts';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/answer.ts';
import { activitiesOf, activityFor, type Activity, type Part } from '../activities/participation.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import type { Conversation } from './conversations.ts';
import { groupKey } from './keys.ts';
import { appendMessage } from './messages.ts';

type Listed = Awaited<ReturnType<typeof activitiesOf>>[number];

export const modelRoomView = (r: Listed): ChatModelRoom => ({
  model_type: r.activity.modelType,
  model_id: r.activity.id,
  title: r.activity.title,
  starts_at: r.activity.startsAt?.toISOString() ?? null,
  ends_at: r.activity.endsAt?.toISOString() ?? null,
  my_part: r.part as Part,
  joined: r.joined,
  group_id: r.roomId,
  chat_key: r.roomId === null ? null : groupKey(r.roomId),
  member_count: r.roomId === null ? 0 : r.members,
});

/** One activity's room as this member sees it (they take part in it). */
export const modelRoomOf = async (db: Db, userId: number, activityId: number): Promise<ChatModelRoom> => {
  const [row] = await activitiesOf(db, userId, { modelId: activityId });
  if (!row) throw notFound('activity');
  return modelRoomView(row);
};

/**
 * The activity and this member's part in it, refused when there is no such activity of that
 * type (not found) or they take no part in it (forbidden): only participants reach its room.
 */
export const participation = async (db: Db, userId: number, modelType: number, modelId: number): Promise<{ activity: Activity; part: Part }> => {
  const found = await activityFor(db, userId, modelType, modelId);
  if (!found) throw notFound('activity');
  if (!found.part) throw new ApiError(Status.forbidden, 'modelChatNotParticipant');
  return { activity: found.activity, part: found.part };
};

/** The activity's room, opened on first use (one per activity, also when two open it at once). */
export const openModelRoom = async (db: Db, activity: Activity): Promise<Conversation> => {
  const find = async (on: Db) => (await on.select().from(conversations).where(and(eq(conversations.kind, 'model'), eq(conversations.activityId, activity.id))))[0];
  const existing = await find(db);
  if (existing) return existing;
  const [created] = await db.insert(conversations).values({ kind: 'model', activityId: activity.id, name: activity.title }).onConflictDoNothing().returning();
  return created ?? (await find(db))!;
};

/**
 * Puts a participant in the activity's room: organisers as its admins. Unlike a group, the room
 * is the activity's, so a newcomer reads its history (and none of it counts as unread). True
 * when they were not in it yet.
 */
export const joinModelRoom = async (db: Db, conv: Conversation, userId: number, part: Part): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [locked] = await tx.select().from(conversations).where(eq(conversations.id, conv.id)).for('update');
    const added = await tx
      .insert(conversationMembers)
      .values({ conversationId: conv.id, userId, role: part === 'organizer' ? 'admin' : 'member', joinedSeq: 0, readSeq: locked!.counter })
      .onConflictDoNothing()
      .returning({ userId: conversationMembers.userId });
    return added.length > 0;
  });

/** The room this member sends to: they take part in the activity and have joined its room. */
export const modelRoomForSender = async (db: Db, userId: number, modelType: number, modelId: number): Promise<{ conv: Conversation; activity: Activity }> => {
  const { activity } = await participation(db, userId, modelType, modelId);
  const [row] = await db
    .select({ conv: conversations })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)))
    .where(and(eq(conversations.kind, 'model'), eq(conversations.activityId, activity.id)));
  if (!row) throw new ApiError(Status.forbidden, 'modelChatNotJoined');
  return { conv: row.conv, activity };
};

/**
 * A participant enters the activity's room (opening it if they are the first): the room's
 * members see "Amal joined the chat" and the member's sockets join the room. Entering again
 * changes nothing. The room as the member now sees it.
 */
export const enterModelRoom = async (
  deps: { db: Db; realtime: Realtime },
  member: { userId: number; nickName: string },
  activity: Activity,
  part: Part,
): Promise<ChatModelRoom> => {
  const conv = await openModelRoom(deps.db, activity);
  if (await joinModelRoom(deps.db, conv, member.userId, part)) {
    deps.realtime.addToConversation(member.userId, conv.id);
    const { message } = await appendMessage(deps.db, {
      conversation: conv,
      id: uuidv7(),
      senderId: null,
      sender: null,
      msgType: MSG_SYSTEM,
      content: JSON.stringify({ tag: 'entered', actor: member.nickName }),
    });
    deps.realtime.toConversation(conv.id).emit('chat:message', message);
  }
  return modelRoomOf(deps.db, member.userId, activity.id);
};
