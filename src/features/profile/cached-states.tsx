import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cached } from '../../store/cache.ts';
import { Button } from '../../ui/button.tsx';

const isUnreachable = (e: { cause_: string }) => e.cause_ === 'network' || e.cause_ === 'timeout';

/**
 * What every people screen shows around a saved answer: loading, offline with nothing saved yet,
 * a failed load with a retry, a note when what shows is a saved copy that could not be refreshed,
 * and the answer itself.
 */
export const CachedView = <T,>({
  cached,
  children,
  label,
  hiddenMessage,
}: {
  cached: Cached<T> & { refresh: () => Promise<void> };
  children: (data: T) => ReactNode;
  label?: string;
  /** Shown instead of an error when the server answered 4101 (the member's privacy hides it). */
  hiddenMessage?: string;
}) => {
  const { t } = useTranslation();
  if (cached.state === 'loading') return <div className="spinner" role="status" aria-label={label ?? t('app.loading')} />;
  if (cached.state === 'offline') return <p className="empty">{t('errors.offlineNoData')}</p>;
  if (cached.state === 'error') {
    if (cached.error.status === 4101 && hiddenMessage) return <p className="empty people-hidden">{hiddenMessage}</p>;
    if (cached.error.status === 4002) return <p className="empty">{t('people.notFound')}</p>;
    return (
      <div className="alert row people-note" role="alert">
        <span>{t('errors.loadFailed', { message: isUnreachable(cached.error) ? t('people.network') : cached.error.message })}</span>
        <Button variant="secondary" onClick={() => cached.refresh()}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {cached.error && !cached.refreshing && (
        <p className="muted people-stale" role="status">
          {isUnreachable(cached.error) ? t('people.savedCopy') : t('people.refreshFailed', { message: cached.error.message })}
        </p>
      )}
      {children(cached.data)}
    </>
  );
};

/** "Show more" under a list that has more pages, with what went wrong when a page did not come. */
export const MoreButton = ({ hasMore, loading, error, onMore }: { hasMore: boolean; loading: boolean; error: { message: string; cause_: string } | null; onMore: () => unknown }) => {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div className="stack people-more">
      {error && (
        <p className="alert" role="alert">
          {t('errors.loadFailed', { message: isUnreachable(error) ? t('people.network') : error.message })}
        </p>
      )}
      <Button variant="secondary" aria-busy={loading} onClick={onMore}>
        {t('people.showMore')}
      </Button>
    </div>
  );
};
