import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { clubs } from './clubs.ts';
import { postComments, posts } from './feed.ts';

/**
 * A member's notifications. They hold facts (who, which post, which club, what happened), not
 * prose: the reader's client words them in the reader's language. `dedupe_key` keeps repeats
 * of the same event to one row (a like taken back and given again notifies once).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => postComments.id, { onDelete: 'cascade' }),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('friend_request', 'friend_accepted', 'post_like', 'post_comment', 'comment_reply', 'comment_like', 'club', 'system')`,
    ),
  ],
);
