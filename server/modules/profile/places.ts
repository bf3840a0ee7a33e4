/* Places of the organisation (for addresses and chapters) and time zones. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Chapter, ChapterLevel } from '../../../schemas/api/people.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { chapters, profiles, users } from '../../db/schema/index.ts';

const chapterView = (r: typeof chapters.$inferSelect): Chapter => ({
  id: r.id,
  name: r.name,
  level: r.level as ChapterLevel,
  parent_id: r.parentId,
  country: r.country,
});

/** Countries are the national chapters; the regions of a country are the regional chapters under it. */
export const addressOptions = async (db: Db, level: 'country' | 'region', parentId?: number): Promise<Chapter[]> => {
  const where =
    level === 'country'
      ? eq(chapters.level, 'national')
      : and(eq(chapters.level, 'regional'), eq(chapters.parentId, parentId ?? -1));
  return (await db.select().from(chapters).where(where).orderBy(asc(chapters.name))).map(chapterView);
};

export const organisationList = async (db: Db, filter: { level?: ChapterLevel; parent_id?: number; keyword?: string }) => {
  const kw = (filter.keyword ?? '').trim().toLowerCase();
  const rows = await queryRows<typeof chapters.$inferSelect & { parent_id: number | null; member_count: number; child_count: number }>(
    db,
    sql`select c.id, c.name, c.level, c.parent_id, c.country,
          (select count(*)::int from ${profiles} p join ${users} u on u.id = p.user_id and u.status = 'active' where p.chapter_id = c.id) as member_count,
          (select count(*)::int from ${chapters} k where k.parent_id = c.id) as child_count
        from ${chapters} c
        where true
          ${filter.level ? sql`and c.level = ${filter.level}` : sql``}
          ${filter.parent_id ? sql`and c.parent_id = ${filter.parent_id}` : sql``}
          ${kw ? sql`and position(${kw} in lower(c.name)) > 0` : sql``}
        order by case c.level when 'global' then 1 when 'area' then 2 when 'national' then 3 when 'regional' then 4 else 5 end, c.name
        limit 1000`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    level: r.level as ChapterLevel,
    parent_id: r.parent_id,
    country: r.country,
    member_count: r.member_count,
    child_count: r.child_count,
  }));
};

/** Minutes east of UTC of a zone at `at`, from the runtime's time-zone data. */
export const offsetMinutes = (zone: string, at = new Date()): number => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
    .formatToParts(at)
    .reduce<Record<string, number>>((acc, p) => (p.type === 'literal' ? acc : { ...acc, [p.type]: Number(p.value) }), {});
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
  return Math.round((asUtc - Math.floor(at.getTime() / 60000) * 60000) / 60000);
};

const label = (zone: string, offset: number) => {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `(UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}) ${zone.replace(/_/g, ' ')}`;
};

export const timeZones = () => {
  const now = new Date();
  const zones = (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  return zones
    .map((zone) => ({ zone, offset_minutes: offsetMinutes(zone, now) }))
    .sort((a, b) => a.offset_minutes - b.offset_minutes || a.zone.localeCompare(b.zone))
    .map((z) => ({ ...z, label: label(z.zone, z.offset_minutes) }));
};

export const myTimeZone = async (db: Db, userId: number) => {
  const [row] = await db.select({ zone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, userId));
  const zone = row?.zone ?? '';
  return { zone, offset_minutes: zone ? offsetMinutes(zone) : null };
};

/** Adds a chapter under its parent (the seed builds the organisation with it); returns its id. */
export const addChapter = async (db: Db, input: { name: string; level: ChapterLevel; parentId: number | null; country?: string }): Promise<number> => {
  const [row] = await db
    .insert(chapters)
    .values({ name: input.name, level: input.level, parentId: input.parentId, country: input.country ?? '' })
    .returning({ id: chapters.id });
  return row!.id;
};
