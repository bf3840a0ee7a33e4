import { count, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';
import { createUser } from '../modules/auth/users.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { freezeAccount } from '../modules/auth/account-deletion.ts';
import { saveAnswers } from '../modules/auth/security-questions.ts';
import { bindAuthenticator, lockAccount, enableEmailCodes } from '../modules/auth/two-factor.ts';
import { seedPeople } from '../modules/profile/demo-people.ts';
import { seedCommunity } from '../modules/feed/demo-community.ts';
import { seedActivities } from '../modules/activities/demo-activities.ts';

/** The demo sign-in printed at start-up and given in the README. */
export const DEMO_LOGIN = { email: 'amal@example.org', password: 'Members2026' };

/**
 * The fixed authenticator secret of the demo member with two-factor on (omar@example.org): add it
 * to an authenticator app by hand ("enter a setup key", time-based) to sign in as Omar. It is a
 * demo value, documented here and in the README; it is never printed or sent anywhere.
 */
export const DEMO_TOTP_SECRET = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BAJJ2W24DT';

/**
 * The security answers of the locked demo member (lena@example.org), to try the unlocking
 * journey: question 1 (first school), 3 (first pet) and 8 (street grown up on).
 */
export const DEMO_SECURITY_ANSWERS = [
  { id: 1, answer: 'Harbour School' },
  { id: 3, answer: 'Pepper' },
  { id: 8, answer: 'Olive Street' },
];

type DemoState = 'active' | 'authenticator' | 'email-codes' | 'locked' | 'deleted';

const DEMO_MEMBERS: { email: string; nickName: string; lang: string; state: DemoState }[] = [
  { email: DEMO_LOGIN.email, nickName: 'Amal Haddad', lang: 'en', state: 'active' },
  { email: 'karim@example.org', nickName: 'Karim Mansour', lang: 'ar', state: 'active' },
  { email: 'mei@example.org', nickName: 'Mei Lin', lang: 'chi', state: 'active' },
  { email: 'priya@example.org', nickName: 'Priya Sharma', lang: 'hi', state: 'active' },
  { email: 'nikos@example.org', nickName: 'Nikos Papadopoulos', lang: 'gr', state: 'active' },
  { email: 'claire@example.org', nickName: 'Claire Martin', lang: 'fr', state: 'active' },
  // One member in each security state, all with the demo password:
  { email: 'omar@example.org', nickName: 'Omar Farouk', lang: 'en', state: 'authenticator' },
  { email: 'sofia@example.org', nickName: 'Sofia Rossi', lang: 'en', state: 'email-codes' },
  { email: 'lena@example.org', nickName: 'Lena Fischer', lang: 'en', state: 'locked' },
  { email: 'tomas@example.org', nickName: 'Tomás Silva', lang: 'en', state: 'deleted' },
];

/**
 * Fills an empty database with demo members, through the same services as real sign-ups and
 * settings. Runs on the first start only: a database with any member is left as it is.
 */
export const seedDemoData = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  // One hash for the shared demo password keeps the first start fast; each row still has its salt's hash.
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  for (const m of DEMO_MEMBERS) {
    const user = await createUser(db, { email: m.email, password: DEMO_LOGIN.password, nickName: m.nickName, lang: m.lang, passwordHash });
    if (!user) continue;
    if (m.state === 'authenticator') await bindAuthenticator(db, user.id, DEMO_TOTP_SECRET, null);
    if (m.state === 'email-codes') await enableEmailCodes(db, user.id);
    if (m.state === 'locked') {
      await enableEmailCodes(db, user.id);
      await saveAnswers(db, user.id, DEMO_SECURITY_ANSWERS);
      await db.update(users).set({ secondFactorFailures: 6 }).where(eq(users.id, user.id));
      await lockAccount(db, user.id);
    }
    // Deleted three days ago: it can still be reactivated by signing in, for 27 more days.
    if (m.state === 'deleted') await freezeAccount(db, user.id, new Date(Date.now() - 3 * 24 * 60 * 60 * 1000));
  }
  // The organisation's chapters, about 50 members with full profiles, friendships and requests.
  await seedPeople(db, passwordHash);
  // Posts, clubs, chapter pages and notifications (amal@example.org has some of each).
  await seedCommunity(db);
  // An event, a course, a meeting and a project, with their chat rooms.
  await seedActivities(db);
  return true;
};
