import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '../auth/form-status.tsx';
import { useSecurityStatus } from '../auth/use-security.ts';
import { SecurityEmail } from './security-email.tsx';
import { SecurityLoginHistory } from './security-login-history.tsx';
import { SecurityPassword } from './security-password.tsx';
import { SecurityQuestions } from './security-questions.tsx';
import { SecurityTwoFactor } from './security-two-factor.tsx';

/** The security part of settings: read fresh from the server, never from a stale copy. */
export const SecuritySection = () => {
  const { t } = useTranslation();
  const status = useSecurityStatus();
  return (
    <section className="card stack security" aria-labelledby="security-heading">
      <h2 id="security-heading">{t('settings.security.title')}</h2>
      {status.state === 'loading' && <Loading />}
      {status.state === 'error' && <LoadFailed message={status.error.message} onRetry={status.reload} />}
      {status.state === 'ready' && (
        <>
          <SecurityPassword />
          <SecurityTwoFactor state={status.data.two_factor} email={status.data.email} onChanged={status.reload} />
          <SecurityQuestions />
          <SecurityEmail email={status.data.email} onChanged={status.reload} />
          <section className="stack security-part" aria-labelledby="pay-heading">
            <h3 id="pay-heading">{t('settings.security.payTitle')}</h3>
            <p>{status.data.has_payment_password ? t('settings.security.paySet') : t('settings.security.payNotSet')}</p>
            <div className="row">
              <Link className="btn" data-variant="secondary" to="/auth/reset-payword">
                {status.data.has_payment_password ? t('settings.security.payChange') : t('settings.security.paySetUp')}
              </Link>
              {status.data.has_payment_password && <Link to="/auth/RecoverPayWord">{t('settings.security.payForgot')}</Link>}
            </div>
          </section>
          <SecurityLoginHistory />
          <section className="stack security-part" aria-labelledby="membership-heading">
            <h3 id="membership-heading">{t('settings.security.membershipTitle')}</h3>
            <p className="muted">{t('settings.security.membershipBody')}</p>
            <div>
              <Link className="btn" data-variant="secondary" to="/authorize">
                {t('settings.security.membershipLink')}
              </Link>
            </div>
          </section>
          <section className="stack security-part danger-zone" aria-labelledby="delete-heading">
            <h3 id="delete-heading">{t('settings.security.deleteTitle')}</h3>
            <p className="muted">{t('settings.security.deleteBody')}</p>
            <div>
              <Link className="btn" data-variant="danger" to="/auth/delete-account">
                {t('settings.security.deleteLink')}
              </Link>
            </div>
          </section>
        </>
      )}
    </section>
  );
};
