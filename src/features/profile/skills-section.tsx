import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOBBY_NAME_MAX, MAX_HOBBIES, MAX_SKILLS, SKILL_NAME_MAX } from '../../../schemas/api/career.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { CachedView } from './cached-states.tsx';
import { unreachable } from './use-people-cache.ts';
import { useCareerActions, useHobbies, useSkillKinds, useSkills } from './use-profile.ts';

interface Tag {
  id: number;
  name: string;
}

/** A row of removable tags with a field to add more: skills and hobbies. */
const TagSection = ({
  id,
  title,
  tags,
  mine,
  max,
  maxLength,
  empty,
  addLabel,
  suggestions,
  onAdd,
  onRemove,
}: {
  id: string;
  title: string;
  tags: Tag[];
  mine: boolean;
  max: number;
  maxLength: number;
  empty: string;
  addLabel: string;
  suggestions?: string[];
  onAdd: (name: string) => Promise<{ ok: true } | { ok: false; status: number; message: string }>;
  onRemove: (id: number) => Promise<unknown>;
}) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Tag | null>(null);
  const inputId = useId();
  const listId = useId();
  const full = tags.length >= max;

  const add = async () => {
    const name = value.trim().replace(/\s+/g, ' ');
    if (!name) return setError(t('people.required'));
    if (full) return setError(t('profile.limitReached', { max }));
    setError(null);
    const result = await onAdd(name);
    if (result.ok) setValue('');
    else setError(unreachable(result) ? t('people.network') : result.message);
  };

  return (
    <section className="card stack people-section" aria-labelledby={`${id}-heading`}>
      <div className="row people-section-head">
        <h2 id={`${id}-heading`} className="h3">
          {title}
        </h2>
        {mine && <span className="muted">{t('profile.countOf', { count: tags.length, max })}</span>}
      </div>
      {tags.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="people-tags" aria-label={title}>
          {tags.map((tag) => (
            <li key={tag.id} className="people-tag" dir="auto">
              {tag.name}
              {mine && (
                <button type="button" className="people-tag-remove" disabled={!online} aria-label={t('people.removeNamed', { name: tag.name })} onClick={() => setRemoving(tag)}>
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mine && (
        <form className="row people-tag-form" onSubmit={(e) => e.preventDefault()} noValidate>
          <div className="field">
            <label htmlFor={inputId} className="visually-hidden">
              {addLabel}
            </label>
            <input
              id={inputId}
              dir="auto"
              value={value}
              maxLength={maxLength}
              list={suggestions ? listId : undefined}
              placeholder={addLabel}
              disabled={!online}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
            {suggestions && (
              <datalist id={listId}>
                {suggestions.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            )}
          </div>
          <Button type="submit" variant="secondary" disabled={!online} onClick={add}>
            {t('people.add')}
          </Button>
        </form>
      )}
      {error && (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('people.removeTitle', { name: removing?.name ?? '' })}
        description={t('people.removeBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => removing && onRemove(removing.id)}
      />
    </section>
  );
};

export const SkillsSection = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const skills = useSkills(userId);
  const kinds = useSkillKinds();
  const actions = useCareerActions();
  const suggestions = mine && kinds.state === 'ready' ? kinds.data.flatMap((k) => k.skills) : undefined;
  return (
    <CachedView cached={skills}>
      {(data) => (
        <TagSection
          id="skills"
          title={t('profile.skills.title')}
          tags={data.list.map((s) => ({ id: s.skill_id, name: s.name }))}
          mine={mine}
          max={data.max || MAX_SKILLS}
          maxLength={SKILL_NAME_MAX}
          empty={mine ? t('profile.skills.emptyMine') : t('profile.skills.empty')}
          addLabel={t('profile.skills.add')}
          suggestions={suggestions}
          onAdd={actions.addSkill}
          onRemove={actions.delSkill}
        />
      )}
    </CachedView>
  );
};

export const HobbiesSection = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const hobbies = useHobbies(userId);
  const actions = useCareerActions();
  return (
    <CachedView cached={hobbies}>
      {(data) => (
        <TagSection
          id="hobbies"
          title={t('profile.hobbies.title')}
          tags={data.map((h) => ({ id: h.hobby_id, name: h.name }))}
          mine={mine}
          max={MAX_HOBBIES}
          maxLength={HOBBY_NAME_MAX}
          empty={mine ? t('profile.hobbies.emptyMine') : t('profile.hobbies.empty')}
          addLabel={t('profile.hobbies.add')}
          onAdd={(name) => actions.addHobbies([name])}
          onRemove={actions.delHobby}
        />
      )}
    </CachedView>
  );
};
