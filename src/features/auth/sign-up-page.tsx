import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NICK_NAME_MAX, isStrongPassword, looksLikeEmail } from '../../../schemas/rules.ts';
import { HOME } from '../../app/guard.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { useCaptcha, useSignUp } from './use-auth.ts';

export const SignUpPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signUp = useSignUp();
  const { captcha, failed, refresh } = useCaptcha();
  const [form, setForm] = useState({ email: '', nick_name: '', password: '', confirm_password: '', agree: false, captcha_code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  // The submit button runs this (Enter in a field clicks it too), under the anti-double-click lock.
  const submit = async () => {
    // The same rules the server applies (schemas/rules.ts), in the member's language.
    const local: Record<string, string> = {};
    if (!form.email.trim()) local.email = t('rules.emailRequired');
    else if (!looksLikeEmail(form.email.trim())) local.email = t('rules.emailInvalid');
    if (!form.nick_name.trim()) local.nick_name = t('rules.nameRequired');
    if (!isStrongPassword(form.password)) local.password = t('rules.password');
    if (form.password !== form.confirm_password) local.confirm_password = t('rules.passwordsDiffer');
    if (!form.agree) local.agree = t('rules.agree');
    if (!form.captcha_code.trim()) local.captcha_code = t('rules.captchaRequired');
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length || !captcha) return;
    const result = await signUp({
      ...form,
      email: form.email.trim(),
      nick_name: form.nick_name.trim(),
      agree: true,
      captcha_id: captcha.captcha_id,
    });
    if (result.ok) {
      await navigate({ to: HOME });
      return;
    }
    set({ captcha_code: '' });
    void refresh();
    if (result.field) setErrors({ [result.field]: result.message });
    else setMessage(result.message);
  };

  return (
    <AuthLayout title={t('signUp.title')}>
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field label={t('fields.email')} type="email" name="email" autoComplete="email" value={form.email} error={errors.email} onChange={(e) => set({ email: e.target.value })} required />
        <Field
          label={t('fields.nickName')}
          name="nick_name"
          autoComplete="name"
          maxLength={NICK_NAME_MAX}
          value={form.nick_name}
          error={errors.nick_name}
          onChange={(e) => set({ nick_name: e.target.value })}
          required
        />
        <Field
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          hint={t('rules.password')}
          value={form.password}
          error={errors.password}
          onChange={(e) => set({ password: e.target.value })}
          required
        />
        <Field
          label={t('fields.confirmPassword')}
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          value={form.confirm_password}
          error={errors.confirm_password}
          onChange={(e) => set({ confirm_password: e.target.value })}
          required
        />
        <div className="field">
          <label className="check">
            <input type="checkbox" name="agree" checked={form.agree} onChange={(e) => set({ agree: e.target.checked })} aria-invalid={errors.agree ? true : undefined} />
            <span>
              <Trans
                t={t}
                i18nKey="signUp.agree"
                components={{ terms: <Link to="/privacyAndPolicyAndUser" target="_blank" />, privacy: <Link to="/privacyandpolicy" target="_blank" /> }}
              />
            </span>
          </label>
          {errors.agree && (
            <span className="field-error" role="alert">
              {errors.agree}
            </span>
          )}
        </div>
        <CaptchaField captcha={captcha} failed={failed} value={form.captcha_code} error={errors.captcha_code} onChange={(v) => set({ captcha_code: v })} onRefresh={() => void refresh()} />
        {message && (
          <p className="alert" role="alert">
            {message}
          </p>
        )}
        <Button type="submit" block onClick={() => submit()}>
          {t('signUp.submit')}
        </Button>
      </form>
      <p>
        {t('signUp.haveAccount')} <Link to="/auth/sign-in1">{t('signUp.toSignIn')}</Link>
      </p>
    </AuthLayout>
  );
};
