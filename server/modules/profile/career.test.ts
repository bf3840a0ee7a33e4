import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Education, Project, Skill, UserJobTitle, Work } from '../../../schemas/api/career.ts';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
import { addChapter } from './places.ts';

type M = Awaited<ReturnType<typeof createMember>>;

describe(`Skills, education, work, projects, hobbies and offices (${engineName})`, () => {
  let server: TestServer;
  let local = 0;
  let national = 0;
  const as = <T = unknown>(who: M, name: string, body: Record<string, unknown> = {}, method: 'GET' | 'POST' = 'POST') =>
    server.call<T>(name, body, { token: who.token, method });

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    const world = await addChapter(db, { name: 'Worldwide', level: 'global', parentId: null });
    const area = await addChapter(db, { name: 'Asia and the Pacific', level: 'area', parentId: world });
    national = await addChapter(db, { name: 'India', level: 'national', parentId: area, country: 'IN' });
    local = await addChapter(db, { name: 'Mumbai Leaders', level: 'local', parentId: national, country: 'IN' });
  });
  afterAll(() => server.close());

  test('A profile holds at most 40 skills: the 41st is refused with a clear message and not stored', async () => {
    const m = await createMember(server);
    for (let i = 1; i <= 40; i++) expect((await as(m, 'addSkill', { name: `Skill ${i}` })).status).toBe(Status.ok);
    const res = await as(m, 'addSkill', { name: 'Skill 41' });
    expect(res.status).toBe(Status.refused);
    expect(res.msg).toBe('You already have 40 skills, the most a profile can hold. Remove one to add another.');
    const list = await as<{ list: Skill[]; total: number; max: number }>(m, 'skillList', {}, 'GET');
    expect(list.data).toMatchObject({ total: 40, max: 40 });
    expect(list.data!.list.map((s) => s.name)).not.toContain('Skill 41');
    // Forty added at once from two tabs still stop at 40.
    const [n] = list.data!.list;
    await as(m, 'delSkill', { skill_id: n!.skill_id });
    const raced = await Promise.all([as(m, 'addSkill', { name: 'Race A' }), as(m, 'addSkill', { name: 'Race B' })]);
    expect(raced.map((r) => r.status).sort()).toEqual([Status.ok, Status.refused]);
    expect((await as<{ total: number }>(m, 'skillList', {}, 'GET')).data!.total).toBe(40);
  });

  test('The same skill twice is refused whatever its case; catalogue skills get their kind', async () => {
    const m = await createMember(server);
    const added = await as<Skill>(m, 'addSkill', { name: '  Public   speaking ' });
    expect(added.data).toMatchObject({ name: 'Public speaking', classification: 'communication' });
    const again = await as(m, 'addSkill', { name: 'PUBLIC SPEAKING' });
    expect(again.msg).toBe('You already have the skill PUBLIC SPEAKING.');
    const suggested = await as<{ name: string }[]>(m, 'recommendSkill', { keyword: 'pub' });
    expect(suggested.data!.map((s) => s.name)).not.toContain('Public speaking');
    const kinds = await as<{ key: string; name: string; skills: string[] }[]>(m, 'SkillClassificationList');
    expect(kinds.data!.find((k) => k.key === 'communication')).toMatchObject({ name: 'Communication' });
  });

  test('Suggestions put the skills members use most first', async () => {
    const [a, b, me] = [await createMember(server), await createMember(server), await createMember(server)];
    for (const who of [a, b]) await as(who, 'addSkill', { name: 'Zymurgy' });
    await as(a, 'addSkill', { name: 'Zoology' });
    const suggested = await as<{ name: string; members: number }[]>(me, 'recommendSkill', { keyword: 'z' });
    expect(suggested.data!.slice(0, 2)).toEqual([
      { name: 'Zymurgy', classification: '', members: 2 },
      { name: 'Zoology', classification: '', members: 1 },
    ]);
  });

  test('Education is listed current first, then latest; an end before the start is refused naming end', async () => {
    const m = await createMember(server);
    await as(m, 'addEducation', { school: 'Old School', start: '2005-09', end: '2010-06' });
    const current = await as<Education>(m, 'addEducation', { school: 'University', degree: 'MSc', field: 'Law', start: '2020-09' });
    const refused = await as(m, 'addEducation', { school: 'Backwards', start: '2020-09', end: '2019-06' });
    expect(refused.msg).toBe('end: must not be before the start');
    expect((await as(m, 'addEducation', { school: 'Bad month', start: '2020-13' })).msg).toMatch(/^start: /);
    const list = await as<Education[]>(m, 'educationList', {}, 'GET');
    expect(list.data!.map((e) => e.school)).toEqual(['University', 'Old School']);
    expect((await as<Education>(m, 'educationFirst')).data).toEqual(current.data);
    const edited = await as<Education>(m, 'editEducation', { education_id: current.data!.education_id, school: 'University of Law', start: '2020-09', end: '2022-06' });
    expect(edited.data).toMatchObject({ school: 'University of Law', end: '2022-06', degree: '' });
    expect((await as(m, 'delEducation', { education_id: current.data!.education_id })).status).toBe(Status.ok);
    expect((await as<Education[]>(m, 'educationList', {}, 'GET')).data).toHaveLength(1);
  });

  test('Work shows the current job first with translated kinds, a page at a time', async () => {
    const m = await createMember(server);
    await as(m, 'userAddWork', { company: 'Acme', position: 'Analyst', employment_type: 'full_time', industry: 'banking', start: '2015-01', end: '2018-12' });
    const now = await as<Work>(m, 'userAddWork', { company: 'Cedar Tech', position: 'CTO', employment_type: 'self_employed', industry: 'information_technology', start: '2019-01', location: 'Beirut' });
    expect(now.data).toMatchObject({ is_current: true, employment_type_name: 'Self-employed', industry_name: 'Information technology' });
    expect((await as<Work>(m, 'firstWorkExperience', {}, 'GET')).data!.company).toBe('Cedar Tech');
    const page = await as<{ list: Work[]; has_more: boolean; total: number }>(m, 'listWorkExperience', { page_size: 1 }, 'GET');
    expect(page.data).toMatchObject({ total: 2, has_more: true });
    expect((await as<Work[]>(m, 'getAllWork')).data!.map((w) => w.company)).toEqual(['Cedar Tech', 'Acme']);
    expect((await as(m, 'userAddWork', { company: 'X', position: 'Y', employment_type: 'slave', industry: 'banking', start: '2015-01' })).msg).toMatch(/^employment_type: /);
    expect((await as<{ key: string }[]>(m, 'employmentTypeList')).data).toHaveLength(8);
    expect((await as<{ key: string; name: string }[]>(m, 'IndustryList')).data).toContainEqual({ key: 'nonprofit', name: 'Non-profit' });
  });

  test('Projects can be added, found by id by another member, edited and removed', async () => {
    const [m, reader] = [await createMember(server), await createMember(server)];
    const added = await as<Project>(m, 'userAddProject', { name: 'Clean beaches', role: 'Lead', start: '2023-03', url: 'https://example.org/beaches' });
    const found = await as<Project & { user_id: number }>(reader, 'projectExperienceFind', { project_id: added.data!.project_id });
    expect(found.data).toMatchObject({ name: 'Clean beaches', user_id: m.userId });
    expect((await as(m, 'userAddProject', { name: 'Bad', start: '2023-03', url: 'javascript:alert(1)' })).msg).toMatch(/^url: /);
    const edited = await as<Project>(m, 'userEditProject', { project_id: added.data!.project_id, name: 'Clean beaches 2', start: '2023-03', end: '2023-09' });
    expect(edited.data).toMatchObject({ name: 'Clean beaches 2', role: '', end: '2023-09' });
    expect((await as<Project[]>(reader, 'listUserProject', { user_id: m.userId }, 'GET')).data).toHaveLength(1);
    await as(m, 'userDelProject', { project_id: added.data!.project_id });
    expect((await as(reader, 'projectExperienceFind', { project_id: added.data!.project_id })).status).toBe(Status.notFound);
  });

  test('Hobbies are added several at a time, once each, up to 30', async () => {
    const m = await createMember(server);
    const res = await as<{ hobby_id: number; name: string }[]>(m, 'addHobbies', { names: ['Chess', 'chess', ' Hiking '] });
    expect(res.data!.map((h) => h.name)).toEqual(['Chess', 'Hiking']);
    expect((await as<unknown[]>(m, 'addHobbies', { names: ['CHESS'] })).data).toHaveLength(2);
    for (let i = 0; i < 2; i++) await as(m, 'addHobbies', { names: Array.from({ length: 10 }, (_, j) => `Hobby ${i}-${j}`) });
    const over = await as(m, 'addHobbies', { names: ['Hobby 2-0', 'Hobby 2-1', 'Hobby 2-2', 'Hobby 2-3', 'Hobby 2-4', 'Hobby 2-5', 'Hobby 2-6', 'Hobby 2-7', 'Hobby 2-8'] });
    expect(over.msg).toBe('You can list at most 30 hobbies. Remove some to add others.');
    expect((await as<unknown[]>(m, 'userHobbies', {}, 'GET')).data).toHaveLength(22);
    await as(m, 'delHobbies', { hobby_id: res.data![0]!.hobby_id });
    expect((await as<{ name: string }[]>(m, 'userHobbies', {}, 'GET')).data!.map((h) => h.name)).not.toContain('Chess');
  });

  test('Offices: declared ones show at once, requests stay pending, the history keeps what happened', async () => {
    const m = await createMember(server);
    const titles = await as<{ key: string; level: string }[]>(m, 'professionalTitlesList', { level: 'national' });
    expect(titles.data!.every((t) => t.level === 'national')).toBe(true);
    const declared = await as<UserJobTitle>(m, 'addUserJobTitle', { title: 'local_president', chapter_id: local, year: 2024 });
    expect(declared.data).toMatchObject({ status: 'declared', title_name: 'Local President', chapter: { name: 'Mumbai Leaders' }, level: 'local' });
    const wrongLevel = await as(m, 'addUserJobTitle', { title: 'national_president', chapter_id: local, year: 2024 });
    expect(wrongLevel.msg).toBe('chapter_id: must be a national chapter for this office');
    expect((await as(m, 'addUserJobTitle', { title: 'local_president', chapter_id: local, year: 2024 })).status).toBe(Status.refused);
    const applied = await as<UserJobTitle>(m, 'applyJobTitle', { title: 'national_treasurer', chapter_id: national, year: 2025, note: 'Elected at the AGM' });
    expect(applied.data).toMatchObject({ status: 'pending', note: 'Elected at the AGM' });
    expect((await as<UserJobTitle[]>(m, 'titleList')).data!.map((t) => t.title)).toEqual(['local_president']);
    expect((await as<{ list: UserJobTitle[] }>(m, 'applyJobTitleList', {}, 'GET')).data!.list.map((t) => t.status)).toEqual(['pending']);
    expect((await as<UserJobTitle>(m, 'getJobTitle', {}, 'GET')).data!.title).toBe('local_president');
    expect((await as<UserJobTitle>(m, 'getUserJobTitleSingle', { user_title_id: applied.data!.user_title_id }, 'GET')).data!.status).toBe('pending');
    const other = await createMember(server);
    expect((await as(other, 'getUserJobTitleSingle', { user_title_id: applied.data!.user_title_id }, 'GET')).status).toBe(Status.notFound);
    expect((await as<UserJobTitle>(other, 'getUserJobTitleSingle', { user_title_id: declared.data!.user_title_id }, 'GET')).data!.user_id).toBe(m.userId);
    await as(m, 'titleDel', { user_title_id: applied.data!.user_title_id });
    await as(m, 'titleDel', { user_title_id: declared.data!.user_title_id });
    const history = await as<{ list: { action: string; title: string }[] }>(m, 'getUserJobTitleLog', {}, 'GET');
    expect(history.data!.list.map((l) => l.action)).toEqual(['removed', 'withdrawn', 'applied', 'declared']);
    expect((await as(m, 'getJobTitle', {}, 'GET')).data).toBeNull();
    const tags = await as<{ kind: string }[]>(m, 'UserTag');
    expect(tags.data).toEqual([]);
  });
});
