import { Link, useRouter } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { tokenAtom } from '../../api/token.ts';
import { HOME, SIGN_IN } from '../../app/guard.ts';
import { Button } from '../../ui/button.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';

/** Where unknown addresses land (spec section 2). */
export const ErrorPage = () => {
  const { t } = useTranslation();
  const signedIn = useAtomValue(tokenAtom) !== null;
  return (
    <AuthLayout title={t('errorPage.title')}>
      <p>{t('errorPage.body')}</p>
      <Link className="btn" data-variant="primary" to={signedIn ? HOME : SIGN_IN}>
        {signedIn ? t('errorPage.home') : t('errorPage.signIn')}
      </Link>
    </AuthLayout>
  );
};

/** Shown when a page part failed to load or a page failed: retrying the navigation is one click. */
export const RouteFailure = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <div className="card stack" role="alert">
      <h2>{t('routeFailure.title')}</h2>
      <p className="muted">{t('routeFailure.body')}</p>
      <p className="muted" dir="auto">
        <small>{error instanceof Error ? error.message : String(error)}</small>
      </p>
      <Button onClick={() => router.invalidate()}>{t('actions.retry')}</Button>
    </div>
  );
};
