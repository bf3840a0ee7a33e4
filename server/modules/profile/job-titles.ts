/* Offices held in the organisation: declared on the profile, or sent for confirmation, with their history. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_TITLES, PROFESSIONAL_TITLES, type ProfessionalTitle, type UserJobTitle } from '../../../schemas/api/career.ts';
import type { LangCode } from '../../../schemas/languages.ts';
import type { Db } from '../../db/client.ts';
import { chapters, jobTitleLog, userJobTitles } from '../../db/schema/index.ts';
import { invalid, notFound, refuse } from '../../http/answer.ts';
import { titleName } from './catalogues.ts';
import { countOwned, refuseNotOwned } from './owned.ts';

const LEVEL_RANK = sql`case ${chapters.level} when 'global' then 5 when 'area' then 4 when 'national' then 3 when 'regional' then 2 else 1 end`;
/** Shown on a profile: declared by the member, or confirmed by the organisation. */
const SHOWN = ['declared', 'approved'];

const select = (db: Db) =>
  db
    .select({ t: userJobTitles, chapterId: chapters.id, chapterName: chapters.name, chapterLevel: chapters.level })
    .from(userJobTitles)
    .leftJoin(chapters, eq(chapters.id, userJobTitles.chapterId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const view = (lang: LangCode) => (r: Row): UserJobTitle => ({
  user_title_id: r.t.id,
  user_id: r.t.userId,
  title: r.t.title,
  title_name: titleName(lang, r.t.title),
  level: PROFESSIONAL_TITLES[r.t.title as ProfessionalTitle] ?? '',
  chapter: r.chapterId === null ? null : { id: r.chapterId, name: r.chapterName ?? '', level: (r.chapterLevel ?? 'local') as 'local' },
  year: r.t.year,
  status: r.t.status as UserJobTitle['status'],
  note: r.t.note,
  created_at: r.t.createdAt.toISOString(),
});

const log = (db: Db, userId: number, row: { id: number | null; title: string; year: number }, action: string) =>
  db.insert(jobTitleLog).values({ userId, userTitleId: row.id, title: row.title, year: row.year, action });

type TitleInput = { title: ProfessionalTitle; chapter_id: number; year: number; note?: string };

/** Declares an office (status declared) or asks for its confirmation (pending). */
export const addTitle = async (db: Db, lang: LangCode, userId: number, input: TitleInput, status: 'declared' | 'pending'): Promise<UserJobTitle> => {
  const level = PROFESSIONAL_TITLES[input.title];
  const [chapter] = await db.select().from(chapters).where(eq(chapters.id, input.chapter_id));
  if (!chapter) throw invalid('chapter_id', 'must be a chapter of the organisation');
  if (chapter.level !== level) throw invalid('chapter_id', `must be a ${level} chapter for this office`);
  if (input.year > new Date().getUTCFullYear() + 1) throw invalid('year', 'must not be more than a year ahead');
  if ((await countOwned(db, userJobTitles, userId)) >= MAX_TITLES) throw refuse('titlesFull', { max: MAX_TITLES });
  const same = and(
    eq(userJobTitles.userId, userId),
    eq(userJobTitles.title, input.title),
    eq(userJobTitles.chapterId, input.chapter_id),
    eq(userJobTitles.year, input.year),
    inArray(userJobTitles.status, status === 'pending' ? ['pending', 'approved'] : ['declared', 'approved']),
  );
  if ((await db.select({ id: userJobTitles.id }).from(userJobTitles).where(same)).length) throw refuse('titleDuplicate');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userJobTitles)
      .values({ userId, title: input.title, chapterId: input.chapter_id, year: input.year, status, note: (input.note ?? '').trim() })
      .returning();
    await log(tx, userId, row!, status === 'pending' ? 'applied' : 'declared');
    return row!.id;
  });
  return (await select(db).where(eq(userJobTitles.id, id))).map(view(lang))[0]!;
};

/** The offices a member shows, latest year first, higher level first within a year. */
export const titlesShown = async (db: Db, lang: LangCode, userId: number): Promise<UserJobTitle[]> =>
  (
    await select(db)
      .where(and(eq(userJobTitles.userId, userId), inArray(userJobTitles.status, SHOWN)))
      .orderBy(desc(userJobTitles.year), desc(LEVEL_RANK), desc(userJobTitles.id))
  ).map(view(lang));

export const applications = async (db: Db, lang: LangCode, userId: number, page: number, pageSize: number) => {
  const where = and(eq(userJobTitles.userId, userId), inArray(userJobTitles.status, ['pending', 'approved', 'rejected']));
  const rows = await select(db)
    .where(where)
    .orderBy(desc(userJobTitles.createdAt), desc(userJobTitles.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(userJobTitles).where(where);
  return { list: rows.slice(0, pageSize).map(view(lang)), page, page_size: pageSize, has_more: rows.length > pageSize, total: count?.n ?? 0 };
};

/** Removes an office (or withdraws a request); the history keeps a line saying so. */
export const removeTitle = async (db: Db, userId: number, id: number): Promise<void> => {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(userJobTitles)
      .where(and(eq(userJobTitles.id, id), eq(userJobTitles.userId, userId)))
      .returning();
    if (!row) return refuseNotOwned(tx, userJobTitles, id, 'title');
    await log(tx, userId, { id: null, title: row.title, year: row.year }, row.status === 'pending' ? 'withdrawn' : 'removed');
  });
};

/** One entry: any of one's own; another member's only when it shows on their profile. */
export const titleEntry = async (db: Db, lang: LangCode, viewerId: number, id: number): Promise<UserJobTitle> => {
  const [row] = await select(db).where(eq(userJobTitles.id, id));
  if (!row || (row.t.userId !== viewerId && !SHOWN.includes(row.t.status))) throw notFound('title');
  return view(lang)(row);
};

export const titleLog = async (db: Db, lang: LangCode, userId: number, page: number, pageSize: number) => {
  const rows = await db
    .select()
    .from(jobTitleLog)
    .where(eq(jobTitleLog.userId, userId))
    .orderBy(desc(jobTitleLog.at), desc(jobTitleLog.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(jobTitleLog).where(eq(jobTitleLog.userId, userId));
  return {
    list: rows.slice(0, pageSize).map((r) => ({
      log_id: r.id,
      user_title_id: r.userTitleId,
      title: r.title,
      title_name: titleName(lang, r.title),
      year: r.year,
      action: r.action as 'declared',
      at: r.at.toISOString(),
    })),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
    total: count?.n ?? 0,
  };
};
