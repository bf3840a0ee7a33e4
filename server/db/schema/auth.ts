import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Members. `status`: active, locked (too many second-factor failures), frozen (deleted, in grace). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    lang: text('lang').notNull().default('en'),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_status_check', sql`${t.status} in ('active', 'locked', 'frozen')`),
  ],
);

/** Sign-in sessions. Only a SHA-256 of the token is stored; revoking sets `revoked_at`. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token before the last rotation stays valid briefly, so tabs racing a rotation keep working. */
    prevTokenHash: text('prev_token_hash'),
    prevValidUntil: timestamp('prev_valid_until', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_prev_token_hash_idx').on(t.prevTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Server-generated image captchas; each answer can be checked once. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
});
