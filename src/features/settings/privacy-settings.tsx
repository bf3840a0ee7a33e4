import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCES, NOTIFICATION_KINDS, PRIVACY_FIELDS, type Audience, type NotificationKind, type PrivacyField } from '../../../schemas/api/profile.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { MemberRow } from '../friends/member-row.tsx';
import { useBlockList, usePeopleActions } from '../friends/use-friends.ts';
import { CachedView, MoreButton } from '../profile/cached-states.tsx';
import { unreachable } from '../profile/use-people-cache.ts';
import { useNotificationSettings, usePrivacy, useSettingsActions } from './use-privacy.ts';

/** Settings › Privacy: who sees each guarded part of the profile, and the members one blocked. */
export const PrivacySettings = () => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const privacy = usePrivacy();
  const { setPrivacy } = useSettingsActions();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const change = async (field: PrivacyField, audience: Audience) => {
    setError(null);
    const result = await setPrivacy({ [field]: audience });
    if (!result.ok) setError(unreachable(result) ? t('people.network') : result.message);
  };
  return (
    <section className="card stack" id="privacy-settings" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">{t('privacy.title')}</h2>
      <p className="muted">{t('privacy.intro')}</p>
      <CachedView cached={privacy}>
        {(data) => (
          <div className="people-settings-grid">
            {PRIVACY_FIELDS.map((f) => (
              <div className="field" key={f}>
                <label htmlFor={`${id}-${f}`}>{t(`privacy.fields.${f}`)}</label>
                <select id={`${id}-${f}`} value={data[f]} disabled={!online} onChange={(e) => void change(f, e.target.value as Audience)}>
                  {AUDIENCES.map((a) => (
                    <option key={a} value={a}>
                      {t(`privacy.audiences.${a}`)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        )}
      </CachedView>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <BlockedMembers />
    </section>
  );
};

const BlockedMembers = () => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const blocked = useBlockList();
  const { unblock } = usePeopleActions();
  return (
    <section className="stack security-part" aria-labelledby="blocked-heading">
      <h3 id="blocked-heading">{t('privacy.blocked')}</h3>
      <p className="muted">{t('privacy.blockedHint')}</p>
      <CachedView cached={blocked.first}>
        {() =>
          blocked.items.length === 0 ? (
            <p className="muted">{t('privacy.noneBlocked')}</p>
          ) : (
            <>
              <ul className="people-list">
                {blocked.items.map((m) => (
                  <MemberRow key={m.user_id} member={{ ...m, chapter: null }}>
                    <Button variant="secondary" disabled={!online} onClick={() => unblock(m.user_id)} aria-label={t('friends.unblockNamed', { name: m.nick_name })}>
                      {t('friends.unblock')}
                    </Button>
                  </MemberRow>
                ))}
              </ul>
              <MoreButton hasMore={blocked.hasMore} loading={blocked.loadingMore} error={blocked.moreError} onMore={blocked.loadMore} />
            </>
          )
        }
      </CachedView>
    </section>
  );
};

/** Settings › Notifications: which kinds the member wants to hear about. */
export const NotificationSettings = () => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const settings = useNotificationSettings();
  const { setNotifications } = useSettingsActions();
  const [error, setError] = useState<string | null>(null);
  const change = async (kind: NotificationKind, on: boolean) => {
    setError(null);
    const result = await setNotifications({ [kind]: on });
    if (!result.ok) setError(unreachable(result) ? t('people.network') : result.message);
  };
  return (
    <section className="card stack" id="notification-settings" aria-labelledby="notification-settings-heading">
      <h2 id="notification-settings-heading">{t('notificationSettings.title')}</h2>
      <CachedView cached={settings}>
        {(data) => (
          <fieldset className="plain-fieldset stack">
            <legend className="visually-hidden">{t('notificationSettings.title')}</legend>
            {NOTIFICATION_KINDS.map((k) => (
              <label key={k} className="check">
                <input type="checkbox" checked={data[k]} disabled={!online} onChange={(e) => void change(k, e.target.checked)} />
                <span>
                  {t(`notificationSettings.kinds.${k}`)}
                  <span className="muted people-check-hint">{t(`notificationSettings.hints.${k}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </CachedView>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
};
