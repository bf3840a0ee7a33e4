import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chapters } from './chapters.ts';

/**
 * The profile beyond the account row (spec section 3). A member without a row has the
 * defaults; the row is written on their first edit. Name and avatar stay on `users`.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    /** male, female or undisclosed ("prefer not to say") */
    gender: text('gender').notNull().default('undisclosed'),
    birthDate: date('birth_date', { mode: 'string' }),
    mobile: text('mobile').notNull().default(''),
    /** The address: a national chapter (country), a regional one (region), and a typed city. */
    countryId: integer('country_id').references(() => chapters.id, { onDelete: 'set null' }),
    regionId: integer('region_id').references(() => chapters.id, { onDelete: 'set null' }),
    city: text('city').notNull().default(''),
    /** The local chapter the member belongs to. */
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    cover: text('cover').notNull().default(''),
    /** IANA zone; empty: the device's own. */
    timeZone: text('time_zone').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profiles_chapter_idx').on(t.chapterId),
    check('profiles_gender_check', sql`${t.gender} in ('male', 'female', 'undisclosed')`),
    check('profiles_bio_check', sql`char_length(${t.bio}) <= 500`),
  ],
);

const audience = (name: string, fallback: string) => text(name).notNull().default(fallback);

/** Who may see each guarded field: everyone, friends or only_me (defaults in schemas/api/profile.ts). */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: audience('email', 'friends'),
    mobile: audience('mobile', 'only_me'),
    birthDate: audience('birth_date', 'friends'),
    address: audience('address', 'friends'),
    friendsList: audience('friends_list', 'friends'),
    albums: audience('albums', 'everyone'),
  },
  (t) => [
    check(
      'privacy_settings_values_check',
      sql`${t.email} in ('everyone', 'friends', 'only_me') and ${t.mobile} in ('everyone', 'friends', 'only_me')
      and ${t.birthDate} in ('everyone', 'friends', 'only_me') and ${t.address} in ('everyone', 'friends', 'only_me')
      and ${t.friendsList} in ('everyone', 'friends', 'only_me') and ${t.albums} in ('everyone', 'friends', 'only_me')`,
    ),
  ],
);

/** Which notifications a member wants; read by the notification and push code through wantsNotification. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  friendRequests: boolean('friend_requests').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  comments: boolean('comments').notNull().default(true),
  likes: boolean('likes').notNull().default(true),
  clubDecisions: boolean('club_decisions').notNull().default(true),
  systemNotices: boolean('system_notices').notNull().default(true),
});

const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Skills: at most 40 per member (spec section 5), each name once per member whatever its case. */
export const skills = pgTable(
  'skills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    name: text('name').notNull(),
    classification: text('classification').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('skills_user_name_key').on(t.userId, sql`lower(${t.name})`),
    // Member search matches skills by word prefix.
    index('skills_name_search_idx').using('gin', sql`to_tsvector('simple', ${t.name})`),
    check('skills_name_check', sql`char_length(${t.name}) between 1 and 40`),
  ],
);

export const educations = pgTable(
  'educations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    school: text('school').notNull(),
    degree: text('degree').notNull().default(''),
    field: text('field').notNull().default(''),
    /** YYYY-MM; `end` empty while ongoing. */
    start: text('start').notNull(),
    end: text('end').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('educations_user_idx').on(t.userId)],
);

export const workExperiences = pgTable(
  'work_experiences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    company: text('company').notNull(),
    position: text('position').notNull(),
    employmentType: text('employment_type').notNull(),
    industry: text('industry').notNull(),
    location: text('location').notNull().default(''),
    start: text('start').notNull(),
    end: text('end').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('work_experiences_user_idx').on(t.userId)],
);

export const projectExperiences = pgTable(
  'project_experiences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    start: text('start').notNull(),
    end: text('end').notNull().default(''),
    url: text('url').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('project_experiences_user_idx').on(t.userId)],
);

export const hobbies = pgTable(
  'hobbies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    name: text('name').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('hobbies_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

/** Offices held in the organisation: declared by the member, or sent for confirmation. */
export const userJobTitles = pgTable(
  'user_job_titles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    title: text('title').notNull(),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    year: integer('year').notNull(),
    /** declared, pending, approved or rejected */
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: created(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('user_job_titles_user_idx').on(t.userId, t.status),
    check('user_job_titles_status_check', sql`${t.status} in ('declared', 'pending', 'approved', 'rejected')`),
  ],
);

/** What happened to a member's offices; kept when the office itself is removed. */
export const jobTitleLog = pgTable(
  'job_title_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: owner(),
    userTitleId: integer('user_title_id').references(() => userJobTitles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    year: integer('year').notNull(),
    /** declared, applied, approved, rejected, removed, withdrawn */
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_title_log_user_idx').on(t.userId, t.at.desc())],
);
