import { useAtomValue } from 'jotai';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BIO_MAX, CITY_MAX, GENDERS } from '../../../schemas/api/profile.ts';
import { NICK_NAME_MAX } from '../../../schemas/rules.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../auth/form-status.tsx';
import { CachedView } from '../profile/cached-states.tsx';
import { unreachable } from '../profile/use-people-cache.ts';
import { useChapters, useCountries, useEditProfile, useProfile, useRegions, type Profile } from '../profile/use-profile.ts';

/** Settings › Profile: the public card (name, introduction, chapter) and the personal details, sent encrypted. */
export const ProfileSettings = () => {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <section className="card stack" id="profile-settings" aria-labelledby="profile-settings-heading">
      <h2 id="profile-settings-heading">{t('profile.settings.title')}</h2>
      <CachedView cached={profile}>{(p) => <ProfileForm key={p.user_id} profile={p} />}</CachedView>
    </section>
  );
};

const ProfileForm = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const { editPublic, editPersonal } = useEditProfile();
  const chapters = useChapters('local');
  const countries = useCountries();
  const [v, setV] = useState({
    nick_name: profile.nick_name,
    bio: profile.bio,
    chapter_id: profile.chapter ? String(profile.chapter.id) : '',
    gender: profile.gender,
    birth_date: profile.birth_date ?? '',
    mobile: profile.mobile ?? '',
    country_id: profile.address?.country ? String(profile.address.country.id) : '',
    region_id: profile.address?.region ? String(profile.address.region.id) : '',
    city: profile.address?.city ?? '',
  });
  const regions = useRegions(v.country_id ? Number(v.country_id) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const set = (field: keyof typeof v, value: string) => setV((old) => ({ ...old, [field]: value, ...(field === 'country_id' ? { region_id: '' } : {}) }));

  const save = async () => {
    const found: Record<string, string> = {};
    if (!v.nick_name.trim()) found.nick_name = t('people.required');
    if (v.mobile.trim() && !/^\+?[0-9][0-9 ()-]{5,22}$/.test(v.mobile.trim())) found.mobile = t('profile.settings.mobileRule');
    if (v.birth_date && v.birth_date > new Date().toISOString().slice(0, 10)) found.birth_date = t('profile.settings.birthRule');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    const first = await editPublic({ nick_name: v.nick_name.trim(), bio: v.bio.trim(), chapter_id: v.chapter_id ? Number(v.chapter_id) : null });
    const second = first.ok
      ? await editPersonal({
          gender: v.gender,
          birth_date: v.birth_date,
          mobile: v.mobile.trim(),
          country_id: v.country_id ? Number(v.country_id) : null,
          region_id: v.region_id ? Number(v.region_id) : null,
          city: v.city.trim(),
        })
      : first;
    if (second.ok) return setMessage({ ok: true, text: t('profile.settings.saved') });
    if (second.field) setErrors({ [second.field]: second.message });
    else setMessage({ ok: false, text: unreachable(second) ? t('people.network') : second.message });
  };

  const field = (name: keyof typeof v, label: string, input: (common: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode, hint?: string) => {
    const fid = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={fid}>{label}</label>
        {input({ id: fid, 'aria-invalid': error ? true : undefined, 'aria-describedby': [error ? `${fid}-error` : '', hint ? `${fid}-hint` : ''].join(' ').trim() || undefined })}
        {hint && (
          <span id={`${fid}-hint`} className="field-hint">
            {hint}
          </span>
        )}
        {error && (
          <span id={`${fid}-error`} className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    );
  };

  return (
    <form className="stack people-form" onSubmit={(e) => e.preventDefault()} noValidate>
      {field('nick_name', t('profile.settings.name'), (c) => (
        <input {...c} name="nick_name" dir="auto" maxLength={NICK_NAME_MAX} value={v.nick_name} onChange={(e) => set('nick_name', e.target.value)} />
      ))}
      {field('bio', t('profile.settings.bio'), (c) => (
        <textarea {...c} name="bio" dir="auto" rows={3} maxLength={BIO_MAX} value={v.bio} onChange={(e) => set('bio', e.target.value)} />
      ))}
      {field('chapter_id', t('profile.settings.chapter'), (c) => (
        <select {...c} value={v.chapter_id} onChange={(e) => set('chapter_id', e.target.value)}>
          <option value="">{t('profile.settings.noChapter')}</option>
          {chapters.state === 'ready' &&
            chapters.data.map((ch) => (
              <option key={ch.id} value={ch.id}>
                {ch.name}
              </option>
            ))}
        </select>
      ))}
      <fieldset className="plain-fieldset stack">
        <legend>{t('profile.settings.personal')}</legend>
        <p className="muted">{t('profile.settings.personalHint')}</p>
        {field('gender', t('profile.details.gender'), (c) => (
          <select {...c} value={v.gender} onChange={(e) => set('gender', e.target.value)}>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`profile.gender.${g}`)}
              </option>
            ))}
          </select>
        ))}
        {field('birth_date', t('profile.details.birth_date'), (c) => (
          <input {...c} type="date" max={new Date().toISOString().slice(0, 10)} min="1900-01-01" value={v.birth_date} onChange={(e) => set('birth_date', e.target.value)} />
        ))}
        {field('mobile', t('profile.details.mobile'), (c) => (
          <input {...c} type="tel" inputMode="tel" autoComplete="tel" maxLength={24} value={v.mobile} onChange={(e) => set('mobile', e.target.value)} />
        ))}
        {field('country_id', t('profile.settings.country'), (c) => (
          <select {...c} value={v.country_id} onChange={(e) => set('country_id', e.target.value)}>
            <option value="">{t('people.choose')}</option>
            {countries.state === 'ready' &&
              countries.data.map((co) => (
                <option key={co.id} value={co.id}>
                  {co.name}
                </option>
              ))}
          </select>
        ))}
        {field('region_id', t('profile.settings.region'), (c) => (
          <select {...c} value={v.region_id} disabled={!v.country_id} onChange={(e) => set('region_id', e.target.value)}>
            <option value="">{t('people.choose')}</option>
            {regions.state === 'ready' &&
              regions.data.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
          </select>
        ))}
        {field('city', t('profile.settings.city'), (c) => (
          <input {...c} dir="auto" maxLength={CITY_MAX} autoComplete="address-level2" value={v.city} onChange={(e) => set('city', e.target.value)} />
        ))}
      </fieldset>
      {message && <FormMessage kind={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
      <div>
        <Button type="submit" disabled={!online} onClick={save}>
          {t('profile.settings.save')}
        </Button>
      </div>
    </form>
  );
};
