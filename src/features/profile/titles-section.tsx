import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFESSIONAL_TITLES, type ProfessionalTitle } from '../../../schemas/api/career.ts';
import type { DataOf } from '../../api/client.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { CachedView } from './cached-states.tsx';
import { unreachable } from './use-people-cache.ts';
import { useCareerActions, useChapters, useOffices, useTitleRequests, useTitles } from './use-profile.ts';

type Title = DataOf<'titleList'>[number];

/** Offices held in the organisation: shown on the profile, added by the member, confirmed by the organisation on request. */
export const TitlesSection = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const titles = useTitles(userId);
  const actions = useCareerActions();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Title | null>(null);
  return (
    <section className="card stack people-section" aria-labelledby="titles-heading">
      <div className="row people-section-head">
        <h2 id="titles-heading" className="h3">
          {t('profile.titles.title')}
        </h2>
        {mine && (
          <Button variant="secondary" disabled={!online} onClick={() => setAdding(true)}>
            {t('profile.titles.add')}
          </Button>
        )}
      </div>
      <CachedView cached={titles}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">{mine ? t('profile.titles.emptyMine') : t('profile.titles.empty')}</p>
          ) : (
            <ul className="people-entries">
              {list.map((title) => (
                <li key={title.user_title_id} className="people-entry">
                  <div className="people-entry-body">
                    <strong>{t('profile.titles.line', { title: title.title_name, year: title.year })}</strong>
                    <span className="muted" dir="auto">
                      {title.chapter?.name} · {t(`profile.titles.status.${title.status}`)}
                    </span>
                  </div>
                  {mine && (
                    <Button variant="ghost" disabled={!online} onClick={() => setRemoving(title)} aria-label={t('people.removeNamed', { name: title.title_name })}>
                      {t('actions.delete')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </CachedView>
      {mine && <PendingTitles onWithdraw={setRemoving} />}
      {adding && <AddTitleDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('people.removeTitle', { name: removing?.title_name ?? '' })}
        description={removing?.status === 'pending' ? t('profile.titles.withdrawBody') : t('people.removeBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => removing && actions.delTitle(removing.user_title_id)}
      />
    </section>
  );
};

const PendingTitles = ({ onWithdraw }: { onWithdraw: (t: Title) => void }) => {
  const { t } = useTranslation();
  const requests = useTitleRequests();
  if (requests.state !== 'ready') return null;
  const pending = requests.data.list.filter((r) => r.status !== 'approved');
  if (pending.length === 0) return null;
  return (
    <div className="stack">
      <h3 className="h3">{t('profile.titles.requests')}</h3>
      <ul className="people-entries">
        {pending.map((r) => (
          <li key={r.user_title_id} className="people-entry">
            <div className="people-entry-body">
              <span>{t('profile.titles.line', { title: r.title_name, year: r.year })}</span>
              <span className="muted">{t(`profile.titles.status.${r.status}`)}</span>
            </div>
            <Button variant="ghost" onClick={() => onWithdraw(r)}>
              {t('profile.titles.withdraw')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
};

const AddTitleDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const offices = useOffices();
  const actions = useCareerActions();
  const [title, setTitle] = useState<ProfessionalTitle | ''>('');
  const level = title ? PROFESSIONAL_TITLES[title] : 'local';
  const chapters = useChapters(level);
  const [chapterId, setChapterId] = useState('');
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = useId();

  const submit = async () => {
    const y = Number(year);
    if (!title || !chapterId) return setError(t('profile.titles.pick'));
    if (!Number.isInteger(y) || y < 1915 || y > new Date().getFullYear() + 1) return setError(t('profile.titles.badYear'));
    setError(null);
    const result = await actions.addTitle({ title, chapter_id: Number(chapterId), year: y }, confirm);
    if (result.ok) onClose();
    else setError(unreachable(result) ? t('people.network') : result.message);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('profile.titles.add')} description={t('profile.titles.addHint')}>
      <form className="stack people-form" onSubmit={(e) => e.preventDefault()} noValidate>
        <div className="field">
          <label htmlFor={`${base}-title`}>{t('profile.titles.office')}</label>
          <select
            id={`${base}-title`}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value as ProfessionalTitle);
              setChapterId('');
            }}
          >
            <option value="">{t('people.choose')}</option>
            {offices.state === 'ready' &&
              offices.data.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.name}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${base}-chapter`}>{t('profile.titles.chapter')}</label>
          <select id={`${base}-chapter`} value={chapterId} disabled={!title} onChange={(e) => setChapterId(e.target.value)}>
            <option value="">{t('people.choose')}</option>
            {chapters.state === 'ready' &&
              chapters.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${base}-year`}>{t('profile.titles.year')}</label>
          <input id={`${base}-year`} type="number" inputMode="numeric" min={1915} max={new Date().getFullYear() + 1} value={year} onChange={(e) => setYear(e.target.value)} />
        </div>
        <label className="check">
          <input type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />
          <span>{t('profile.titles.askConfirm')}</span>
        </label>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <div className="row people-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" onClick={submit}>
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
