import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '../../../schemas/rules.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormMessage } from '../auth/form-status.tsx';
import { useChangePassword } from '../auth/use-security.ts';

const EMPTY = { old_password: '', password: '', confirm_password: '' };

/** Changing the password; other devices are signed out by the server. */
export const SecurityPassword = () => {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!form.old_password) local.old_password = t('settings.security.rules.currentRequired');
    if (!isStrongPassword(form.password)) local.password = t('settings.security.rules.password');
    if (form.password !== form.confirm_password) local.confirm_password = t('settings.security.rules.passwordsDiffer');
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length) return;
    const result = await change(form);
    if (result.ok) {
      setForm(EMPTY);
      setMessage({ kind: 'success', text: t('settings.security.passwordChanged') });
    } else if (result.field) setErrors({ [result.field]: result.message });
    else setMessage({ kind: 'error', text: result.message });
  };

  return (
    <section className="stack security-part" aria-labelledby="password-heading">
      <h3 id="password-heading">{t('settings.security.passwordTitle')}</h3>
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field
          label={t('settings.security.currentPassword')}
          type="password"
          name="old_password"
          autoComplete="current-password"
          value={form.old_password}
          error={errors.old_password}
          onChange={(e) => setForm({ ...form, old_password: e.target.value })}
          required
        />
        <Field
          label={t('settings.security.newPassword')}
          type="password"
          name="new_password"
          autoComplete="new-password"
          hint={t('settings.security.rules.password')}
          value={form.password}
          error={errors.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
          required
        />
        <Field
          label={t('settings.security.confirmPassword')}
          type="password"
          name="confirm_new_password"
          autoComplete="new-password"
          value={form.confirm_password}
          error={errors.confirm_password}
          onChange={(e) => setForm({ ...form, confirm_password: e.target.value })}
          required
        />
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        <div>
          <Button type="submit" onClick={submit}>
            {t('settings.security.changePassword')}
          </Button>
        </div>
      </form>
    </section>
  );
};
