import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { signInStepAtom } from './sign-in-store.ts';
import { AuthLayout } from './auth-layout.tsx';

/** Where a sign-in lands after more than 5 wrong second-factor tries: what happened and the ways back in. */
export const LockedPage = () => {
  const { t } = useTranslation('auth');
  const step = useAtomValue(signInStepAtom);
  const locked = step?.kind === 'locked' ? step : null;
  return (
    <AuthLayout title={t('locked.title')}>
      <p role="alert">{t('locked.body')}</p>
      <ul className="link-list stack">
        {locked?.has_questions && (
          <li>
            <Link className="btn" data-variant="primary" data-block="true" to="/auth/account-recovery-before">
              {t('locked.useQuestions')}
            </Link>
          </li>
        )}
        <li>
          <Link className="btn" data-variant={locked?.has_questions ? 'secondary' : 'primary'} data-block="true" to="/auth/2fa-reset">
            {t('locked.useEmail')}
          </Link>
        </li>
      </ul>
      {!locked && <p className="muted">{t('locked.signInFirst')}</p>}
      {locked && !locked.has_questions && <p className="muted">{t('locked.noQuestions')}</p>}
      <p>
        <Link to="/auth/sign-in1">{t('links.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
};
