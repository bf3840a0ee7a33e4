import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Status } from '../../../schemas/status.ts';
import { afterSignIn } from '../../app/guard.ts';
import { Button } from '../../ui/button.tsx';
import { AnswersFields, answersOf } from './answers-fields.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { FormMessage, LoadFailed, Loading } from './form-status.tsx';
import { useQuestionSignIn } from './use-sign-in-steps.ts';

/** Signing in with the security questions when the authenticator or the mailbox is out of reach. */
export const RecoveryPage = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { step, questions, submit } = useQuestionSignIn();
  const [values, setValues] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  if (!step) {
    return (
      <AuthLayout title={t('recovery.title')}>
        <FormMessage>{t('recovery.noSignIn')}</FormMessage>
        <Link className="btn" data-variant="primary" to="/auth/sign-in1">
          {t('links.backToSignIn')}
        </Link>
      </AuthLayout>
    );
  }

  const body = () => {
    if (questions.state === 'loading') return <Loading />;
    if (questions.state === 'error') return <LoadFailed message={questions.error.message} onRetry={questions.reload} />;
    const list = questions.data.questions;
    if (list.length === 0) {
      return (
        <>
          <p>{t('recovery.noQuestions')}</p>
          <Link className="btn" data-variant="primary" to="/auth/2fa-reset">
            {t('secondFactor.resetByEmail')}
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
      if (result.ok) await navigate({ to: afterSignIn(step.redirect) });
      else if (result.status === Status.locked) await navigate({ to: '/auth/locked' });
      else setError(result.message);
    };
    return (
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <p>{t('recovery.intro')}</p>
        <AnswersFields questions={list} values={values} onChange={(id, v) => setValues((s) => ({ ...s, [id]: v }))} />
        {error && <FormMessage>{error}</FormMessage>}
        <Button type="submit" block onClick={send}>
          {t('recovery.submit')}
        </Button>
      </form>
    );
  };

  return (
    <AuthLayout title={t('recovery.title')}>
      {body()}
      <p>
        <Link to="/auth/authentication">{t('recovery.backToCode')}</Link>
      </p>
    </AuthLayout>
  );
};
