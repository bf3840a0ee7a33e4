import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from './passwords.ts';

/** E-mail addresses are compared without case and surrounding space. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export type UserRow = typeof users.$inferSelect;

export const userInfoOf = (u: UserRow) => ({ user_id: u.id, nick_name: u.nickName, avatar: u.avatar, email: u.email });

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1))[0];

/** Creates a member; null when the e-mail is taken. The seed goes through here too. */
export const createUser = async (
  db: Db,
  input: { email: string; password: string; nickName: string; lang?: string; passwordHash?: string },
): Promise<UserRow | null> => {
  const [row] = await db
    .insert(users)
    .values({
      email: normaliseEmail(input.email),
      passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
      nickName: input.nickName.trim(),
      lang: input.lang ?? 'en',
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
};

export const findUserById = async (db: Db, id: number): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
