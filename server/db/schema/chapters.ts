import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The organisation's chapters: one global chapter, areas under it, national chapters (one per
 * country) under the areas, regional chapters under a nation and local chapters under a region
 * or directly under a nation. Addresses pick a country (national chapter) and a region from here,
 * members belong to a local chapter, and channels and clubs hang off the same tree.
 */
export const chapters = pgTable(
  'chapters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** global, area, national, regional or local */
    level: text('level').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => chapters.id, { onDelete: 'restrict' }),
    /** ISO 3166-1 alpha-2; empty for the global chapter and areas. */
    country: text('country').notNull().default(''),
  },
  (t) => [
    index('chapters_parent_idx').on(t.parentId),
    index('chapters_level_idx').on(t.level, t.name),
    check('chapters_level_check', sql`${t.level} in ('global', 'area', 'national', 'regional', 'local')`),
    check('chapters_root_check', sql`(${t.level} = 'global') = (${t.parentId} is null)`),
    check('chapters_name_check', sql`char_length(${t.name}) between 1 and 100`),
  ],
);
