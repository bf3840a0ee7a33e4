import { useAtom, useAtomValue } from 'jotai';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meAtom } from '../../api/session.ts';
import { themeChoiceAtom, type ThemeChoice } from '../../app/theme.ts';
import { browserTimeZone, knownTimeZones, timeZoneAtom } from '../../app/time-zone.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useSignOut } from '../auth/use-auth.ts';
import { LanguageSelect } from './language-select.tsx';
import { InstallRow } from '../app-update/install-row.tsx';
import { PushRow } from './push-row.tsx';
import { SecuritySection } from './security-section.tsx';
import { ProfileSettings } from './profile-settings.tsx';
import { NotificationSettings, PrivacySettings } from './privacy-settings.tsx';
import { useSaveTimeZone } from './use-privacy.ts';

const THEMES: ThemeChoice[] = ['system', 'light', 'dark'];

export const SettingsPage = () => {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const [theme, setTheme] = useAtom(themeChoiceAtom);
  const [timeZone, setTimeZone] = useAtom(timeZoneAtom);
  const zones = useMemo(() => knownTimeZones(), []);
  const signOut = useSignOut();
  const saveTimeZone = useSaveTimeZone();
  const [confirmOut, setConfirmOut] = useState(false);
  const tzId = useId();
  const now = new Intl.DateTimeFormat(undefined, { timeZone: timeZone ?? browserTimeZone(), dateStyle: 'medium', timeStyle: 'short' }).format(new Date());

  return (
    <div className="stack">
      <h1>{t('settings.title')}</h1>
      <ProfileSettings />
      <section className="card stack" aria-labelledby="display-heading">
        <h2 id="display-heading">{t('settings.display')}</h2>
        <LanguageSelect showLabel />
        <fieldset className="stack" style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend>{t('settings.theme')}</legend>
          <div className="row">
            {THEMES.map((choice) => (
              <label key={choice} className="check">
                <input type="radio" name="theme" value={choice} checked={theme === choice} onChange={() => setTheme(choice)} />
                <span>{t(`settings.themes.${choice}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={tzId}>{t('settings.timeZone')}</label>
          <select
            id={tzId}
            value={timeZone ?? ''}
            onChange={(e) => {
              setTimeZone(e.target.value || null);
              void saveTimeZone(e.target.value);
            }}
          >
            <option value="">{t('settings.timeZoneBrowser', { zone: browserTimeZone() })}</option>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          <span className="field-hint">{t('settings.timeZoneNow', { time: now })}</span>
        </div>
      </section>
      <section className="card stack" aria-labelledby="device-heading">
        <h2 id="device-heading">{t('pwa.device.title')}</h2>
        <PushRow />
        <InstallRow />
      </section>
      <PrivacySettings />
      <NotificationSettings />
      <SecuritySection />
      <section className="card stack" aria-labelledby="account-heading">
        <h2 id="account-heading">{t('settings.account')}</h2>
        {me && <p dir="auto">{t('settings.signedInAs', { name: me.nick_name, email: me.email })}</p>}
        <div>
          <Button variant="secondary" onClick={() => setConfirmOut(true)}>
            {t('actions.signOut')}
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirmOut}
        onOpenChange={setConfirmOut}
        title={t('settings.signOutTitle')}
        description={t('settings.signOutBody')}
        confirmLabel={t('actions.signOut')}
        danger={false}
        onConfirm={signOut}
      />
    </div>
  );
};
