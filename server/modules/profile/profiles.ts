/* The profile card: reading it as a viewer may see it (privacy and blocks), and the member's edits. */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { PRIVACY_FIELDS, type Gender, type UserProfile } from '../../../schemas/api/profile.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { chapters, profiles, uploads, users } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/answer.ts';
import { cardColumns, cardJoins, type CardRow } from '../friends/cards.ts';
import { friendTotal } from '../friends/friend-list.ts';
import { hasBlocked } from '../friends/relations.ts';
import { visibilityFor } from './privacy.ts';

/**
 * Refuses to show `ownerId` to `viewerId` when the owner is gone, locked, deleted, or has blocked
 * the viewer: all answer 4002, so a block is not given away. A member the viewer blocked stays
 * reachable, so the viewer can unblock them.
 */
export const assertVisibleMember = async (db: Db, viewerId: number, ownerId: number): Promise<void> => {
  if (viewerId === ownerId) return;
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, ownerId));
  if (!row || row.status !== 'active' || (await hasBlocked(db, ownerId, viewerId))) throw notFound('member');
};

interface ProfileRow extends CardRow {
  email: string;
  created_at: string | Date;
  bio: string | null;
  gender: string | null;
  birth_date: string | null;
  mobile: string | null;
  city: string | null;
  cover: string | null;
  time_zone: string | null;
  country_id: number | null;
  country_name: string | null;
  region_id: number | null;
  region_name: string | null;
}

/** A member's profile as `viewerId` may see it; guarded fields they may not see are null and named in `hidden`. */
export const readProfile = async (db: Db, viewerId: number, ownerId: number): Promise<UserProfile> => {
  await assertVisibleMember(db, viewerId, ownerId);
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`select ${cardColumns(viewerId)}, u.email, u.created_at, pf.bio, pf.gender, pf.birth_date::text as birth_date, pf.mobile, pf.city,
               pf.cover, pf.time_zone, co.id as country_id, co.name as country_name, re.id as region_id, re.name as region_name
        from ${users} u ${cardJoins(viewerId)}
        left join ${chapters} co on co.id = pf.country_id
        left join ${chapters} re on re.id = pf.region_id
        where u.id = ${ownerId}`,
  );
  if (!row) throw notFound('member');
  const blockedByMe = row.relation === 'blocked';
  const visibility = blockedByMe ? { sees: () => false, hidden: [...PRIVACY_FIELDS] } : await visibilityFor(db, viewerId, ownerId);
  const { sees } = visibility;
  return {
    user_id: row.user_id,
    nick_name: row.nick_name,
    avatar: row.avatar,
    cover: row.cover ?? '',
    bio: row.bio ?? '',
    gender: (row.gender ?? 'undisclosed') as Gender,
    chapter: row.chapter_id === null ? null : { id: row.chapter_id, name: row.chapter_name ?? '', level: (row.chapter_level ?? 'local') as 'local' },
    time_zone: row.time_zone ?? '',
    email: sees('email') ? row.email : null,
    mobile: sees('mobile') ? (row.mobile ?? '') : null,
    birth_date: sees('birth_date') ? (row.birth_date ?? '') : null,
    address: sees('address')
      ? {
          country: row.country_id === null ? null : { id: row.country_id, name: row.country_name ?? '' },
          region: row.region_id === null ? null : { id: row.region_id, name: row.region_name ?? '' },
          city: row.city ?? '',
        }
      : null,
    friend_total: sees('friends_list') ? await friendTotal(db, viewerId, ownerId) : null,
    hidden: visibility.hidden,
    is_me: viewerId === ownerId,
    relation: row.relation,
    request_id: row.relation === 'request_sent' || row.relation === 'request_received' ? row.pending_request_id : null,
    blocked_by_me: blockedByMe,
    created_at: new Date(row.created_at).toISOString(),
  };
};

type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'updatedAt'>>;

/** Writes profile fields, making the member's row on first use. */
export const saveProfile = async (db: Db, userId: number, changes: ProfileChanges): Promise<void> => {
  const insert = db.insert(profiles).values({ ...changes, userId });
  await (Object.keys(changes).length
    ? insert.onConflictDoUpdate({ target: profiles.userId, set: { ...changes, updatedAt: new Date() } })
    : insert.onConflictDoNothing());
};

const chapterAt = async (db: Db, id: number, levels: string[]) =>
  (await db.select().from(chapters).where(and(eq(chapters.id, id), inArray(chapters.level, levels))))[0];

/** A time zone the runtime knows (IANA), or empty for "the device's own". */
export const isTimeZone = (zone: string): boolean => {
  if (zone === '') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
};

export const editPublic = async (
  db: Db,
  userId: number,
  input: { nick_name?: string; bio?: string; chapter_id?: number | null; time_zone?: string },
): Promise<void> => {
  const changes: ProfileChanges = {};
  if (input.bio !== undefined) changes.bio = input.bio.trim();
  if (input.chapter_id !== undefined) {
    if (input.chapter_id !== null && !(await chapterAt(db, input.chapter_id, ['local']))) throw invalid('chapter_id', 'must be a local chapter');
    changes.chapterId = input.chapter_id;
  }
  if (input.time_zone !== undefined) {
    if (!isTimeZone(input.time_zone.trim())) throw invalid('time_zone', 'must be a time zone such as Europe/Paris, or empty');
    changes.timeZone = input.time_zone.trim();
  }
  await db.transaction(async (tx) => {
    if (input.nick_name !== undefined) await tx.update(users).set({ nickName: input.nick_name.trim() }).where(eq(users.id, userId));
    await saveProfile(tx, userId, changes);
  });
};

/** A real calendar date, not in the future and not before 1900. */
const isBirthDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01' && date.getTime() <= Date.now();
};

export const editPersonal = async (
  db: Db,
  userId: number,
  input: { gender?: Gender; birth_date?: string; mobile?: string; country_id?: number | null; region_id?: number | null; city?: string },
): Promise<void> => {
  const changes: ProfileChanges = {};
  if (input.gender !== undefined) changes.gender = input.gender;
  if (input.birth_date !== undefined) {
    if (input.birth_date !== '' && !isBirthDate(input.birth_date)) throw invalid('birth_date', 'must be a date (YYYY-MM-DD) in the past');
    changes.birthDate = input.birth_date || null;
  }
  if (input.mobile !== undefined) changes.mobile = input.mobile.trim();
  if (input.city !== undefined) changes.city = input.city.trim();
  const [current] = await db.select({ countryId: profiles.countryId, regionId: profiles.regionId }).from(profiles).where(eq(profiles.userId, userId));
  let countryId = current?.countryId ?? null;
  if (input.country_id !== undefined) {
    if (input.country_id !== null && !(await chapterAt(db, input.country_id, ['national']))) throw invalid('country_id', 'must be a country of the list');
    countryId = input.country_id;
    changes.countryId = countryId;
  }
  const regionId = input.region_id !== undefined ? input.region_id : (current?.regionId ?? null);
  if (regionId !== null) {
    const region = await chapterAt(db, regionId, ['regional']);
    const fits = region !== undefined && countryId !== null && region.parentId === countryId;
    // A region typed now must be of the country; one kept from before is dropped when the country changes.
    if (!fits && input.region_id !== undefined) throw invalid('region_id', 'must be a region of the chosen country');
    changes.regionId = fits ? regionId : null;
  } else if (input.region_id !== undefined) changes.regionId = null;
  await saveProfile(db, userId, changes);
};

/** Sets the profile or cover picture from one of the member's own uploaded images. */
export const editPictures = async (db: Db, userId: number, input: { avatar?: string; cover?: string }): Promise<void> => {
  for (const field of ['avatar', 'cover'] as const) {
    const url = input[field];
    if (!url) continue;
    const [own] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.path, url), eq(uploads.userId, userId), or(eq(uploads.kind, 'image'), sql`${uploads.mime} like 'image/%'`)));
    if (!own) throw invalid(field, 'must be a picture you uploaded');
  }
  await db.transaction(async (tx) => {
    if (input.avatar !== undefined) await tx.update(users).set({ avatar: input.avatar }).where(eq(users.id, userId));
    if (input.cover !== undefined) await saveProfile(tx, userId, { cover: input.cover });
  });
};

/** Gives a member a generated picture (initials on a colour) — used for demo members. */
export const setGeneratedAvatar = async (db: Db, userId: number, url: string): Promise<void> => {
  await db.update(users).set({ avatar: url }).where(eq(users.id, userId));
};
