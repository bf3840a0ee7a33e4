import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLUB_CATEGORIES, CLUB_CONTACT_MAX, CLUB_INTRO_MAX, CLUB_NAME_MAX, JOIN_MODES, type ClubView } from '../../../schemas/api/clubs.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { isUnreachable } from '../feed/community-ui.tsx';
import { ImagePicker } from '../feed/image-picker.tsx';
import type { ActionResult } from '../feed/use-feed.ts';
import { useImageUploads } from '../feed/use-image-upload.ts';

type Category = (typeof CLUB_CATEGORIES)[number];
type JoinMode = (typeof JOIN_MODES)[number];

export interface ClubFormValues {
  name: string;
  intro: string;
  category: Category;
  join_mode: JoinMode;
  contact: string;
  avatar?: string;
}

/**
 * Creates a club or edits one: name, introduction, category, how members join, contact, picture.
 * The server's refusal shows by the field it names.
 */
export const ClubFormDialog = ({
  open,
  onOpenChange,
  club,
  title,
  submitLabel,
  onSubmit,
  online,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  club?: ClubView;
  title: string;
  submitLabel: string;
  onSubmit: (values: ClubFormValues) => Promise<ActionResult>;
  online: boolean;
}) => {
  const { t } = useTranslation();
  const picture = useImageUploads(1);
  const [values, setValues] = useState<ClubFormValues>({
    name: club?.name ?? '',
    intro: club?.intro ?? '',
    category: club?.category ?? 'community',
    join_mode: club?.join_mode ?? 'open',
    contact: club?.contact ?? '',
  });
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const introId = useId();
  const categoryId = useId();
  const set = <K extends keyof ClubFormValues>(key: K, value: ClubFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    if (!values.name.trim()) return setError({ field: 'name', message: t('clubs.form.nameRequired') });
    setError(null);
    const result = await onSubmit({ ...values, ...(picture.urls[0] ? { avatar: picture.urls[0] } : {}) });
    if (result.ok) {
      picture.clear();
      return onOpenChange(false);
    }
    setError({ field: result.field, message: isUnreachable(result.error) ? t('community.unreachableRetry') : result.error.message });
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field label={t('clubs.form.name')} name="name" dir="auto" value={values.name} maxLength={CLUB_NAME_MAX} required error={fieldError('name')} onChange={(e) => set('name', e.target.value)} />
        <div className="field">
          <label htmlFor={introId}>{t('clubs.form.intro')}</label>
          <textarea id={introId} name="intro" dir="auto" rows={4} maxLength={CLUB_INTRO_MAX} value={values.intro} onChange={(e) => set('intro', e.target.value)} />
          {fieldError('intro') && <span className="field-error">{fieldError('intro')}</span>}
        </div>
        <div className="field">
          <label htmlFor={categoryId}>{t('clubs.form.category')}</label>
          <select id={categoryId} name="category" value={values.category} onChange={(e) => set('category', e.target.value as Category)}>
            {CLUB_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`clubs.categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="plain-fieldset stack">
          <legend>{t('clubs.form.joinMode')}</legend>
          {JOIN_MODES.map((m) => (
            <label key={m} className="check">
              <input type="radio" name="join_mode" value={m} checked={values.join_mode === m} onChange={() => set('join_mode', m)} />
              <span>{t(`clubs.joinModes.${m}`)}</span>
            </label>
          ))}
        </fieldset>
        <Field label={t('clubs.form.contact')} name="contact" dir="auto" value={values.contact} maxLength={CLUB_CONTACT_MAX} hint={t('clubs.form.contactHint')} error={fieldError('contact')} onChange={(e) => set('contact', e.target.value)} />
        <div className="field">
          <span className="cm-label">{t('clubs.form.picture')}</span>
          <ImagePicker uploads={picture} max={1} disabled={!online} />
        </div>
        {error && !['name', 'intro', 'contact'].includes(error.field ?? '') && (
          <p className="alert" role="alert">
            {error.message}
          </p>
        )}
        <div className="row cm-dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={!online || picture.busy} onClick={() => submit()}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
