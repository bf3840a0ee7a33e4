import * as calls from '../../../schemas/api/career.ts';
import { MAX_SKILLS } from '../../../schemas/api/career.ts';
import { PAGE_SIZE_DEFAULT } from '../../../schemas/api/people.ts';
import { Answer, notFound } from '../../http/answer.ts';
import { implement, type CallContext } from '../../http/context.ts';
import * as career from './career.ts';
import { classificationList, employmentTypeNames, industryNames, titleList } from './catalogues.ts';
import { addTitle, applications, removeTitle, titleEntry, titleLog, titlesShown } from './job-titles.ts';
import { assertVisibleMember } from './profiles.ts';

/** Whose list: another member's when they may be seen (4002 otherwise), or one's own. */
const whose = async ({ deps, member }: CallContext, userId?: number): Promise<number> => {
  const owner = userId ?? member.userId;
  await assertVisibleMember(deps.db, member.userId, owner);
  return owner;
};

export const careerCalls = [
  // Skills
  implement(calls.addSkill, async (body, { deps, member }) => {
    const skill = await career.addSkill(deps.db, member.userId, body.name, body.classification);
    return new Answer(skill, 'skillAdded', true, { name: skill.name });
  }),
  implement(calls.delSkill, async (body, { deps, member }) => {
    await career.deleteSkill(deps.db, member.userId, body.skill_id);
    return null;
  }),
  implement(calls.skillList, async (body, ctx) => {
    const list = await career.skillsOf(ctx.deps.db, await whose(ctx, body.user_id));
    return { list, total: list.length, max: MAX_SKILLS };
  }),
  implement(calls.recommendSkill, async (body, { deps, member }) => career.recommendSkills(deps.db, member.userId, body.keyword ?? '', body.classification)),
  implement(calls.SkillClassificationList, async (_body, { lang }) => classificationList(lang)),

  // Education
  implement(calls.addEducation, async (body, { deps, member }) => career.addEducation(deps.db, member.userId, body)),
  implement(calls.editEducation, async ({ education_id, ...body }, { deps, member }) => career.editEducation(deps.db, member.userId, education_id, body)),
  implement(calls.delEducation, async (body, { deps, member }) => {
    await career.deleteEducation(deps.db, member.userId, body.education_id);
    return null;
  }),
  implement(calls.educationList, async (body, ctx) => career.educationOf(ctx.deps.db, await whose(ctx, body.user_id))),
  implement(calls.educationFirst, async (body, ctx) => (await career.educationOf(ctx.deps.db, await whose(ctx, body.user_id)))[0] ?? null),

  // Work
  implement(calls.userAddWork, async (body, { deps, member, lang }) => career.addWork(deps.db, lang, member.userId, body)),
  implement(calls.userEditWork, async ({ work_id, ...body }, { deps, member, lang }) => career.editWork(deps.db, lang, member.userId, work_id, body)),
  implement(calls.userDelWork, async (body, { deps, member }) => {
    await career.deleteWork(deps.db, member.userId, body.work_id);
    return null;
  }),
  implement(calls.listWorkExperience, async (body, ctx) => {
    const owner = await whose(ctx, body.user_id);
    const page = body.page ?? 1;
    const pageSize = body.page_size ?? PAGE_SIZE_DEFAULT;
    const all = await career.workOf(ctx.deps.db, ctx.lang, owner);
    const rows = all.slice((page - 1) * pageSize, page * pageSize + 1);
    return { list: rows.slice(0, pageSize), page, page_size: pageSize, has_more: rows.length > pageSize, total: all.length };
  }),
  implement(calls.firstWorkExperience, async (body, ctx) => (await career.workOf(ctx.deps.db, ctx.lang, await whose(ctx, body.user_id), { page: 1, pageSize: 1 }))[0] ?? null),
  implement(calls.getAllWork, async (body, ctx) => career.workOf(ctx.deps.db, ctx.lang, await whose(ctx, body.user_id))),
  implement(calls.employmentTypeList, async (_body, { lang }) => employmentTypeNames(lang)),
  implement(calls.IndustryList, async (_body, { lang }) => industryNames(lang)),

  // Projects
  implement(calls.userAddProject, async (body, { deps, member }) => career.addProject(deps.db, member.userId, body)),
  implement(calls.userEditProject, async ({ project_id, ...body }, { deps, member }) => career.editProject(deps.db, member.userId, project_id, body)),
  implement(calls.userDelProject, async (body, { deps, member }) => {
    await career.deleteProject(deps.db, member.userId, body.project_id);
    return null;
  }),
  implement(calls.listUserProject, async (body, ctx) => career.projectsOf(ctx.deps.db, await whose(ctx, body.user_id))),
  implement(calls.projectExperienceFind, async (body, ctx) => {
    const row = await career.findProject(ctx.deps.db, body.project_id);
    if (!row) throw notFound('project entry');
    await whose(ctx, row.userId);
    return { ...career.projectView(row), user_id: row.userId };
  }),

  // Hobbies
  implement(calls.addHobbies, async (body, { deps, member }) => career.addHobbies(deps.db, member.userId, body.names)),
  implement(calls.delHobbies, async (body, { deps, member }) => {
    await career.deleteHobby(deps.db, member.userId, body.hobby_id);
    return null;
  }),
  implement(calls.userHobbies, async (body, ctx) => career.hobbiesOf(ctx.deps.db, await whose(ctx, body.user_id))),

  // Offices in the organisation
  implement(calls.professionalTitlesList, async (body, { lang }) => titleList(lang, body.level)),
  implement(calls.addUserJobTitle, async (body, { deps, member, lang }) => addTitle(deps.db, lang, member.userId, body, 'declared')),
  implement(calls.applyJobTitle, async (body, { deps, member, lang }) =>
    new Answer(await addTitle(deps.db, lang, member.userId, body, 'pending'), 'titleApplied', true),
  ),
  implement(calls.applyJobTitleList, async (body, { deps, member, lang }) =>
    applications(deps.db, lang, member.userId, body.page ?? 1, body.page_size ?? PAGE_SIZE_DEFAULT),
  ),
  implement(calls.titleList, async (body, ctx) => titlesShown(ctx.deps.db, ctx.lang, await whose(ctx, body.user_id))),
  implement(calls.titleDel, async (body, { deps, member }) => {
    await removeTitle(deps.db, member.userId, body.user_title_id);
    return null;
  }),
  implement(calls.getJobTitle, async (body, ctx) => (await titlesShown(ctx.deps.db, ctx.lang, await whose(ctx, body.user_id)))[0] ?? null),
  implement(calls.getUserJobTitleLog, async (body, { deps, member, lang }) =>
    titleLog(deps.db, lang, member.userId, body.page ?? 1, body.page_size ?? PAGE_SIZE_DEFAULT),
  ),
  implement(calls.getUserJobTitleSingle, async (body, ctx) => {
    const entry = await titleEntry(ctx.deps.db, ctx.lang, ctx.member.userId, body.user_title_id);
    await whose(ctx, entry.user_id);
    return entry;
  }),
];
