/* What members, administrators, the leader and the creator do in a club; every rule is checked here. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ClubDecision } from '../../../schemas/api/notifications.ts';
import { Status } from '../../../schemas/status.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { clubApplications, clubMedia, clubMembers, clubs } from '../../db/schema/index.ts';
import { ApiError, forbidden, invalid, notFound, refuse } from '../../http/answer.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import { notify } from '../notifications/notify.ts';
import { clubFor, membershipOf, requireActiveMember, requireManager } from './membership.ts';

type Deps = { db: Db; realtime: Realtime };

export interface ClubFields {
  name?: string;
  intro?: string;
  category?: string;
  joinMode?: string;
  avatar?: string;
  cover?: string;
  contact?: string;
}

const trimmed = (f: ClubFields) => ({
  ...(f.name !== undefined ? { name: f.name.trim() } : {}),
  ...(f.intro !== undefined ? { intro: f.intro.trim() } : {}),
  ...(f.category !== undefined ? { category: f.category } : {}),
  ...(f.joinMode !== undefined ? { joinMode: f.joinMode } : {}),
  ...(f.avatar !== undefined ? { avatar: f.avatar } : {}),
  ...(f.cover !== undefined ? { cover: f.cover } : {}),
  ...(f.contact !== undefined ? { contact: f.contact.trim() } : {}),
});

const decision = (deps: Deps, userId: number, clubId: number, topic: ClubDecision, actorId: number | null) =>
  notify(deps, { userId, kind: 'club', clubId, topic, actorId });

/** Tells the leader and administrators of a club (but not `except`). */
const tellManagers = async (deps: Deps, clubId: number, topic: ClubDecision, actorId: number) => {
  const managers = await deps.db
    .select({ userId: clubMembers.userId })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, 'active'), inArray(clubMembers.role, ['leader', 'admin'])));
  for (const { userId } of managers) await decision(deps, userId, clubId, topic, actorId);
};

/** Creates a club; its creator is its leader. */
export const createClub = async (db: Db, creatorId: number, fields: Required<Pick<ClubFields, 'name' | 'category' | 'joinMode'>> & ClubFields, channelId: number | null = null) =>
  db.transaction(async (tx) => {
    const [club] = await tx
      .insert(clubs)
      .values({ name: fields.name.trim(), category: fields.category, joinMode: fields.joinMode, ...trimmed(fields), channelId, creatorId })
      .returning({ id: clubs.id });
    await tx.insert(clubMembers).values({ clubId: club!.id, userId: creatorId, role: 'leader' });
    return club!.id;
  });

export const editClub = async (db: Db, actorId: number, clubId: number, fields: ClubFields) => {
  await clubFor(db, clubId);
  await requireManager(db, clubId, actorId);
  const changes = trimmed(fields);
  if (Object.keys(changes).length) await db.update(clubs).set(changes).where(eq(clubs.id, clubId));
};

/** Dissolves a club: its creator only, whoever leads it now. Its members are told. */
export const dissolveClub = async (deps: Deps, actorId: number, clubId: number) => {
  const club = await clubFor(deps.db, clubId);
  if (club.creatorId !== actorId) throw new ApiError(Status.forbidden, 'clubOnlyCreator');
  const members = await deps.db.transaction(async (tx) => {
    await tx.update(clubs).set({ dissolvedAt: new Date() }).where(eq(clubs.id, clubId));
    await tx
      .update(clubApplications)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(clubApplications.clubId, clubId), eq(clubApplications.status, 'pending')));
    return tx.select({ userId: clubMembers.userId }).from(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.status, 'active')));
  });
  for (const { userId } of members) await decision(deps, userId, clubId, 'dissolved', actorId);
};

/** Leaves a club. The leader hands the leadership on first; a banned member stays banned. */
export const leaveClub = async (db: Db, userId: number, clubId: number) => {
  await clubFor(db, clubId);
  const m = await requireActiveMember(db, clubId, userId);
  if (m.role === 'leader') throw refuse('clubLeaderMustTransfer');
  await db.transaction(async (tx) => {
    await tx.delete(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, userId)));
    await tx
      .update(clubApplications)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(clubApplications.clubId, clubId), eq(clubApplications.userId, userId), eq(clubApplications.status, 'pending')));
  });
};

/** Joins an open club at once; for a club that approves its members, files an application (once). */
export const joinClub = async (deps: Deps, userId: number, clubId: number, message: string) => {
  const club = await clubFor(deps.db, clubId);
  const m = await membershipOf(deps.db, clubId, userId);
  if (m?.status === 'banned') throw new ApiError(Status.forbidden, 'clubBanned');
  if (m) return;
  if (club.joinMode === 'open') {
    await deps.db.insert(clubMembers).values({ clubId, userId }).onConflictDoNothing();
    return;
  }
  const [filed] = await deps.db
    .insert(clubApplications)
    .values({ clubId, userId, kind: 'join', message: message.trim() })
    .onConflictDoNothing()
    .returning({ id: clubApplications.id });
  if (filed) await tellManagers(deps, clubId, 'join_request', userId);
};

/** Asks to become an administrator (members only; once until decided). */
export const applyForAdmin = async (deps: Deps, userId: number, clubId: number, message: string) => {
  await clubFor(deps.db, clubId);
  const m = await requireActiveMember(deps.db, clubId, userId);
  if (m.role !== 'member') throw refuse('clubAlreadyAdmin');
  const [filed] = await deps.db
    .insert(clubApplications)
    .values({ clubId, userId, kind: 'admin', message: message.trim() })
    .onConflictDoNothing()
    .returning({ id: clubApplications.id });
  if (filed) await tellManagers(deps, clubId, 'admin_request', userId);
};

/** An administrator or the leader decides an open application; the applicant is told. */
export const decideApplication = async (deps: Deps, actorId: number, applicationId: number, approve: boolean) => {
  const { db } = deps;
  const [app] = await db.select().from(clubApplications).where(eq(clubApplications.id, applicationId));
  if (!app || app.status !== 'pending') throw notFound('application');
  await clubFor(db, app.clubId);
  await requireManager(db, app.clubId, actorId);
  const current = await membershipOf(db, app.clubId, app.userId);
  if (approve && app.kind === 'join' && current?.status === 'banned') throw new ApiError(Status.refused, 'clubApplicantBanned');
  if (approve && app.kind === 'admin' && current?.status !== 'active') throw refuse('clubApplicantLeft');
  await db.transaction(async (tx) => {
    await tx
      .update(clubApplications)
      .set({ status: approve ? 'approved' : 'declined', decidedAt: new Date(), decidedBy: actorId })
      .where(eq(clubApplications.id, applicationId));
    if (!approve) return;
    if (app.kind === 'join') await tx.insert(clubMembers).values({ clubId: app.clubId, userId: app.userId }).onConflictDoNothing();
    else await tx.update(clubMembers).set({ role: 'admin' }).where(and(eq(clubMembers.clubId, app.clubId), eq(clubMembers.userId, app.userId), eq(clubMembers.role, 'member')));
  });
  const topic: ClubDecision = app.kind === 'join' ? (approve ? 'join_approved' : 'join_declined') : approve ? 'admin_approved' : 'admin_declined';
  await decision(deps, app.userId, app.clubId, topic, actorId);
};

/**
 * Makes a member an administrator (administrators and the leader may), or an administrator a
 * member again (the leader only). An open request to become administrator is settled with it.
 */
export const setAdmin = async (deps: Deps, actorId: number, clubId: number, targetId: number, admin: boolean) => {
  const { db } = deps;
  await clubFor(db, clubId);
  const actor = await requireManager(db, clubId, actorId);
  if (targetId === actorId) throw invalid('user_id', 'cannot be yourself');
  const target = await membershipOf(db, clubId, targetId);
  if (!target || target.status !== 'active') throw notFound('member');
  if (target.role === 'leader') throw refuse('clubLeaderRole');
  if (admin) {
    if (target.role === 'admin') return;
    await db.transaction(async (tx) => {
      await tx.update(clubMembers).set({ role: 'admin' }).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, targetId)));
      await tx
        .update(clubApplications)
        .set({ status: 'approved', decidedAt: new Date(), decidedBy: actorId })
        .where(and(eq(clubApplications.clubId, clubId), eq(clubApplications.userId, targetId), eq(clubApplications.kind, 'admin'), eq(clubApplications.status, 'pending')));
    });
    await decision(deps, targetId, clubId, 'promoted', actorId);
    return;
  }
  if (actor.role !== 'leader') throw new ApiError(Status.forbidden, 'clubOnlyLeader');
  if (target.role === 'member') return;
  await db.update(clubMembers).set({ role: 'member' }).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, targetId)));
  await decision(deps, targetId, clubId, 'demoted', actorId);
};

/** Hands the leadership to another active member (the leader only); the former leader stays as an administrator. */
export const transferLeadership = async (deps: Deps, actorId: number, clubId: number, targetId: number) => {
  const { db } = deps;
  await clubFor(db, clubId);
  const actor = await membershipOf(db, clubId, actorId);
  if (actor?.status !== 'active' || actor.role !== 'leader') throw new ApiError(Status.forbidden, 'clubOnlyLeader');
  if (targetId === actorId) throw invalid('user_id', 'cannot be yourself');
  const target = await membershipOf(db, clubId, targetId);
  if (!target || target.status !== 'active') throw notFound('member');
  await db.transaction(async (tx) => {
    // One leader at a time (club_members_one_leader_key): step down first.
    await tx.update(clubMembers).set({ role: 'admin' }).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, actorId)));
    await tx.update(clubMembers).set({ role: 'leader' }).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, targetId)));
    await tx
      .update(clubApplications)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(clubApplications.clubId, clubId), eq(clubApplications.userId, targetId), eq(clubApplications.kind, 'admin'), eq(clubApplications.status, 'pending')));
  });
  await decision(deps, targetId, clubId, 'leader', actorId);
};

/**
 * Removes, bans or unbans a member. Administrators and the leader may; only the leader acts on
 * an administrator, and nobody on the leader. A member who is not an administrator gets 4101.
 */
export const moderateMember = async (deps: Deps, actorId: number, clubId: number, targetId: number, action: 'remove' | 'ban' | 'unban') => {
  const { db } = deps;
  await clubFor(db, clubId);
  const actor = await requireManager(db, clubId, actorId);
  if (targetId === actorId) throw invalid('user_id', 'cannot be yourself');
  const target = await membershipOf(db, clubId, targetId);
  if (!target) throw notFound('member');
  if (target.role === 'leader') throw forbidden();
  if (target.role === 'admin' && actor.role !== 'leader') throw new ApiError(Status.forbidden, 'clubOnlyLeader');
  const where = and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, targetId));
  const withdrawApplications = () =>
    db
      .update(clubApplications)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(clubApplications.clubId, clubId), eq(clubApplications.userId, targetId), eq(clubApplications.status, 'pending')));
  if (action === 'unban') {
    if (target.status !== 'banned') throw refuse('clubNotBanned');
    // The ban is lifted: they are out of the club and may join or apply again.
    await db.delete(clubMembers).where(where);
    await decision(deps, targetId, clubId, 'unbanned', actorId);
    return;
  }
  if (action === 'ban') {
    if (target.status === 'banned') return;
    await db.update(clubMembers).set({ status: 'banned', role: 'member' }).where(where);
    await withdrawApplications();
    await decision(deps, targetId, clubId, 'banned', actorId);
    return;
  }
  await db.delete(clubMembers).where(where);
  await withdrawApplications();
  await decision(deps, targetId, clubId, 'removed', actorId);
};

/** Adds a photo or a video to a club's album (its active members). */
export const addMedia = async (db: Db, userId: number, clubId: number, input: { kind: 'photo' | 'video'; url: string; cover?: string; caption?: string }) => {
  await clubFor(db, clubId);
  await requireActiveMember(db, clubId, userId);
  const [row] = await db
    .insert(clubMedia)
    .values({ clubId, userId, kind: input.kind, url: input.url, cover: input.cover ?? '', caption: (input.caption ?? '').trim() })
    .returning({ id: clubMedia.id });
  return row!.id;
};

/** Counts for a club's page; applications and banned members only for its administrators. */
export const clubTotals = async (db: Db, viewerId: number, clubId: number) => {
  await clubFor(db, clubId);
  const m = await membershipOf(db, clubId, viewerId);
  const manager = m?.status === 'active' && m.role !== 'member';
  const [totals] = await queryRows<{ members: number; admins: number; posts: number; photos: number; videos: number; applications: number; banned: number }>(
    db,
    sql`select
      (select count(*) from club_members where club_id = ${clubId} and status = 'active')::int as members,
      (select count(*) from club_members where club_id = ${clubId} and status = 'active' and role in ('leader', 'admin'))::int as admins,
      (select count(*) from posts where club_id = ${clubId} and deleted_at is null)::int as posts,
      (select count(*) from club_media where club_id = ${clubId} and kind = 'photo')::int as photos,
      (select count(*) from club_media where club_id = ${clubId} and kind = 'video')::int as videos,
      (select count(*) from club_applications where club_id = ${clubId} and status = 'pending')::int as applications,
      (select count(*) from club_members where club_id = ${clubId} and status = 'banned')::int as banned`,
  );
  return { ...totals!, applications: manager ? totals!.applications : 0, banned: manager ? totals!.banned : 0 };
};
