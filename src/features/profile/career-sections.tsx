import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, TEXT_MAX } from '../../../schemas/api/career.ts';
import type { DataOf } from '../../api/client.ts';
import { EntryList } from './entry-list.tsx';
import type { FieldSpec, Values } from './entry-dialog.tsx';
import { useCareerActions, useEducation, useEmploymentTypes, useIndustries, useProjects, useWork } from './use-profile.ts';

type Education = DataOf<'educationList'>[number];
type Work = DataOf<'getAllWork'>[number];
type Project = DataOf<'listUserProject'>[number];

/** "2019-09 – now" in the reader's language. */
const usePeriod = () => {
  const { t, i18n } = useTranslation();
  const month = (ym: string) => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${ym}-01T00:00:00Z`));
  return (start: string, end: string) => t('people.period', { start: month(start), end: end ? month(end) : t('people.now') });
};

const optional = (v: string) => (v ? v : undefined);

export const EducationSection = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const period = usePeriod();
  const actions = useCareerActions();
  const fields: FieldSpec[] = [
    { name: 'school', label: t('profile.education.school'), kind: 'text', required: true, max: TEXT_MAX },
    { name: 'degree', label: t('profile.education.degree'), kind: 'text', max: TEXT_MAX },
    { name: 'field', label: t('profile.education.field'), kind: 'text', max: TEXT_MAX },
    { name: 'start', label: t('people.start'), kind: 'month', required: true },
    { name: 'end', label: t('people.end'), kind: 'month', hint: t('people.endHint') },
    { name: 'description', label: t('people.description'), kind: 'textarea', max: DESCRIPTION_MAX },
  ];
  const toBody = (v: Values) => ({ school: v.school!, degree: v.degree, field: v.field, start: v.start!, end: v.end, description: v.description });
  return (
    <EntryList<Education>
      id="education"
      title={t('profile.education.title')}
      empty={mine ? t('profile.education.emptyMine') : t('profile.education.empty')}
      addLabel={t('profile.education.add')}
      cached={useEducation(userId)}
      mine={mine}
      fields={fields}
      idOf={(e) => e.education_id}
      labelOf={(e) => e.school}
      valuesOf={(e) => ({ school: e?.school ?? '', degree: e?.degree ?? '', field: e?.field ?? '', start: e?.start ?? '', end: e?.end ?? '', description: e?.description ?? '' })}
      render={(e) => (
        <>
          <strong dir="auto">{e.school}</strong>
          {(e.degree || e.field) && <span dir="auto">{[e.degree, e.field].filter(Boolean).join(', ')}</span>}
          <span className="muted">{period(e.start, e.end)}</span>
          {e.description && <p dir="auto">{e.description}</p>}
        </>
      )}
      save={(id, v) => actions.saveEducation(id, toBody(v))}
      remove={actions.delEducation}
    />
  );
};

export const WorkSection = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const period = usePeriod();
  const actions = useCareerActions();
  const types = useEmploymentTypes();
  const industries = useIndustries();
  const options = (c: typeof types) => (c.state === 'ready' ? c.data.map((o) => ({ value: o.key, label: o.name })) : []);
  const fields: FieldSpec[] = [
    { name: 'company', label: t('profile.work.company'), kind: 'text', required: true, max: TEXT_MAX },
    { name: 'position', label: t('profile.work.position'), kind: 'text', required: true, max: TEXT_MAX },
    { name: 'employment_type', label: t('profile.work.type'), kind: 'select', required: true, options: options(types) },
    { name: 'industry', label: t('profile.work.industry'), kind: 'select', required: true, options: options(industries) },
    { name: 'location', label: t('profile.work.location'), kind: 'text', max: TEXT_MAX },
    { name: 'start', label: t('people.start'), kind: 'month', required: true },
    { name: 'end', label: t('people.end'), kind: 'month', hint: t('people.endHint') },
    { name: 'description', label: t('people.description'), kind: 'textarea', max: DESCRIPTION_MAX },
  ];
  const toBody = (v: Values) => ({
    company: v.company!,
    position: v.position!,
    employment_type: v.employment_type as 'full_time',
    industry: v.industry as 'other',
    location: v.location,
    start: v.start!,
    end: v.end,
    description: v.description,
  });
  return (
    <EntryList<Work>
      id="work"
      title={t('profile.work.title')}
      empty={mine ? t('profile.work.emptyMine') : t('profile.work.empty')}
      addLabel={t('profile.work.add')}
      cached={useWork(userId)}
      mine={mine}
      fields={fields}
      idOf={(w) => w.work_id}
      labelOf={(w) => `${w.position}, ${w.company}`}
      valuesOf={(w) => ({
        company: w?.company ?? '',
        position: w?.position ?? '',
        employment_type: w?.employment_type ?? '',
        industry: w?.industry ?? '',
        location: w?.location ?? '',
        start: w?.start ?? '',
        end: w?.end ?? '',
        description: w?.description ?? '',
      })}
      render={(w) => (
        <>
          <strong dir="auto">{w.position}</strong>
          <span dir="auto">{[w.company, w.location].filter(Boolean).join(' · ')}</span>
          <span className="muted">
            {period(w.start, w.end)} · {w.employment_type_name} · {w.industry_name}
          </span>
          {w.description && <p dir="auto">{w.description}</p>}
        </>
      )}
      save={(id, v) => actions.saveWork(id, toBody(v))}
      remove={actions.delWork}
    />
  );
};

export const ProjectSection = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const period = usePeriod();
  const actions = useCareerActions();
  const fields: FieldSpec[] = [
    { name: 'name', label: t('profile.projects.name'), kind: 'text', required: true, max: TEXT_MAX },
    { name: 'role', label: t('profile.projects.role'), kind: 'text', max: TEXT_MAX },
    { name: 'start', label: t('people.start'), kind: 'month', required: true },
    { name: 'end', label: t('people.end'), kind: 'month', hint: t('people.endHint') },
    { name: 'url', label: t('profile.projects.url'), kind: 'url', max: 300 },
    { name: 'description', label: t('people.description'), kind: 'textarea', max: DESCRIPTION_MAX },
  ];
  const toBody = (v: Values) => ({ name: v.name!, role: v.role, start: v.start!, end: v.end, url: optional(v.url ?? ''), description: v.description });
  return (
    <EntryList<Project>
      id="projects"
      title={t('profile.projects.title')}
      empty={mine ? t('profile.projects.emptyMine') : t('profile.projects.empty')}
      addLabel={t('profile.projects.add')}
      cached={useProjects(userId)}
      mine={mine}
      fields={fields}
      idOf={(p) => p.project_id}
      labelOf={(p) => p.name}
      valuesOf={(p) => ({ name: p?.name ?? '', role: p?.role ?? '', start: p?.start ?? '', end: p?.end ?? '', url: p?.url ?? '', description: p?.description ?? '' })}
      render={(p) => (
        <>
          <strong dir="auto">{p.name}</strong>
          {p.role && <span dir="auto">{p.role}</span>}
          <span className="muted">{period(p.start, p.end)}</span>
          {p.url && (
            <a href={p.url} target="_blank" rel="noopener noreferrer nofollow" dir="auto">
              {p.url}
            </a>
          )}
          {p.description && <p dir="auto">{p.description}</p>}
        </>
      )}
      save={(id, v) => actions.saveProject(id, toBody(v))}
      remove={actions.delProject}
    />
  );
};
