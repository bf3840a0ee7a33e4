import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, activityParticipants, conversationMembers, conversations } from '../../db/schema/index.ts';

export type Activity = typeof activities.$inferSelect;
export type Part = 'organizer' | 'attendee';

/** The model types of the spec: 1 project, 2 event, 3 course, 4 meeting. */
export const MODEL_TYPE_NAMES = { 1: 'project', 2: 'event', 3: 'course', 4: 'meeting' } as const;

/**
 * An activity of the given model type, and the member's part in it (null when they take no
 * part). Undefined when there is no such activity of that type.
 */
export const activityFor = async (db: Db, userId: number, modelType: number, modelId: number): Promise<{ activity: Activity; part: Part | null } | undefined> => {
  const [row] = await db
    .select({ activity: activities, part: activityParticipants.role })
    .from(activities)
    .leftJoin(activityParticipants, and(eq(activityParticipants.activityId, activities.id), eq(activityParticipants.userId, userId)))
    .where(and(eq(activities.id, modelId), eq(activities.modelType, modelType)));
  return row && { activity: row.activity, part: row.part as Part | null };
};

/**
 * The activities this member takes part in, each with its chat room (if one was opened) and
 * whether they are in it; soonest first, then by title.
 */
export const activitiesOf = async (db: Db, userId: number, filter: { modelType?: number; modelId?: number } = {}) =>
  db
    .select({
      activity: activities,
      part: activityParticipants.role,
      roomId: conversations.id,
      joined: sql<boolean>`${conversationMembers.userId} is not null`,
      members: sql<number>`(select count(*)::int from ${conversationMembers} cm where cm.conversation_id = ${conversations.id})`,
    })
    .from(activityParticipants)
    .innerJoin(activities, eq(activities.id, activityParticipants.activityId))
    .leftJoin(conversations, and(eq(conversations.activityId, activities.id), eq(conversations.kind, 'model')))
    .leftJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)))
    .where(
      and(
        eq(activityParticipants.userId, userId),
        filter.modelType === undefined ? undefined : eq(activities.modelType, filter.modelType),
        filter.modelId === undefined ? undefined : eq(activities.id, filter.modelId),
      ),
    )
    .orderBy(sql`${activities.startsAt} asc nulls last`, asc(activities.title), asc(activities.id));

/** Adds members to an activity (the areas' sign-up flows call this; the demo data too). */
export const addParticipants = async (db: Db, activityId: number, people: { userId: number; role?: Part }[]) => {
  if (people.length === 0) return;
  await db
    .insert(activityParticipants)
    .values(people.map((p) => ({ activityId, userId: p.userId, role: p.role ?? 'attendee' })))
    .onConflictDoNothing();
};

export const createActivity = async (db: Db, input: { modelType: number; title: string; chapterId?: number | null; startsAt?: Date | null; endsAt?: Date | null }) => {
  const [row] = await db.insert(activities).values(input).returning();
  return row!;
};
