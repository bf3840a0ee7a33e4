import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chapters } from './chapters.ts';

/**
 * Channels: the organisation's page of each chapter (local, regional, national, area, global).
 * A channel *is* its chapter — the channel id is the chapter id, and the hierarchy is the
 * chapters' — so every chapter has a page from the moment it exists; this table holds what the
 * page shows beyond the chapter's name (pictures, about, contact), once someone has written it.
 */
export const channels = pgTable('channels', {
  chapterId: integer('chapter_id')
    .primaryKey()
    .references(() => chapters.id, { onDelete: 'cascade' }),
  avatar: text('avatar').notNull().default(''),
  cover: text('cover').notNull().default(''),
  about: text('about').notNull().default(''),
  founded: integer('founded'),
  website: text('website').notNull().default(''),
  email: text('email').notNull().default(''),
});

/** Members who follow a channel: its posts come into their news feed. */
export const channelFollows = pgTable(
  'channel_follows',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('channel_follows_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * A chapter's boards, one row per seat and year. The board of the latest year is the current
 * one: its members post as the channel. Past seats may name people without an account here.
 */
export const channelBoard = pgTable(
  'channel_board',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    title: text('title').notNull(),
    year: integer('year').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('channel_board_channel_year_idx').on(t.channelId, t.year.desc()),
    index('channel_board_user_idx').on(t.userId),
    check('channel_board_year_check', sql`${t.year} between 1900 and 2200`),
    check('channel_board_who_check', sql`${t.userId} is not null or char_length(${t.name}) > 0`),
  ],
);

/** Senators of a chapter: members honoured with life membership of the senate, with their number. */
export const chapterSenators = pgTable(
  'chapter_senators',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senateNumber: integer('senate_number').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('chapter_senators_user_idx').on(t.userId), check('chapter_senators_number_check', sql`${t.senateNumber} > 0`)],
);

/** Twinned chapters, one row per pair (`low_id < high_id`), with the year the twinning began. */
export const channelTwins = pgTable(
  'channel_twins',
  {
    lowId: integer('low_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    highId: integer('high_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    since: integer('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lowId, t.highId] }), index('channel_twins_high_idx').on(t.highId), check('channel_twins_order_check', sql`${t.lowId} < ${t.highId}`)],
);

/** Files a chapter publishes: statutes, annual reports, minutes. */
export const channelFiles = pgTable(
  'channel_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    kind: text('kind').notNull().default('document'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channel_files_channel_idx').on(t.channelId, t.createdAt.desc())],
);
