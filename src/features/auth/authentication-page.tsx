import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Status } from '../../../schemas/status.ts';
import { afterSignIn } from '../../app/guard.ts';
import { Button } from '../../ui/button.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { CodeField } from './code-field.tsx';
import { FormMessage } from './form-status.tsx';
import { useSecondFactor } from './use-sign-in-steps.ts';

/** The second step of a sign-in: the code from the authenticator app or from the mail. */
export const AuthenticationPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { step, submit, resend } = useSecondFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  if (!step) {
    return (
      <AuthLayout title={t('secondFactor.title')}>
        <FormMessage>{t('secondFactor.expired')}</FormMessage>
        <Link className="btn" data-variant="primary" to="/auth/sign-in1">
          {t('links.backToSignIn')}
        </Link>
      </AuthLayout>
    );
  }

  const send = async () => {
    if (!/^\d{6}$/.test(code)) {
      setError(t('rules.code'));
      return;
    }
    setError(null);
    const result = await submit(code);
    if (!result) return;
    if (result.ok) {
      await navigate({ to: afterSignIn(step.redirect) });
      return;
    }
    if (result.status === Status.locked) {
      await navigate({ to: '/auth/locked' });
      return;
    }
    setCode('');
    setError(result.message);
  };

  const again = async () => {
    const result = await resend();
    if (!result) return;
    setResent(result.ok ? { kind: 'success', text: t('secondFactor.resent', { email: result.data.email }) } : { kind: 'error', text: result.message });
  };

  return (
    <AuthLayout title={t('secondFactor.title')}>
      <p>{step.type === 'google' ? t('secondFactor.appIntro') : t('secondFactor.emailIntro', { email: step.email })}</p>
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <CodeField
          label={step.type === 'google' ? t('fields.appCode') : t('fields.emailCode')}
          value={code}
          onChange={setCode}
          error={error}
        />
        <Button type="submit" block onClick={send}>
          {t('secondFactor.submit')}
        </Button>
      </form>
      {step.type === 'email' && (
        <div className="stack">
          <div>
            <Button variant="secondary" onClick={again}>
              {t('secondFactor.resend')}
            </Button>
          </div>
          {resent && <FormMessage kind={resent.kind}>{resent.text}</FormMessage>}
        </div>
      )}
      <section className="stack" aria-labelledby="no-code-heading">
        <h2 id="no-code-heading" className="h3">
          {t('secondFactor.noCodeTitle')}
        </h2>
        <ul className="link-list">
          <li>
            <Link to="/auth/recovery">{t('secondFactor.useQuestions')}</Link>
          </li>
          <li>
            <Link to="/auth/2fa-reset">{t('secondFactor.resetByEmail')}</Link>
          </li>
        </ul>
        <p className="muted">{t('secondFactor.lockWarning')}</p>
      </section>
    </AuthLayout>
  );
};
