import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from './use-profile.ts';

/** The personal details of spec section 3, each shown or marked as kept private by the member. */
export const ProfileDetails = ({ profile }: { profile: Profile }) => {
  const { t, i18n } = useTranslation();
  const hidden = new Set(profile.hidden);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const address = profile.address ? [profile.address.city, profile.address.region?.name, profile.address.country?.name].filter(Boolean).join(', ') : '';
  const row = (key: 'email' | 'mobile' | 'birth_date' | 'address', value: string) => (
    <div className="people-detail" key={key}>
      <dt>{t(`profile.details.${key}`)}</dt>
      <dd dir="auto">{hidden.has(key) ? <span className="muted">{t('profile.details.private')}</span> : value || <span className="muted">{t('profile.details.none')}</span>}</dd>
    </div>
  );
  return (
    <section className="card stack people-section" aria-labelledby="details-heading">
      <div className="row people-section-head">
        <h2 id="details-heading" className="h3">
          {t('profile.details.title')}
        </h2>
        {profile.is_me && (
          <Link to="/settings" hash="profile-settings" className="btn" data-variant="secondary">
            {t('profile.editDetails')}
          </Link>
        )}
      </div>
      <dl className="people-details">
        <div className="people-detail">
          <dt>{t('profile.details.gender')}</dt>
          <dd>{t(`profile.gender.${profile.gender}`)}</dd>
        </div>
        {row('birth_date', profile.birth_date ? date(profile.birth_date) : '')}
        {row('email', profile.email ?? '')}
        {row('mobile', profile.mobile ?? '')}
        {row('address', address)}
        <div className="people-detail">
          <dt>{t('profile.details.memberSince')}</dt>
          <dd>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(profile.created_at))}</dd>
        </div>
      </dl>
      {profile.is_me && <p className="muted">{t('profile.details.privacyHint')}</p>}
    </section>
  );
};
