import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { users } from './auth.ts';

/**
 * Conversations: `direct` between two friends (one row per pair, `low_user_id < high_user_id`),
 * `group`, or `model`: the room of an activity (an event, course, meeting or project; one per
 * activity), which its participants join. Groups and model rooms are both rooms: one stream,
 * one key form (g<id>). `counter` is the conversation's clock: every new message takes the next value as
 * its order (`seq`) and as its revision (`rev`); a deletion takes the next value as the message's
 * new `rev`. Both happen under the conversation row's lock, so within a conversation revisions
 * commit in order and a client that pulls "rev > checkpoint" can never skip one.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    lowUserId: integer('low_user_id').references(() => users.id, { onDelete: 'cascade' }),
    highUserId: integer('high_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    notice: text('notice').notNull().default(''),
    intro: text('intro').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** For a model room: the activity it belongs to (its model_type is the activity's). */
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    counter: integer('counter').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_direct_pair_key').on(t.lowUserId, t.highUserId).where(sql`${t.kind} = 'direct'`),
    uniqueIndex('conversations_activity_key').on(t.activityId).where(sql`${t.kind} = 'model'`),
    check('conversations_kind_check', sql`${t.kind} in ('direct', 'group', 'model')`),
    check('conversations_model_check', sql`(${t.kind} = 'model') = (${t.activityId} is not null)`),
    check(
      'conversations_direct_pair_check',
      sql`${t.kind} <> 'direct' or (${t.lowUserId} is not null and ${t.highUserId} is not null and ${t.lowUserId} < ${t.highUserId})`,
    ),
  ],
);

/** Who takes part in a conversation, their role and alias, and how far they have read. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, admin or member */
    role: text('role').notNull().default('member'),
    alias: text('alias').notNull().default(''),
    /** The highest `seq` this member has read; unread = messages by others above it. */
    readSeq: integer('read_seq').notNull().default(0),
    /** Messages with a lower `seq` were sent before this member joined and are not theirs to read. */
    joinedSeq: integer('joined_seq').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
    check('conversation_members_role_check', sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

/**
 * Messages, keyed by the id the sending client made (UUID v7), so a resend of the same message
 * finds the row it already wrote. `msg_type` 8 is a system tag message ("Amal joined the group").
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    rev: integer('rev').notNull(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    msgType: integer('msg_type').notNull().default(1),
    content: text('content').notNull(),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    index('messages_conversation_rev_idx').on(t.conversationId, t.rev),
    check('messages_content_check', sql`${t.deletedAt} is not null or char_length(${t.content}) between 1 and 5000`),
  ],
);
