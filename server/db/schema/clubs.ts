import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chapters } from './chapters.ts';

/**
 * Interest clubs (the spec's "groups" under /club) and the working groups of a chapter (a club
 * with `channel_id`). Kept apart from chat groups: a club has roles, applications and an album,
 * not a conversation. Dissolving sets `dissolved_at`; the row stays so notifications can name it.
 */
export const clubs = pgTable(
  'clubs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    cover: text('cover').notNull().default(''),
    category: text('category').notNull(),
    /** open: anyone joins at once; approval: administrators decide on applications. */
    joinMode: text('join_mode').notNull().default('open'),
    contact: text('contact').notNull().default(''),
    /** The chapter (channel) whose working group this is. */
    channelId: integer('channel_id').references(() => chapters.id, { onDelete: 'set null' }),
    /** Only the creator may dissolve the club, even after handing the leadership on. */
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dissolvedAt: timestamp('dissolved_at', { withTimezone: true }),
  },
  (t) => [
    index('clubs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('clubs_channel_idx').on(t.channelId),
    index('clubs_creator_idx').on(t.creatorId),
    check('clubs_name_check', sql`char_length(${t.name}) between 1 and 60`),
    check('clubs_join_mode_check', sql`${t.joinMode} in ('open', 'approval')`),
  ],
);

/**
 * Who belongs to a club and as what: one leader, administrators, members. A banned member keeps
 * a row (status `banned`) so they cannot simply join again; a removed one loses it.
 */
export const clubMembers = pgTable(
  'club_members',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    status: text('status').notNull().default('active'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    index('club_members_user_idx').on(t.userId),
    uniqueIndex('club_members_one_leader_key').on(t.clubId).where(sql`${t.role} = 'leader'`),
    check('club_members_role_check', sql`${t.role} in ('leader', 'admin', 'member')`),
    check('club_members_status_check', sql`${t.status} in ('active', 'banned')`),
    check('club_members_banned_member_check', sql`${t.status} = 'active' or ${t.role} = 'member'`),
  ],
);

/** Applications to join a club that approves its members, and to become an administrator. */
export const clubApplications = pgTable(
  'club_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('club_applications_pending_key').on(t.clubId, t.userId, t.kind).where(sql`${t.status} = 'pending'`),
    index('club_applications_club_idx').on(t.clubId, t.status),
    check('club_applications_kind_check', sql`${t.kind} in ('join', 'admin')`),
    check('club_applications_status_check', sql`${t.status} in ('pending', 'approved', 'declined', 'withdrawn')`),
  ],
);

/** A club's album: photos (uploaded images) and videos (addresses of files or video pages). */
export const clubMedia = pgTable(
  'club_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    cover: text('cover').notNull().default(''),
    caption: text('caption').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('club_media_club_kind_idx').on(t.clubId, t.kind, t.createdAt.desc()), check('club_media_kind_check', sql`${t.kind} in ('photo', 'video')`)],
);
