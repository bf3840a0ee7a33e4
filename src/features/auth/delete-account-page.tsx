import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { FormMessage } from './form-status.tsx';
import { useDeleteAccount } from './use-security.ts';

const GRACE_DAYS = 30;

/** Deleting the account: what it means, the password, and a last confirmation. */
export const DeleteAccountPage = () => {
  const { t } = useTranslation('auth');
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const ask = () => {
    if (!password) {
      setError(t('rules.passwordRequired'));
      return;
    }
    setError(null);
    setConfirming(true);
  };
  const run = async () => {
    const result = await remove(password);
    if (result.ok) {
      showToast('success', t('deleteAccount.done', { date: new Date(result.data.erase_after).toLocaleDateString() }));
      return;
    }
    setPassword('');
    setError(result.message);
  };

  return (
    <AuthLayout title={t('deleteAccount.title')}>
      <p>{t('deleteAccount.intro', { days: GRACE_DAYS })}</p>
      <ul>
        <li>{t('deleteAccount.pointNow')}</li>
        <li>{t('deleteAccount.pointGrace', { days: GRACE_DAYS })}</li>
        <li>{t('deleteAccount.pointErase', { days: GRACE_DAYS })}</li>
      </ul>
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error && !password && <FormMessage>{error}</FormMessage>}
        <Button type="submit" variant="danger" block onClick={ask} lockMs={0}>
          {t('deleteAccount.submit')}
        </Button>
      </form>
      <p>
        <Link to="/settings">{t('links.backToSettings')}</Link>
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deleteAccount.confirmTitle')}
        description={t('deleteAccount.confirmBody', { days: GRACE_DAYS })}
        confirmLabel={t('deleteAccount.confirm')}
        onConfirm={run}
      />
    </AuthLayout>
  );
};
