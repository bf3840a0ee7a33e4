import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_PASSWORD_PATTERN } from '../../../schemas/rules.ts';
import { Button } from '../../ui/button.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { CodeField, PinField } from './code-field.tsx';
import { FormMessage, LoadFailed, Loading } from './form-status.tsx';
import { usePaymentPassword } from './use-payment-password.ts';
import { useSecurityStatus } from './use-security.ts';

const isPin = (v: string) => new RegExp(PAYMENT_PASSWORD_PATTERN).test(v);

/**
 * Setting the 6-digit payment password: with a code mailed to the member (first time, or
 * forgotten), or with the current payment password (a change).
 */
const PaymentPasswordForm = ({ mode }: { mode: 'code' | 'old' }) => {
  const { t } = useTranslation('auth');
  const { sendCode, save } = usePaymentPassword();
  const [form, setForm] = useState({ code: '', old: '', pin: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const send = async () => {
    const result = await sendCode();
    if (result.ok) {
      setSent(result.data.sent_to);
      setMessage({ kind: 'success', text: t('payPassword.codeSent', { email: result.data.sent_to }) });
    } else setMessage({ kind: 'error', text: result.message });
  };
  const submit = async () => {
    const local: Record<string, string> = {};
    if (mode === 'code' && !/^\d{6}$/.test(form.code)) local.code = t('rules.code');
    if (mode === 'old' && !isPin(form.old)) local.old_payment_password = t('rules.pin');
    if (!isPin(form.pin)) local.payment_password = t('rules.pin');
    if (form.pin !== form.confirm) local.confirm_payment_password = t('rules.passwordsDiffer');
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length) return;
    const result = await save({
      payment_password: form.pin,
      confirm_payment_password: form.confirm,
      ...(mode === 'code' ? { code: form.code } : { old_payment_password: form.old }),
    });
    if (result.ok) setDone(true);
    else if (result.field) setErrors({ [result.field]: result.message });
    else setMessage({ kind: 'error', text: result.message });
  };

  if (done) {
    return (
      <>
        <FormMessage kind="success">{t('payPassword.done')}</FormMessage>
        <Link className="btn" data-variant="primary" to="/settings">
          {t('links.backToSettings')}
        </Link>
      </>
    );
  }
  return (
    <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
      {mode === 'code' && (
        <>
          <p>{t('payPassword.codeIntro')}</p>
          <div>
            <Button variant="secondary" onClick={send}>
              {sent ? t('payPassword.sendAgain') : t('payPassword.sendCode')}
            </Button>
          </div>
          <CodeField label={t('fields.emailCode')} value={form.code} onChange={(v) => set({ code: v })} error={errors.code} />
        </>
      )}
      {mode === 'old' && (
        <PinField label={t('fields.currentPin')} name="old_payment_password" value={form.old} onChange={(v) => set({ old: v })} error={errors.old_payment_password} />
      )}
      <PinField label={t('fields.newPin')} name="payment_password" autoComplete="new-password" value={form.pin} onChange={(v) => set({ pin: v })} error={errors.payment_password} />
      <PinField
        label={t('fields.confirmPin')}
        name="confirm_payment_password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={(v) => set({ confirm: v })}
        error={errors.confirm_payment_password}
      />
      <p className="field-hint">{t('rules.pin')}</p>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <Button type="submit" block onClick={submit}>
        {t('payPassword.save')}
      </Button>
    </form>
  );
};

/** Forgot the payment password: reset it with a mailed code. */
export const RecoverPayWordPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('payPassword.recoverTitle')}>
      <PaymentPasswordForm mode="code" />
      <p>
        <Link to="/settings">{t('links.backToSettings')}</Link>
      </p>
    </AuthLayout>
  );
};

/** Set the payment password the first time, or change it with the current one. */
export const ResetPayWordPage = () => {
  const { t } = useTranslation('auth');
  const status = useSecurityStatus();
  return (
    <AuthLayout title={status.state === 'ready' && status.data.has_payment_password ? t('payPassword.changeTitle') : t('payPassword.setTitle')}>
      {status.state === 'loading' && <Loading />}
      {status.state === 'error' && <LoadFailed message={status.error.message} onRetry={status.reload} />}
      {status.state === 'ready' && (
        <>
          <p className="muted">{t('payPassword.why')}</p>
          <PaymentPasswordForm mode={status.data.has_payment_password ? 'old' : 'code'} />
          {status.data.has_payment_password && (
            <p>
              <Link to="/auth/RecoverPayWord">{t('payPassword.forgot')}</Link>
            </p>
          )}
        </>
      )}
      <p>
        <Link to="/settings">{t('links.backToSettings')}</Link>
      </p>
    </AuthLayout>
  );
};
