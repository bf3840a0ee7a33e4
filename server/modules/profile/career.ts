/* Skills, education, work and project experience, and hobbies: each member writes only their own. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_EDUCATION,
  MAX_HOBBIES,
  MAX_PROJECTS,
  MAX_SKILLS,
  MAX_WORK,
  type Education,
  type Project,
  type Skill,
  type Work,
} from '../../../schemas/api/career.ts';
import type { LangCode } from '../../../schemas/languages.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.ts';
import { educations, hobbies, projectExperiences, skills, workExperiences } from '../../db/schema/index.ts';
import { invalid, refuse } from '../../http/answer.ts';
import { classificationOf, employmentName, industryName, SKILL_CATALOGUE } from './catalogues.ts';
import { countOwned, deleteOwned, ownedBy, refuseNotOwned, type OwnedTable } from './owned.ts';

/** An entry that ended before it began is refused by the field that is wrong. */
const checkPeriod = (start: string, end = '') => {
  if (end !== '' && end < start) throw invalid('end', 'must not be before the start');
};
const clean = (s: string | undefined) => (s ?? '').trim();

/** Ongoing entries first, then by end and start, latest first. */
const latestFirst = (t: { end: AnyPgColumn; start: AnyPgColumn; id: AnyPgColumn }) =>
  [sql`(${t.end} = '') desc`, desc(t.end), desc(t.start), desc(t.id)];

/** Updates one owned row and returns it, or refuses (4002 unknown, 4101 someone else's). */
const updateOwned = async <R>(db: Db, table: OwnedTable, id: number, userId: number, what: string, values: Record<string, unknown>): Promise<R> => {
  const [row] = (await db.update(table).set(values).where(ownedBy(table, id, userId)).returning()) as R[];
  if (!row) return refuseNotOwned(db, table, id, what);
  return row;
};

// Skills
const skillView = (r: typeof skills.$inferSelect): Skill => ({ skill_id: r.id, name: r.name, classification: r.classification, created_at: r.createdAt.toISOString() });

export const addSkill = async (db: Db, userId: number, name: string, classification?: string): Promise<Skill> => {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  // Counted and inserted under a lock on the member's rows, so two tabs cannot make a 41st.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skills'), ${userId})`);
    if ((await countOwned(tx, skills, userId)) >= MAX_SKILLS) throw refuse('skillsFull', { max: MAX_SKILLS });
    const [row] = await tx
      .insert(skills)
      .values({ userId, name: trimmed, classification: classification ?? classificationOf(trimmed) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw refuse('skillDuplicate', { name: trimmed });
    return skillView(row);
  });
};
export const deleteSkill = (db: Db, userId: number, id: number) => deleteOwned(db, skills, id, userId, 'skill');
export const skillsOf = async (db: Db, userId: number): Promise<Skill[]> =>
  (await db.select().from(skills).where(eq(skills.userId, userId)).orderBy(asc(skills.createdAt), asc(skills.id))).map(skillView);

/** Suggestions: names other members use most and catalogue names, starting with the words typed, minus the member's own. */
export const recommendSkills = async (db: Db, userId: number, keyword: string, classification?: string) => {
  const kw = keyword.trim().toLowerCase();
  const mine = new Set((await skillsOf(db, userId)).map((s) => s.name.toLowerCase()));
  const popular = await queryRows<{ name: string; classification: string; members: number }>(
    db,
    sql`select min(name) as name, max(classification) as classification, count(*)::int as members from ${skills}
        where ${kw ? sql`lower(name) like ${`${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`true`}
          ${classification ? sql`and classification = ${classification}` : sql``}
        group by lower(name) order by count(*) desc, lower(name) limit 40`,
  );
  const catalogue = Object.entries(SKILL_CATALOGUE)
    .filter(([c]) => !classification || c === classification)
    .flatMap(([c, names]) => names.map((name) => ({ name, classification: c, members: 0 })))
    .filter((s) => !kw || s.name.toLowerCase().startsWith(kw));
  const seen = new Set<string>();
  return [...popular, ...catalogue]
    .filter((s) => {
      const key = s.name.toLowerCase();
      if (mine.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 20);
};

// Education
type EducationInput = { school: string; degree?: string; field?: string; start: string; end?: string; description?: string };
const educationView = (r: typeof educations.$inferSelect): Education => ({
  education_id: r.id,
  school: r.school,
  degree: r.degree,
  field: r.field,
  start: r.start,
  end: r.end,
  description: r.description,
});
const educationValues = (i: EducationInput) => {
  checkPeriod(i.start, i.end);
  return { school: clean(i.school), degree: clean(i.degree), field: clean(i.field), start: i.start, end: i.end ?? '', description: clean(i.description) };
};
export const addEducation = async (db: Db, userId: number, input: EducationInput): Promise<Education> => {
  const values = educationValues(input);
  if ((await countOwned(db, educations, userId)) >= MAX_EDUCATION) throw refuse('educationFull', { max: MAX_EDUCATION });
  const [row] = await db.insert(educations).values({ ...values, userId }).returning();
  return educationView(row!);
};
export const editEducation = async (db: Db, userId: number, id: number, input: EducationInput): Promise<Education> =>
  educationView(await updateOwned(db, educations, id, userId, 'education entry', educationValues(input)));
export const deleteEducation = (db: Db, userId: number, id: number) => deleteOwned(db, educations, id, userId, 'education entry');
export const educationOf = async (db: Db, userId: number): Promise<Education[]> =>
  (await db.select().from(educations).where(eq(educations.userId, userId)).orderBy(...latestFirst(educations))).map(educationView);

// Work
type WorkInput = { company: string; position: string; employment_type: string; industry: string; location?: string; start: string; end?: string; description?: string };
export const workView = (lang: LangCode) => (r: typeof workExperiences.$inferSelect): Work => ({
  work_id: r.id,
  company: r.company,
  position: r.position,
  employment_type: r.employmentType,
  employment_type_name: employmentName(lang, r.employmentType),
  industry: r.industry,
  industry_name: industryName(lang, r.industry),
  location: r.location,
  start: r.start,
  end: r.end,
  is_current: r.end === '',
  description: r.description,
});
const workValues = (i: WorkInput) => {
  checkPeriod(i.start, i.end);
  return {
    company: clean(i.company),
    position: clean(i.position),
    employmentType: i.employment_type,
    industry: i.industry,
    location: clean(i.location),
    start: i.start,
    end: i.end ?? '',
    description: clean(i.description),
  };
};
export const addWork = async (db: Db, lang: LangCode, userId: number, input: WorkInput): Promise<Work> => {
  const values = workValues(input);
  if ((await countOwned(db, workExperiences, userId)) >= MAX_WORK) throw refuse('workFull', { max: MAX_WORK });
  const [row] = await db.insert(workExperiences).values({ ...values, userId }).returning();
  return workView(lang)(row!);
};
export const editWork = async (db: Db, lang: LangCode, userId: number, id: number, input: WorkInput): Promise<Work> =>
  workView(lang)(await updateOwned(db, workExperiences, id, userId, 'job', workValues(input)));
export const deleteWork = (db: Db, userId: number, id: number) => deleteOwned(db, workExperiences, id, userId, 'job');
export const workOf = async (db: Db, lang: LangCode, userId: number, limit?: { page: number; pageSize: number }) => {
  const query = db.select().from(workExperiences).where(eq(workExperiences.userId, userId)).orderBy(...latestFirst(workExperiences));
  const rows = limit ? await query.limit(limit.pageSize + 1).offset((limit.page - 1) * limit.pageSize) : await query;
  return rows.map(workView(lang));
};

// Projects
type ProjectInput = { name: string; role?: string; start: string; end?: string; url?: string; description?: string };
export const projectView = (r: typeof projectExperiences.$inferSelect): Project => ({
  project_id: r.id,
  name: r.name,
  role: r.role,
  start: r.start,
  end: r.end,
  url: r.url,
  description: r.description,
});
const projectValues = (i: ProjectInput) => {
  checkPeriod(i.start, i.end);
  return { name: clean(i.name), role: clean(i.role), start: i.start, end: i.end ?? '', url: clean(i.url), description: clean(i.description) };
};
export const addProject = async (db: Db, userId: number, input: ProjectInput): Promise<Project> => {
  const values = projectValues(input);
  if ((await countOwned(db, projectExperiences, userId)) >= MAX_PROJECTS) throw refuse('projectsFull', { max: MAX_PROJECTS });
  const [row] = await db.insert(projectExperiences).values({ ...values, userId }).returning();
  return projectView(row!);
};
export const editProject = async (db: Db, userId: number, id: number, input: ProjectInput): Promise<Project> =>
  projectView(await updateOwned(db, projectExperiences, id, userId, 'project entry', projectValues(input)));
export const deleteProject = (db: Db, userId: number, id: number) => deleteOwned(db, projectExperiences, id, userId, 'project entry');
export const projectsOf = async (db: Db, userId: number): Promise<Project[]> =>
  (await db.select().from(projectExperiences).where(eq(projectExperiences.userId, userId)).orderBy(...latestFirst(projectExperiences))).map(projectView);
export const findProject = async (db: Db, id: number) => (await db.select().from(projectExperiences).where(eq(projectExperiences.id, id)))[0];

// Hobbies
export const hobbiesOf = async (db: Db, userId: number) =>
  (await db.select().from(hobbies).where(eq(hobbies.userId, userId)).orderBy(asc(hobbies.createdAt), asc(hobbies.id))).map((r) => ({ hobby_id: r.id, name: r.name }));

/** Adds the new names (ones the member has, in any case, are skipped) if the total stays within the limit. */
export const addHobbies = async (db: Db, userId: number, names: string[]) => {
  const current = await hobbiesOf(db, userId);
  const existing = current.length;
  const have = new Set(current.map((h) => h.name.toLowerCase()));
  // The first spelling of each new name, in the order given.
  const fresh: string[] = [];
  for (const name of names.map((n) => n.trim().replace(/\s+/g, ' '))) {
    if (!have.has(name.toLowerCase())) fresh.push(name);
    have.add(name.toLowerCase());
  }
  if (existing + fresh.length > MAX_HOBBIES) throw refuse('hobbiesFull', { max: MAX_HOBBIES });
  if (fresh.length) await db.insert(hobbies).values(fresh.map((name) => ({ userId, name }))).onConflictDoNothing();
  return hobbiesOf(db, userId);
};
export const deleteHobby = (db: Db, userId: number, id: number) => deleteOwned(db, hobbies, id, userId, 'hobby');

