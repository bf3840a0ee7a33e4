import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Members. `status`: active, locked (more than 5 failed second-factor attempts), frozen (deleted,
 * in its grace period; the row is removed, and with it every row that references it, once the
 * grace period is over).
 */
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
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The second factor asked after the password: off, an authenticator app (TOTP) or an e-mail code. */
    twoFactor: text('two_factor').notNull().default('off'),
    /** Base32 TOTP secret of the bound authenticator app. */
    totpSecret: text('totp_secret'),
    /** A secret shown as a QR code but not yet confirmed with a code from the app. */
    totpPendingSecret: text('totp_pending_secret'),
    totpPendingUntil: timestamp('totp_pending_until', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused (no replay). */
    totpLastStep: integer('totp_last_step'),
    /** Failed second-factor attempts since the last success; more than 5 lock the account. */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** When the member deleted the account; personal data is erased 30 days later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    paymentPasswordHash: text('payment_password_hash'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_status_check', sql`${t.status} in ('active', 'locked', 'frozen')`),
    check('users_two_factor_check', sql`${t.twoFactor} in ('off', 'google', 'email')`),
    check('users_totp_check', sql`${t.twoFactor} <> 'google' or ${t.totpSecret} is not null`),
    index('users_deleted_idx').on(t.deletedAt),
    // Member search matches names by word prefix (server/modules/friends/search.ts).
    index('users_name_search_idx').using('gin', sql`to_tsvector('simple', ${t.nickName})`),
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

/**
 * Six-digit codes sent by e-mail (second factor, e-mail change, payment password): only a salted
 * SHA-256 is stored; a code expires after 10 minutes and is void after 5 wrong tries.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address the code went to (the new one for an e-mail change). */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Single-purpose random tokens (256 bits, stored as SHA-256): links in mails (password reset,
 * two-factor reset) and the short-lived tokens that carry a sign-in between its steps.
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('action_tokens_hash_key').on(t.tokenHash), index('action_tokens_user_idx').on(t.userId, t.purpose)],
);

/** A member's answers to security questions, normalised and hashed like passwords. */
export const securityAnswers = pgTable(
  'security_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    answerHash: text('answer_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/** Every sign-in attempt on a known account, for the member's login history. */
export const loginLog = pgTable(
  'login_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** password, authenticator, email_code, security_questions */
    method: text('method').notNull(),
    /** ok, second_factor_needed, wrong_password, wrong_code, wrong_answers, locked, frozen */
    outcome: text('outcome').notNull(),
  },
  (t) => [index('login_log_user_at_idx').on(t.userId, t.at.desc())],
);

/**
 * Attempts counted by key in a time window, to throttle guessing and mail floods: failed
 * sign-ins (`ip:<address>`, `email:<hash>`), wrong payment passwords (`pay:<user id>`), mails
 * asked for (`mail:…`). Kept in the database so several server processes share the counts.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_at_idx').on(t.key, t.at)],
);
