import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chapters } from './chapters.ts';

/**
 * What events, courses, meetings and projects have in common: a title, a time, a chapter, and
 * who takes part. The spec calls them models, numbered 1 project, 2 event, 3 course, 4 meeting;
 * an activity's id is its model_id. Each area's own details (programs, packages, orders) will
 * hang off this row by its id; model chats (a room per activity) only need what is here.
 */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelType: integer('model_type').notNull(),
    title: text('title').notNull(),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_type_idx').on(t.modelType, t.startsAt),
    check('activities_model_type_check', sql`${t.modelType} between 1 and 4`),
    check('activities_title_check', sql`char_length(${t.title}) between 1 and 200`),
  ],
);

/** Who takes part in an activity: its organisers, and the members attending it. */
export const activityParticipants = pgTable(
  'activity_participants',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** organizer or attendee */
    role: text('role').notNull().default('attendee'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId] }),
    index('activity_participants_user_idx').on(t.userId),
    check('activity_participants_role_check', sql`${t.role} in ('organizer', 'attendee')`),
  ],
);
