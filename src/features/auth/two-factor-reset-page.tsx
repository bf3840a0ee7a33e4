import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looksLikeEmail } from '../../../schemas/rules.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { FormMessage } from './form-status.tsx';
import { setSignInStep } from './sign-in-store.ts';
import { useResetTwoFactor } from './use-recovery.ts';

/**
 * Losing the second factor: without a token, ask for the mail; with the token of its link,
 * confirm turning two-step verification off (which also unlocks a locked account).
 */
export const TwoFactorResetPage = () => {
  const { t } = useTranslation('auth');
  const { token }: { token?: string } = useSearch({ strict: false });
  const { request, confirm } = useResetTwoFactor();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<'sent' | 'reset' | null>(null);

  const ask = async () => {
    const value = email.trim();
    if (!value) return setError(t('rules.emailRequired'));
    if (!looksLikeEmail(value)) return setError(t('rules.emailInvalid'));
    setError(null);
    const result = await request(value);
    if (result.ok) setDone('sent');
    else setError(result.message);
  };
  const apply = async () => {
    setError(null);
    const result = await confirm(token!);
    if (result.ok) {
      setSignInStep(null);
      setDone('reset');
    } else setError(result.message);
  };

  return (
    <AuthLayout title={t('reset2fa.title')}>
      {done === 'sent' && <FormMessage kind="success">{t('reset2fa.sent', { email: email.trim() })}</FormMessage>}
      {done === 'reset' && (
        <>
          <FormMessage kind="success">{t('reset2fa.done')}</FormMessage>
          <Link className="btn" data-variant="primary" to="/auth/sign-in1">
            {t('links.toSignIn')}
          </Link>
        </>
      )}
      {!done && token && (
        <div className="stack">
          <p>{t('reset2fa.confirmIntro')}</p>
          {error && <FormMessage>{error}</FormMessage>}
          <Button variant="danger" block onClick={apply}>
            {t('reset2fa.confirm')}
          </Button>
          {error && <Link to="/auth/2fa-reset">{t('reset2fa.askAgain')}</Link>}
        </div>
      )}
      {!done && !token && (
        <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
          <p>{t('reset2fa.intro')}</p>
          <Field label={t('fields.email')} type="email" name="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} required />
          <Button type="submit" block onClick={ask}>
            {t('reset2fa.submit')}
          </Button>
        </form>
      )}
      <p>
        <Link to="/auth/sign-in1">{t('links.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
};
