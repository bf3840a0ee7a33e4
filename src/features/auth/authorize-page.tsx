import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormMessage } from './form-status.tsx';
import { useMembershipAuthorize } from './use-membership.ts';

/**
 * /authorize: signing in to the organisation's external membership service, which keeps the
 * official membership record. When this build has no such service configured, the page says so
 * and what an administrator sets; nothing is imitated.
 */
export const AuthorizePage = () => {
  const { t } = useTranslation('auth');
  const { config, saved, connect, forget } = useMembershipAuthorize();
  const [form, setForm] = useState({ username: '', password: '' });
  const [error, setError] = useState<string | null>(null);

  if (!config.configured) {
    return (
      <section className="card stack" aria-labelledby="authorize-title">
        <h1 id="authorize-title">{t('authorize.title')}</h1>
        <p role="status">{t('authorize.notConfigured')}</p>
        <p className="muted">{t('authorize.adminHint', { settings: config.missing.join(', ') })}</p>
        <Link to="/settings">{t('links.backToSettings')}</Link>
      </section>
    );
  }

  const send = async () => {
    if (!form.username.trim() || !form.password) {
      setError(t('authorize.required'));
      return;
    }
    setError(null);
    const outcome = await connect(form.username.trim(), form.password);
    if (!outcome) return;
    setForm({ username: form.username, password: '' });
    if (outcome.ok) return;
    if (outcome.reason === 'refused') setError(outcome.message || t('authorize.refused'));
    else if (outcome.reason === 'unexpected') setError(t('authorize.unexpected'));
    else setError(t('authorize.unreachable', { host: config.settings.host }));
  };

  return (
    <section className="card stack" aria-labelledby="authorize-title">
      <h1 id="authorize-title">{t('authorize.title')}</h1>
      <p>{t('authorize.intro', { host: config.settings.host })}</p>
      {saved ? (
        <>
          <FormMessage kind="success">
            {saved.token.expires_in
              ? t('authorize.connectedUntil', { time: new Date(saved.at + saved.token.expires_in * 1000).toLocaleTimeString() })
              : t('authorize.connected')}
          </FormMessage>
          <div>
            <Button variant="secondary" onClick={forget}>
              {t('authorize.forget')}
            </Button>
          </div>
        </>
      ) : (
        <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
          <Field label={t('authorize.username')} name="username" autoComplete="off" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} required />
          <Field
            label={t('authorize.password')}
            type="password"
            name="membership_password"
            autoComplete="off"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            required
          />
          {error && <FormMessage>{error}</FormMessage>}
          <Button type="submit" onClick={send}>
            {t('authorize.submit')}
          </Button>
        </form>
      )}
    </section>
  );
};
