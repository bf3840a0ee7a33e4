import { count } from 'drizzle-orm';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';
import { createUser } from '../modules/auth/users.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

/** The demo sign-in printed at start-up and given in the README. */
export const DEMO_LOGIN = { email: 'amal@example.org', password: 'Members2026' };

const DEMO_MEMBERS = [
  { email: DEMO_LOGIN.email, nickName: 'Amal Haddad', lang: 'en' },
  { email: 'karim@example.org', nickName: 'Karim Mansour', lang: 'ar' },
  { email: 'mei@example.org', nickName: 'Mei Lin', lang: 'chi' },
  { email: 'priya@example.org', nickName: 'Priya Sharma', lang: 'hi' },
  { email: 'nikos@example.org', nickName: 'Nikos Papadopoulos', lang: 'gr' },
  { email: 'claire@example.org', nickName: 'Claire Martin', lang: 'fr' },
];

/**
 * Fills an empty database with demo members, through the same services as real sign-ups.
 * Runs on the first start only: a database with any member is left as it is.
 */
export const seedDemoData = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  // One hash for the shared demo password keeps the first start fast; each row still has its salt's hash.
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  for (const m of DEMO_MEMBERS) {
    await createUser(db, { email: m.email, password: DEMO_LOGIN.password, nickName: m.nickName, lang: m.lang, passwordHash });
  }
  return true;
};
