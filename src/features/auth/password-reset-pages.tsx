import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStrongPassword, looksLikeEmail } from '../../../schemas/rules.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { FormMessage } from './form-status.tsx';
import { useForgotPassword, useResetPassword } from './use-recovery.ts';

/** Asking for a reset link: the answer is the same whether or not the address has an account. */
export const PasswordResetBeforePage = () => {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async () => {
    const value = email.trim();
    if (!value) return setError(t('rules.emailRequired'));
    if (!looksLikeEmail(value)) return setError(t('rules.emailInvalid'));
    setError(null);
    const result = await forgot(value);
    if (result.ok) setSentTo(value);
    else setError(result.message);
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      {sentTo ? (
        <>
          <FormMessage kind="success">{t('forgot.sent', { email: sentTo })}</FormMessage>
          <p className="muted">{t('forgot.sentHint')}</p>
        </>
      ) : (
        <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
          <p>{t('forgot.intro')}</p>
          <Field label={t('fields.email')} type="email" name="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} required />
          <Button type="submit" block onClick={send}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <p>
        <Link to="/auth/sign-in1">{t('links.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
};

/** Choosing a new password with the token from the mailed link (spec section 7: the token comes from the query). */
export const PasswordResetPage = () => {
  const { t } = useTranslation('auth');
  const { token }: { token?: string } = useSearch({ strict: false });
  const reset = useResetPassword();
  const [form, setForm] = useState({ password: '', confirm_password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthLayout title={t('reset.title')}>
        <FormMessage>{t('reset.noToken')}</FormMessage>
        <Link className="btn" data-variant="primary" to="/auth/password-reset-before">
          {t('reset.askAgain')}
        </Link>
      </AuthLayout>
    );
  }

  const send = async () => {
    const local: Record<string, string> = {};
    if (!isStrongPassword(form.password)) local.password = t('rules.password');
    if (form.password !== form.confirm_password) local.confirm_password = t('rules.passwordsDiffer');
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length) return;
    const result = await reset(token, form.password, form.confirm_password);
    if (result.ok) setDone(true);
    else if (result.field) setErrors({ [result.field]: result.message });
    else setMessage(result.message);
  };

  return (
    <AuthLayout title={t('reset.title')}>
      {done ? (
        <>
          <FormMessage kind="success">{t('reset.done')}</FormMessage>
          <Link className="btn" data-variant="primary" to="/auth/sign-in1">
            {t('links.toSignIn')}
          </Link>
        </>
      ) : (
        <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
          <Field
            label={t('fields.newPassword')}
            type="password"
            name="password"
            autoComplete="new-password"
            hint={t('rules.password')}
            value={form.password}
            error={errors.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            required
          />
          <Field
            label={t('fields.confirmPassword')}
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            value={form.confirm_password}
            error={errors.confirm_password}
            onChange={(e) => setForm({ ...form, confirm_password: e.target.value })}
            required
          />
          {message && (
            <>
              <FormMessage>{message}</FormMessage>
              <Link to="/auth/password-reset-before">{t('reset.askAgain')}</Link>
            </>
          )}
          <Button type="submit" block onClick={send}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
};
