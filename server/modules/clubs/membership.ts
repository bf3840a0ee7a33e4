/* A member's place in a club, and the checks every club rule starts with. */
import { and, eq, isNull } from 'drizzle-orm';
import { Status } from '../../../schemas/status.ts';
import type { Db } from '../../db/client.ts';
import { clubMembers, clubs } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/answer.ts';

export type ClubRow = typeof clubs.$inferSelect;
export type Membership = { role: 'leader' | 'admin' | 'member'; status: 'active' | 'banned' };

/** A club that exists and is not dissolved, or 4002. */
export const clubFor = async (db: Db, clubId: number): Promise<ClubRow> => {
  const [club] = await db
    .select()
    .from(clubs)
    .where(and(eq(clubs.id, clubId), isNull(clubs.dissolvedAt)));
  if (!club) throw notFound('club');
  return club;
};

export const membershipOf = async (db: Db, clubId: number, userId: number): Promise<Membership | null> => {
  const [row] = await db
    .select({ role: clubMembers.role, status: clubMembers.status })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
  return (row as Membership | undefined) ?? null;
};

export const isManager = (m: Membership | null): boolean => m !== null && m.status === 'active' && (m.role === 'leader' || m.role === 'admin');

/** The member belongs to the club and is not banned; otherwise 4101 with the reason. */
export const requireActiveMember = async (db: Db, clubId: number, userId: number): Promise<Membership> => {
  const m = await membershipOf(db, clubId, userId);
  if (!m) throw new ApiError(Status.forbidden, 'clubNotMember');
  if (m.status === 'banned') throw new ApiError(Status.forbidden, 'clubBanned');
  return m;
};

/** The member is an administrator or the leader of the club; otherwise 4101. */
export const requireManager = async (db: Db, clubId: number, userId: number): Promise<Membership> => {
  const m = await membershipOf(db, clubId, userId);
  if (!isManager(m)) throw new ApiError(Status.forbidden, 'clubNotAdmin');
  return m!;
};
