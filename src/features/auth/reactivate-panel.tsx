import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterSignIn } from '../../app/guard.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from './form-status.tsx';
import { setSignInStep } from './sign-in-store.ts';
import type { SignInStep } from './sign-in-step.ts';
import { useReactivate } from './use-auth.ts';

/** Shown on sign-in when the account was deleted and is still in its grace period. */
export const ReactivatePanel = ({ step, redirect }: { step: Extract<SignInStep, { kind: 'frozen' }>; redirect?: string }) => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reactivate = useReactivate();
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    const result = await reactivate(step.reactivate_token);
    if (result.ok) await navigate({ to: afterSignIn(redirect) });
    else setError(result.message);
  };
  return (
    <section className="card stack frozen-panel" aria-labelledby="frozen-title">
      <h2 id="frozen-title" className="h3">
        {t('reactivate.title')}
      </h2>
      <p>{t('reactivate.body', { date: new Date(step.erase_after).toLocaleDateString() })}</p>
      {error && <FormMessage>{error}</FormMessage>}
      <div className="row">
        <Button onClick={run}>{t('reactivate.submit')}</Button>
        <Button variant="ghost" onClick={() => setSignInStep(null)}>
          {t('reactivate.notNow')}
        </Button>
      </div>
    </section>
  );
};
