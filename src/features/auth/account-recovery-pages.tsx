import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { AnswersFields, answersOf } from './answers-fields.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { FormMessage, LoadFailed, Loading } from './form-status.tsx';
import { useUnlock } from './use-sign-in-steps.ts';

/** Unlocking a locked account with the security questions. */
export const AccountRecoveryBeforePage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { locked, questions, submit } = useUnlock();
  const [values, setValues] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  const body = () => {
    if (!locked) {
      return (
        <>
          <p>{t('unlock.noRequest')}</p>
          <Link className="btn" data-variant="primary" to="/auth/sign-in1">
            {t('links.backToSignIn')}
          </Link>
        </>
      );
    }
    if (questions.state === 'loading') return <Loading />;
    if (questions.state === 'error') return <LoadFailed message={questions.error.message} onRetry={questions.reload} />;
    const list = questions.data.questions;
    if (list.length === 0) {
      return (
        <>
          <p>{t('locked.noQuestions')}</p>
          <Link className="btn" data-variant="primary" to="/auth/2fa-reset">
            {t('locked.useEmail')}
          </Link>
        </>
      );
    }
    const send = async () => {
      const answers = answersOf(list, values);
      if (answers.some((a) => a.answer === '')) {
        setError(t('rules.answers'));
        return;
      }
      setError(null);
      const result = await submit(answers);
      if (!result) return;
      if (result.ok) await navigate({ to: '/auth/account-recovery-after' });
      else setError(result.message);
    };
    return (
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <p>{t('unlock.intro')}</p>
        <AnswersFields questions={list} values={values} onChange={(id, v) => setValues((s) => ({ ...s, [id]: v }))} />
        {error && <FormMessage>{error}</FormMessage>}
        <Button type="submit" block onClick={send}>
          {t('unlock.submit')}
        </Button>
      </form>
    );
  };

  return (
    <AuthLayout title={t('unlock.title')}>
      {body()}
      <p>
        <Link to="/auth/locked">{t('links.back')}</Link>
      </p>
    </AuthLayout>
  );
};

/** After unlocking: the account is open again; signing in comes next. */
export const AccountRecoveryAfterPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('unlocked.title')}>
      <p role="status">{t('unlocked.body')}</p>
      <Link className="btn" data-variant="primary" to="/auth/sign-in1">
        {t('unlocked.signIn')}
      </Link>
    </AuthLayout>
  );
};
