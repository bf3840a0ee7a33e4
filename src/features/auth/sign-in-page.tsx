import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterSignIn } from '../../app/guard.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { ReactivatePanel } from './reactivate-panel.tsx';
import { signInStepAtom } from './sign-in-store.ts';
import { useCaptcha, useSignIn } from './use-auth.ts';

export const SignInPage = () => {
  const { t } = useTranslation('auth');
  const search: { redirect?: string } = useSearch({ strict: false });
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { captcha, failed, refresh } = useCaptcha();
  const [form, setForm] = useState({ email: '', password: '', captcha_code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const step = useAtomValue(signInStepAtom);

  // The submit button runs this (Enter in a field clicks it too), under the anti-double-click lock.
  const submit = async () => {
    const local: Record<string, string> = {};
    if (!form.email.trim()) local.email = t('rules.emailRequired');
    if (!form.password) local.password = t('rules.passwordRequired');
    if (!form.captcha_code.trim()) local.captcha_code = t('rules.captchaRequired');
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length || !captcha) return;
    const result = await signIn({ ...form, email: form.email.trim(), captcha_id: captcha.captcha_id }, search.redirect);
    if (result.ok) {
      await navigate({ to: afterSignIn(search.redirect) });
      return;
    }
    // The password was right and the account needs another step: its own screen, or the panel below.
    if (result.step === 'second-factor') {
      await navigate({ to: '/auth/authentication' });
      return;
    }
    if (result.step === 'locked') {
      await navigate({ to: '/auth/locked' });
      return;
    }
    // Every attempt uses the captcha up: show a new one and clear the answer.
    setForm((f) => ({ ...f, captcha_code: '' }));
    void refresh();
    if (result.step === 'frozen') return;
    if (result.field) setErrors({ [result.field]: result.message });
    else setMessage(result.message);
  };

  return (
    <AuthLayout title={t('signIn.title')}>
      <p className="muted">{t('signIn.intro')}</p>
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={form.email}
          error={errors.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          required
        />
        <Field
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={form.password}
          error={errors.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
          required
        />
        <CaptchaField
          captcha={captcha}
          failed={failed}
          value={form.captcha_code}
          error={errors.captcha_code}
          onChange={(v) => setForm({ ...form, captcha_code: v })}
          onRefresh={() => void refresh()}
        />
        {message && (
          <p className="alert" role="alert">
            {message}
          </p>
        )}
        <Button type="submit" block onClick={() => submit()}>
          {t('signIn.submit')}
        </Button>
      </form>
      {step?.kind === 'frozen' && <ReactivatePanel step={step} redirect={search.redirect} />}
      <p>
        <Link to="/auth/password-reset-before">{t('signIn.forgot')}</Link>
      </p>
      <p>
        {t('signIn.noAccount')} <Link to="/auth/sign-up1">{t('signIn.toSignUp')}</Link>
      </p>
      <p className="muted">
        <Link to="/privacyAndPolicyAndUser">{t('links.terms')}</Link> · <Link to="/privacyandpolicy">{t('links.privacy')}</Link> ·{' '}
        <Link to="/CSAE">{t('links.csae')}</Link>
      </p>
    </AuthLayout>
  );
};
