import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { LoadFailed, Loading } from '../auth/form-status.tsx';
import { useLoginHistory } from '../auth/use-security.ts';

const PAGE_SIZE = 10;

/** The member's sign-in history: when, from where, how, and whether it worked. Kept on the device for offline reading. */
export const SecurityLoginHistory = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useLoginHistory(page, PAGE_SIZE);

  const body = () => {
    if (history.state === 'loading') return <Loading />;
    if (history.state === 'error') return <LoadFailed message={history.error.message} onRetry={history.refresh} />;
    if (history.state !== 'ready') return <p className="muted">{t('errors.offlineNoData')}</p>;
    const { list, total } = history.data;
    if (list.length === 0) return <p className="empty">{t('settings.security.historyEmpty')}</p>;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    return (
      <>
        <ol className="login-history" aria-label={t('settings.security.historyTitle')}>
          {list.map((e) => (
            <li key={e.id} data-outcome={e.outcome}>
              <div className="row login-history-head">
                <strong>{t(`settings.security.outcomes.${e.outcome}`)}</strong>
                <time dateTime={e.time}>{new Date(e.time).toLocaleString()}</time>
              </div>
              <span className="muted">
                {t(`settings.security.methods.${e.method}`)} · {e.ip || t('settings.security.unknownPlace')}
              </span>
              {e.user_agent && (
                <span className="muted login-history-agent" dir="ltr">
                  {e.user_agent}
                </span>
              )}
            </li>
          ))}
        </ol>
        {pages > 1 && (
          <nav className="row" aria-label={t('settings.security.historyPages')}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} lockMs={0}>
              {t('settings.security.newer')}
            </Button>
            <span>{t('settings.security.pageOf', { page, pages })}</span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} lockMs={0}>
              {t('settings.security.older')}
            </Button>
          </nav>
        )}
      </>
    );
  };

  return (
    <section className="stack security-part" aria-labelledby="history-heading">
      <h3 id="history-heading">{t('settings.security.historyTitle')}</h3>
      {body()}
    </section>
  );
};
