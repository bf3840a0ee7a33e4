/* The reference lists of the profile: kinds of skill with suggested skills, employment types, industries, offices. */
import {
  EMPLOYMENT_TYPES,
  INDUSTRIES,
  PROFESSIONAL_TITLES,
  SKILL_CLASSIFICATIONS,
  type ProfessionalTitle,
} from '../../../schemas/api/career.ts';
import type { LangCode } from '../../../schemas/languages.ts';
import { translate, type MessageKey } from '../../http/messages.ts';

type Classification = (typeof SKILL_CLASSIFICATIONS)[number];

/** Skills the organisation trains and members list most; members may add any other name. */
export const SKILL_CATALOGUE: Record<Classification, string[]> = {
  leadership: ['Team leadership', 'Strategic planning', 'Decision making', 'Mentoring', 'Change management', 'Coaching'],
  communication: ['Public speaking', 'Negotiation', 'Writing', 'Facilitation', 'Storytelling', 'Debate'],
  management: ['Project management', 'Event management', 'Budgeting', 'Fundraising', 'Time management', 'Risk management'],
  business: ['Entrepreneurship', 'Marketing', 'Sales', 'Finance', 'Business development', 'Accounting'],
  technology: ['Software development', 'Data analysis', 'Design', 'Digital marketing', 'Cybersecurity', 'Artificial intelligence'],
  community: ['Volunteering', 'Community organising', 'Sustainable development', 'Advocacy', 'Partnership building', 'Social impact'],
  personal_development: ['Critical thinking', 'Emotional intelligence', 'Problem solving', 'Creativity', 'Resilience', 'Intercultural awareness'],
  languages: ['English', 'Arabic', 'Chinese', 'Hindi', 'Greek', 'French', 'Spanish'],
};

/** `information_technology` of `industry` is the message industryInformationTechnology. */
const keyOf = (prefix: string, key: string) => `${prefix}${key.replace(/(^|_)([a-z])/g, (_m, _s: string, c: string) => c.toUpperCase())}` as MessageKey;
const named = (prefix: string, key: string, lang: LangCode) => ({ key, name: translate(lang, keyOf(prefix, key)) });

export const classificationList = (lang: LangCode) =>
  SKILL_CLASSIFICATIONS.map((key) => ({ ...named('skillClass', key, lang), skills: SKILL_CATALOGUE[key] }));
export const employmentTypeNames = (lang: LangCode) => EMPLOYMENT_TYPES.map((key) => named('employment', key, lang));
export const industryNames = (lang: LangCode) => INDUSTRIES.map((key) => named('industry', key, lang));
export const employmentName = (lang: LangCode, key: string) => named('employment', key, lang).name;
export const industryName = (lang: LangCode, key: string) => named('industry', key, lang).name;
export const titleName = (lang: LangCode, key: string) => named('title', key, lang).name;
export const titleList = (lang: LangCode, level?: string) =>
  (Object.entries(PROFESSIONAL_TITLES) as [ProfessionalTitle, string][])
    .filter(([, l]) => !level || l === level)
    .map(([key, l]) => ({ ...named('title', key, lang), level: l }));

/** Which catalogue kind a skill name belongs to, case aside; empty for a name of the member's own. */
export const classificationOf = (name: string): string => {
  const lower = name.toLowerCase();
  return (Object.entries(SKILL_CATALOGUE).find(([, names]) => names.some((n) => n.toLowerCase() === lower))?.[0]) ?? '';
};
