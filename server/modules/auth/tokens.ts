import crypto from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { Member } from '../../http/context.ts';

/**
 * Sign-in tokens: 256 random bits, given to the client once; only their SHA-256 is stored.
 * verifyToken rotates a token; the previous one stays valid for ROTATION_GRACE_MS so that
 * requests already in flight from other tabs are not signed out.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ROTATION_GRACE_MS = 60 * 1000;

export const newToken = (): string => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** The token from an `authorization` header: the bare token, or `Bearer <token>`. */
export const tokenFromHeader = (header: string | undefined): string | null => {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length >= 16 && token.length <= 256 ? token : null;
};

export const createSession = async (
  db: Db,
  userId: number,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; sessionId: number }> => {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 512),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
};

/** The member a token belongs to, or null when it is unknown, expired, revoked or the account is not active. */
export const memberOfToken = async (db: Db, token: string): Promise<Member | null> => {
  const hash = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, nickName: users.nickName, avatar: users.avatar })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        or(eq(sessions.tokenHash, hash), and(eq(sessions.prevTokenHash, hash), gt(sessions.prevValidUntil, now))),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > 5 * 60 * 1000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { userId: row.userId, sessionId: row.sessionId, nickName: row.nickName, avatar: row.avatar };
};

/** Issues a new token for the session and extends it; the old token keeps working for a minute. */
export const rotateToken = async (db: Db, sessionId: number, presented?: string): Promise<string> => {
  const token = newToken();
  const presentedHash = presented ? hashToken(presented) : null;
  await db
    .update(sessions)
    .set({
      // A client still presenting the previous token never got the last rotation's answer (a
      // reload cut it off): that token stays the previous one, or the client would be locked out.
      prevTokenHash: presentedHash
        ? sql`case when ${sessions.prevTokenHash} = ${presentedHash} then ${sessions.prevTokenHash} else ${sessions.tokenHash} end`
        : sessions.tokenHash,
      prevValidUntil: new Date(Date.now() + ROTATION_GRACE_MS),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      lastSeenAt: new Date(),
    })
    .where(eq(sessions.id, sessionId));
  return token;
};

export const revokeSession = async (db: Db, sessionId: number): Promise<void> => {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
};

/** Ends every session of a member, but `keepSessionId` (a password change keeps the current one). */
export const revokeAllSessions = async (db: Db, userId: number, keepSessionId?: number): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : sql`${sessions.id} <> ${keepSessionId}`,
      ),
    );
};
