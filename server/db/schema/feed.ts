import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chapters } from './chapters.ts';
import { clubs } from './clubs.ts';

/**
 * News-feed posts: a member's own (public or for friends), a club's (its members see them) or a
 * channel's (written by a board member, shown as the channel). Deleting sets `deleted_at`; the
 * row stays for moderation and so shares of it can say it is gone. `client_id` is the id the
 * author's device made, so a post written offline and sent twice is stored once.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: uuid('client_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    visibility: text('visibility').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    location: text('location').notNull().default(''),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    /** The chapter whose channel posted it. */
    channelId: integer('channel_id').references(() => chapters.id, { onDelete: 'cascade' }),
    sharedPostId: integer('shared_post_id').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_user_idx').on(t.userId),
    index('posts_club_idx').on(t.clubId, t.createdAt.desc()),
    index('posts_channel_idx').on(t.channelId, t.createdAt.desc()),
    index('posts_shared_idx').on(t.sharedPostId),
    uniqueIndex('posts_client_id_key').on(t.clientId),
    // The server stores trimmed text: 1 to 5000 characters, at least one of them not a space.
    check('posts_content_check', sql`char_length(${t.content}) between 1 and 5000 and ${t.content} ~ '\\S'`),
    check('posts_visibility_check', sql`${t.visibility} in ('public', 'friends', 'club', 'channel')`),
    check('posts_club_check', sql`(${t.visibility} = 'club') = (${t.clubId} is not null)`),
    check('posts_channel_check', sql`(${t.visibility} = 'channel') = (${t.channelId} is not null)`),
    check('posts_images_check', sql`cardinality(${t.images}) <= 9`),
  ],
);

/** One like per member and post: liking twice is the same like. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_post_created_idx').on(t.postId, t.createdAt.desc())],
);

/**
 * Comments, two levels deep: a top-level ("lord") comment has no parent; a reply ("vice") has
 * its lord comment as parent and names whom it answers. Deleting a lord comment deletes its
 * replies with it.
 */
export const postComments = pgTable(
  'post_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: uuid('client_id'),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    replyToUserId: integer('reply_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('post_comments_client_id_key').on(t.clientId),
    index('post_comments_post_idx').on(t.postId, t.parentId, t.id),
    index('post_comments_parent_idx').on(t.parentId, t.id),
    check('post_comments_content_check', sql`char_length(${t.content}) between 1 and 2000 and ${t.content} ~ '\\S'`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => postComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** Posts a member hid from their own feed (or reported). */
export const postHides = pgTable(
  'post_hides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/** Reports ("complain") of posts and comments, one per member and target, for moderators to review. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_reports_once_key').on(t.reporterId, t.targetType, t.targetId),
    index('content_reports_target_idx').on(t.targetType, t.targetId),
    check('content_reports_target_check', sql`${t.targetType} in ('post', 'comment')`),
  ],
);

/** Advertisements of the home page: the carousel and the side ("lift") slot. */
export const homeAds = pgTable(
  'home_ads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    placement: text('placement').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    link: text('link').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    hits: integer('hits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('home_ads_placement_idx').on(t.placement, t.sortOrder), check('home_ads_placement_check', sql`${t.placement} in ('carousel', 'lift')`)],
);
