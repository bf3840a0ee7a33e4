import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Files members uploaded (under DATA_DIR/uploads/<yyyy>/<random>.<ext>, served at /uploads/…),
 * and the albums, photos and videos of profiles. A photo points at an upload of its owner.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The url path, /uploads/2026/<random>.jpg */
    path: text('path').notNull(),
    /** image (uploadImage) or file (uploadFile) */
    kind: text('kind').notNull(),
    /** The type sniffed from the file's first bytes. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_path_key').on(t.path), index('uploads_user_idx').on(t.userId), check('uploads_kind_check', sql`${t.kind} in ('image', 'file')`)],
);

export const albums = pgTable(
  'albums',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** A chosen cover; null shows the latest photo. */
    coverPhotoId: integer('cover_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('albums_user_idx').on(t.userId, t.updatedAt.desc()), check('albums_name_check', sql`char_length(${t.name}) between 1 and 60`)],
);

export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    albumId: integer('album_id')
      .notNull()
      .references((): AnyPgColumn => albums.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    caption: text('caption').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_album_idx').on(t.albumId, t.id), index('photos_user_idx').on(t.userId, t.id.desc())],
);

/** Videos are links to where they are hosted (YouTube, Vimeo or any https page). */
export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('videos_user_idx').on(t.userId, t.id.desc())],
);
