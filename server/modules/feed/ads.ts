/* The advertisements of the home page: what runs now, and clicks on them. */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { homeAds } from '../../db/schema/index.ts';
import { notFound } from '../../http/answer.ts';

const runningNow = () =>
  and(eq(homeAds.active, true), or(isNull(homeAds.startsAt), lte(homeAds.startsAt, sql`now()`)), or(isNull(homeAds.endsAt), gt(homeAds.endsAt, sql`now()`)));

export const adsOf = (db: Db, placement: 'carousel' | 'lift') =>
  db
    .select({ ad_id: homeAds.id, title: homeAds.title, image: homeAds.image, link: homeAds.link })
    .from(homeAds)
    .where(and(eq(homeAds.placement, placement), runningNow()))
    .orderBy(asc(homeAds.sortOrder), asc(homeAds.id));

/** Counts a click on an advertisement that is running; others are 4002. */
export const countHit = async (db: Db, adId: number) => {
  const [row] = await db
    .update(homeAds)
    .set({ hits: sql`${homeAds.hits} + 1` })
    .where(and(eq(homeAds.id, adId), runningNow()))
    .returning({ ad_id: homeAds.id, hits: homeAds.hits });
  if (!row) throw notFound('advertisement');
  return row;
};
