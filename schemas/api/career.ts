import { Type, type Static } from '@sinclair/typebox';
import { defineCall, StringEnum, type CallDef } from '../call.ts';
import { MAX_SKILLS } from '../rules.ts';
import { body, ChapterRef, CHAPTER_LEVELS, Id, Page, Paging, WhoseBody } from './people.ts';

/**
 * The career part of the profile: skills (at most 40, spec section 5), education, work and
 * project experience, hobbies, and titles held in the organisation. Lists are read by anyone
 * who may see the member (not blocked); only the member writes them.
 */
export const SKILL_NAME_MAX = 40;
export const HOBBY_NAME_MAX = 40;
export const MAX_HOBBIES = 30;
export const MAX_EDUCATION = 20;
export const MAX_WORK = 30;
export const MAX_PROJECTS = 30;
export const MAX_TITLES = 30;
export const TEXT_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export { MAX_SKILLS };

export const SKILL_CLASSIFICATIONS = ['leadership', 'communication', 'management', 'business', 'technology', 'community', 'personal_development', 'languages'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'self_employed', 'freelance', 'contract', 'internship', 'volunteer', 'apprenticeship'] as const;
export const INDUSTRIES = [
  'accounting', 'agriculture', 'arts', 'banking', 'construction', 'consulting', 'education', 'energy', 'engineering', 'government',
  'healthcare', 'hospitality', 'information_technology', 'insurance', 'legal', 'manufacturing', 'marketing', 'media', 'nonprofit',
  'real_estate', 'retail', 'telecommunications', 'transport', 'other',
] as const;
/** Offices members hold in the organisation, by the level of chapter they serve. */
export const PROFESSIONAL_TITLES = {
  local_president: 'local',
  local_vice_president: 'local',
  local_secretary: 'local',
  local_treasurer: 'local',
  local_director: 'local',
  regional_president: 'regional',
  national_president: 'national',
  national_vice_president: 'national',
  national_secretary_general: 'national',
  national_treasurer: 'national',
  area_vice_president: 'area',
  world_president: 'global',
  executive_vice_president: 'global',
  secretary_general: 'global',
} as const satisfies Record<string, (typeof CHAPTER_LEVELS)[number]>;
export type ProfessionalTitle = keyof typeof PROFESSIONAL_TITLES;
export const TITLE_KEYS = Object.keys(PROFESSIONAL_TITLES) as ProfessionalTitle[];

const GROUP = 'Account and profile';
const call = <const N extends string, B extends CallDef['body'], D extends CallDef['data']>(
  def: Omit<CallDef<B, D>, 'group' | 'base' | 'enc' | 'method'> & { name: N; method?: 'GET' | 'POST' },
) => defineCall({ method: 'POST', ...def, group: GROUP, base: 'main', enc: null });

const Text = (max: number, required: boolean) =>
  required
    ? Type.String({ minLength: 1, maxLength: max, pattern: '\\S', 'x-rule': `must have 1 to ${max} characters and not only spaces` })
    : Type.String({ maxLength: max, 'x-rule': `must have at most ${max} characters` });
/** A month, as on a CV: 2021-09. */
const Month = Type.String({ pattern: '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$', examples: ['2020-01'], 'x-rule': 'must be a month such as 2021-09' });
/** The end month, or empty while it is still going on. */
const EndMonth = Type.String({ maxLength: 7, pattern: '^$|^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$', examples: [''], 'x-rule': 'must be a month such as 2023-06, or empty while ongoing' });
const Named = Type.Object({ key: Type.String(), name: Type.String() });

// Skills
export const Skill = Type.Object({ skill_id: Type.Integer(), name: Type.String(), classification: Type.String(), created_at: Type.String({ format: 'date-time' }) });
export type Skill = Static<typeof Skill>;
export const addSkill = call({
  name: 'addSkill',
  summary: `Adds a skill to the profile (at most ${MAX_SKILLS}; the same skill twice is refused).`,
  body: body({ name: Text(SKILL_NAME_MAX, true), classification: Type.Optional(StringEnum(SKILL_CLASSIFICATIONS)) }),
  data: Skill,
});
export const delSkill = call({
  name: 'delSkill',
  summary: 'Removes one of your skills.',
  body: body({ skill_id: Id('one of your skills') }),
  data: Type.Null(),
  access: { skill_id: 'owner' },
});
export const skillList = call({
  name: 'skillList',
  method: 'GET',
  summary: "A member's skills in the order they were added, with the limit.",
  body: WhoseBody,
  data: Type.Object({ list: Type.Array(Skill), total: Type.Integer(), max: Type.Integer() }),
  access: { user_id: 'any' },
});
export const recommendSkill = call({
  name: 'recommendSkill',
  summary: 'Skills to suggest while typing: the most common among members and the catalogue, starting with the words typed, without those you have.',
  body: body({ keyword: Type.Optional(Text(SKILL_NAME_MAX, false)), classification: Type.Optional(StringEnum(SKILL_CLASSIFICATIONS)) }),
  data: Type.Array(Type.Object({ name: Type.String(), classification: Type.String(), members: Type.Integer() })),
});
export const SkillClassificationList = call({
  name: 'SkillClassificationList',
  summary: 'The kinds of skill, each with the skills of the catalogue.',
  body: Type.Object({}),
  data: Type.Array(Type.Object({ ...Named.properties, skills: Type.Array(Type.String()) })),
});

// Education
const EducationFields = {
  school: Text(TEXT_MAX, true),
  degree: Type.Optional(Text(TEXT_MAX, false)),
  field: Type.Optional(Text(TEXT_MAX, false)),
  start: Month,
  end: Type.Optional(EndMonth),
  description: Type.Optional(Text(DESCRIPTION_MAX, false)),
};
export const Education = Type.Object({
  education_id: Type.Integer(),
  school: Type.String(),
  degree: Type.String(),
  field: Type.String(),
  start: Type.String(),
  end: Type.String(),
  description: Type.String(),
});
export type Education = Static<typeof Education>;
export const addEducation = call({ name: 'addEducation', summary: `Adds a school or university (at most ${MAX_EDUCATION}).`, body: body(EducationFields), data: Education });
export const editEducation = call({
  name: 'editEducation',
  summary: 'Replaces one of your education entries.',
  body: body({ education_id: Id('one of your education entries'), ...EducationFields }),
  data: Education,
  access: { education_id: 'owner' },
});
export const delEducation = call({
  name: 'delEducation',
  summary: 'Removes one of your education entries.',
  body: body({ education_id: Id('one of your education entries') }),
  data: Type.Null(),
  access: { education_id: 'owner' },
});
export const educationList = call({
  name: 'educationList',
  method: 'GET',
  summary: "A member's education, latest first.",
  body: WhoseBody,
  data: Type.Array(Education),
  access: { user_id: 'any' },
});
export const educationFirst = call({
  name: 'educationFirst',
  summary: "A member's latest (or current) education, or null.",
  body: WhoseBody,
  data: Type.Union([Education, Type.Null()]),
  access: { user_id: 'any' },
});

// Work
const WorkFields = {
  company: Text(TEXT_MAX, true),
  position: Text(TEXT_MAX, true),
  employment_type: StringEnum(EMPLOYMENT_TYPES),
  industry: StringEnum(INDUSTRIES),
  location: Type.Optional(Text(TEXT_MAX, false)),
  start: Month,
  end: Type.Optional(EndMonth),
  description: Type.Optional(Text(DESCRIPTION_MAX, false)),
};
export const Work = Type.Object({
  work_id: Type.Integer(),
  company: Type.String(),
  position: Type.String(),
  employment_type: Type.String(),
  employment_type_name: Type.String(),
  industry: Type.String(),
  industry_name: Type.String(),
  location: Type.String(),
  start: Type.String(),
  end: Type.String(),
  is_current: Type.Boolean(),
  description: Type.String(),
});
export type Work = Static<typeof Work>;
export const userAddWork = call({ name: 'userAddWork', summary: `Adds a job (at most ${MAX_WORK}).`, body: body(WorkFields), data: Work });
export const userEditWork = call({
  name: 'userEditWork',
  summary: 'Replaces one of your jobs.',
  body: body({ work_id: Id('one of your jobs'), ...WorkFields }),
  data: Work,
  access: { work_id: 'owner' },
});
export const userDelWork = call({
  name: 'userDelWork',
  summary: 'Removes one of your jobs.',
  body: body({ work_id: Id('one of your jobs') }),
  data: Type.Null(),
  access: { work_id: 'owner' },
});
export const listWorkExperience = call({
  name: 'listWorkExperience',
  method: 'GET',
  summary: "A member's jobs, current and latest first, a page at a time.",
  body: body({ user_id: Type.Optional(Id('a member')), ...Paging }),
  data: Type.Object({ ...Page(Work).properties, total: Type.Integer() }),
  access: { user_id: 'any' },
});
export const firstWorkExperience = call({
  name: 'firstWorkExperience',
  method: 'GET',
  summary: "A member's current (or latest) job, or null.",
  body: WhoseBody,
  data: Type.Union([Work, Type.Null()]),
  access: { user_id: 'any' },
});
export const getAllWork = call({
  name: 'getAllWork',
  summary: "Every job of a member, current and latest first.",
  body: WhoseBody,
  data: Type.Array(Work),
  access: { user_id: 'any' },
});
export const employmentTypeList = call({ name: 'employmentTypeList', summary: 'The kinds of employment to choose from.', body: Type.Object({}), data: Type.Array(Named) });
export const IndustryList = call({ name: 'IndustryList', summary: 'The industries to choose from.', body: Type.Object({}), data: Type.Array(Named) });

// Projects
const ProjectFields = {
  name: Text(TEXT_MAX, true),
  role: Type.Optional(Text(TEXT_MAX, false)),
  start: Month,
  end: Type.Optional(EndMonth),
  url: Type.Optional(Type.String({ maxLength: 300, pattern: '^$|^https?://[^\\s]+$', examples: [''], 'x-rule': 'must be a web address (https://…), or empty' })),
  description: Type.Optional(Text(DESCRIPTION_MAX, false)),
};
export const Project = Type.Object({
  project_id: Type.Integer(),
  name: Type.String(),
  role: Type.String(),
  start: Type.String(),
  end: Type.String(),
  url: Type.String(),
  description: Type.String(),
});
export type Project = Static<typeof Project>;
export const userAddProject = call({ name: 'userAddProject', summary: `Adds a project (at most ${MAX_PROJECTS}).`, body: body(ProjectFields), data: Project });
export const userEditProject = call({
  name: 'userEditProject',
  summary: 'Replaces one of your projects.',
  body: body({ project_id: Id('one of your projects'), ...ProjectFields }),
  data: Project,
  access: { project_id: 'owner' },
});
export const userDelProject = call({
  name: 'userDelProject',
  summary: 'Removes one of your projects.',
  body: body({ project_id: Id('one of your projects') }),
  data: Type.Null(),
  access: { project_id: 'owner' },
});
export const listUserProject = call({
  name: 'listUserProject',
  method: 'GET',
  summary: "A member's projects, latest first.",
  body: WhoseBody,
  data: Type.Array(Project),
  access: { user_id: 'any' },
});
export const projectExperienceFind = call({
  name: 'projectExperienceFind',
  summary: 'One project entry, with whose it is.',
  body: body({ project_id: Id('a project entry') }),
  data: Type.Object({ ...Project.properties, user_id: Type.Integer() }),
  access: { project_id: 'any' },
});

// Hobbies
export const Hobby = Type.Object({ hobby_id: Type.Integer(), name: Type.String() });
export const addHobbies = call({
  name: 'addHobbies',
  summary: `Adds hobbies (at most ${MAX_HOBBIES} in all; ones already there are skipped) and returns them all.`,
  body: body({ names: Type.Array(Text(HOBBY_NAME_MAX, true), { minItems: 1, maxItems: 10, 'x-rule': 'must list 1 to 10 hobbies' }) }),
  data: Type.Array(Hobby),
});
export const delHobbies = call({
  name: 'delHobbies',
  summary: 'Removes one of your hobbies.',
  body: body({ hobby_id: Id('one of your hobbies') }),
  data: Type.Null(),
  access: { hobby_id: 'owner' },
});
export const userHobbies = call({
  name: 'userHobbies',
  method: 'GET',
  summary: "A member's hobbies.",
  body: WhoseBody,
  data: Type.Array(Hobby),
  access: { user_id: 'any' },
});

// Titles in the organisation
const TitleKey = StringEnum(TITLE_KEYS);
const Year = Type.Integer({ minimum: 1915, maximum: 2100, 'x-rule': 'must be a year from 1915' });
export const TITLE_STATUSES = ['declared', 'pending', 'approved', 'rejected'] as const;
export const UserJobTitle = Type.Object({
  user_title_id: Type.Integer(),
  user_id: Type.Integer(),
  title: Type.String(),
  title_name: Type.String(),
  level: Type.String(),
  chapter: ChapterRef,
  year: Type.Integer(),
  /** declared: added by the member; pending: sent for confirmation; approved or rejected by the organisation. */
  status: StringEnum(TITLE_STATUSES),
  note: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type UserJobTitle = Static<typeof UserJobTitle>;
const TitleFields = { title: TitleKey, chapter_id: Id('a chapter'), year: Year };
export const professionalTitlesList = call({
  name: 'professionalTitlesList',
  summary: 'The offices of the organisation, by chapter level.',
  body: body({ level: Type.Optional(StringEnum(CHAPTER_LEVELS)) }),
  data: Type.Array(Type.Object({ ...Named.properties, level: Type.String() })),
});
export const addUserJobTitle = call({
  name: 'addUserJobTitle',
  summary: `Shows an office held on the profile, marked as declared by the member (at most ${MAX_TITLES}).`,
  body: body(TitleFields),
  data: UserJobTitle,
  access: { chapter_id: 'any' },
});
export const applyJobTitle = call({
  name: 'applyJobTitle',
  summary: 'Asks the organisation to confirm an office held; it shows as pending until decided.',
  body: body({ ...TitleFields, note: Type.Optional(Text(500, false)) }),
  data: UserJobTitle,
  access: { chapter_id: 'any' },
});
export const applyJobTitleList = call({
  name: 'applyJobTitleList',
  method: 'GET',
  summary: 'Your requests for confirmation, newest first, with their state.',
  body: body({ ...Paging }),
  data: Type.Object({ ...Page(UserJobTitle).properties, total: Type.Integer() }),
});
export const titleList = call({
  name: 'titleList',
  summary: "A member's offices shown on the profile (declared and approved), latest first.",
  body: WhoseBody,
  data: Type.Array(UserJobTitle),
  access: { user_id: 'any' },
});
export const titleDel = call({
  name: 'titleDel',
  summary: 'Removes one of your offices, or withdraws a request for confirmation.',
  body: body({ user_title_id: Id('one of your titles') }),
  data: Type.Null(),
  access: { user_title_id: 'owner' },
});
export const getJobTitle = call({
  name: 'getJobTitle',
  method: 'GET',
  summary: "A member's current office: the latest year, then the highest level; null without one.",
  body: WhoseBody,
  data: Type.Union([UserJobTitle, Type.Null()]),
  access: { user_id: 'any' },
});
export const getUserJobTitleLog = call({
  name: 'getUserJobTitleLog',
  method: 'GET',
  summary: 'The history of your offices: added, sent for confirmation, decided, removed.',
  body: body({ ...Paging }),
  data: Type.Object({
    ...Page(
      Type.Object({
        log_id: Type.Integer(),
        user_title_id: Type.Union([Type.Integer(), Type.Null()]),
        title: Type.String(),
        title_name: Type.String(),
        year: Type.Integer(),
        action: StringEnum(['declared', 'applied', 'approved', 'rejected', 'removed', 'withdrawn'] as const),
        at: Type.String({ format: 'date-time' }),
      }),
    ).properties,
    total: Type.Integer(),
  }),
});
export const getUserJobTitleSingle = call({
  name: 'getUserJobTitleSingle',
  method: 'GET',
  summary: 'One office entry: yours in any state, another member’s when shown on their profile.',
  body: body({ user_title_id: Id('a title entry') }),
  data: UserJobTitle,
  access: { user_title_id: 'visible' },
});
