import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * News-feed posts. Deleting sets `deleted_at` (the row stays for moderation and later features
 * such as comments); the content rule of the call schema is enforced here too.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    visibility: text('visibility').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_user_idx').on(t.userId),
    // The server stores trimmed text: 1 to 5000 characters, at least one of them not a space.
    check('posts_content_check', sql`char_length(${t.content}) between 1 and 5000 and ${t.content} ~ '\\S'`),
    check('posts_visibility_check', sql`${t.visibility} in ('public', 'friends')`),
  ],
);
