/* Who may see the guarded parts of a profile, and the check every reader goes through. */
import { eq } from 'drizzle-orm';
import { PRIVACY_DEFAULTS, PRIVACY_FIELDS, type Audience, type Privacy, type PrivacyField } from '../../../schemas/api/profile.ts';
import type { Db } from '../../db/client.ts';
import { privacySettings } from '../../db/schema/index.ts';
import { areFriends } from '../friends/relations.ts';

type Row = typeof privacySettings.$inferSelect;
const columnOf: Record<PrivacyField, keyof Omit<Row, 'userId'>> = {
  email: 'email',
  mobile: 'mobile',
  birth_date: 'birthDate',
  address: 'address',
  friends_list: 'friendsList',
  albums: 'albums',
};

/** A member's settings, the defaults where they chose nothing. */
export const privacyOf = async (db: Db, userId: number): Promise<Privacy> => {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.userId, userId));
  return Object.fromEntries(PRIVACY_FIELDS.map((f) => [f, row ? (row[columnOf[f]] as Audience) : PRIVACY_DEFAULTS[f]])) as Privacy;
};

export const setPrivacy = async (db: Db, userId: number, changes: Partial<Privacy>): Promise<Privacy> => {
  const values = Object.fromEntries(Object.entries(changes).map(([f, v]) => [columnOf[f as PrivacyField], v]));
  const defaults = Object.fromEntries(PRIVACY_FIELDS.map((f) => [columnOf[f], PRIVACY_DEFAULTS[f]]));
  const insert = db.insert(privacySettings).values({ ...defaults, ...values, userId } as typeof privacySettings.$inferInsert);
  await (Object.keys(values).length ? insert.onConflictDoUpdate({ target: privacySettings.userId, set: values }) : insert.onConflictDoNothing());
  return privacyOf(db, userId);
};

/** What a viewer may see of an owner: the owner sees everything; friends what is for friends. */
export interface Visibility {
  sees: (field: PrivacyField) => boolean;
  hidden: PrivacyField[];
}

export const visibilityFor = async (db: Db, viewerId: number, ownerId: number): Promise<Visibility> => {
  if (viewerId === ownerId) return { sees: () => true, hidden: [] };
  const privacy = await privacyOf(db, ownerId);
  const friends = Object.values(privacy).includes('friends') ? await areFriends(db, viewerId, ownerId) : false;
  const allowed = (a: Audience) => a === 'everyone' || (a === 'friends' && friends);
  const hidden = PRIVACY_FIELDS.filter((f) => !allowed(privacy[f]));
  return { sees: (f) => !hidden.includes(f), hidden };
};
