import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { PostCard } from './post-card.tsx';
import { PostComposer } from './post-composer.tsx';
import { isUnreachable, useFeed } from './use-feed.ts';
import { useTimeFormat } from './use-time-format.ts';

/** /newsfeeds, where members land after sign-in: write a post, then read the feed. */
export const FeedPage = () => {
  const { t } = useTranslation();
  const feed = useFeed();
  return (
    <div className="stack">
      <h1>{t('feed.title')}</h1>
      <PostComposer online={feed.online} />
      <FeedBody feed={feed} />
    </div>
  );
};

const FeedBody = ({ feed }: { feed: ReturnType<typeof useFeed> }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  const retry = (
    <Button variant="secondary" onClick={() => feed.refresh()}>
      {t('actions.retry')}
    </Button>
  );

  if (feed.state === 'loading') return <div className="spinner" role="status" aria-label={t('app.loading')} />;
  // Offline with nothing saved on this device yet.
  if (feed.state === 'offline') return <p className="empty">{t('errors.offlineNoData')}</p>;

  if (feed.state === 'error') {
    if (!feed.online) return <p className="empty">{t('errors.offlineNoData')}</p>;
    return (
      <div className="alert row feed-note" role="alert">
        <span>{t('errors.loadFailed', { message: isUnreachable(feed.error) ? t('feed.networkFailed') : feed.error.message })}</span>
        {retry}
      </div>
    );
  }

  return (
    <>
      {!feed.online ? (
        <p className="alert feed-note" role="status">
          {t('feed.savedCopy', { time: formatTime(feed.fetchedAt) })}
        </p>
      ) : feed.error ? (
        <div className="alert row feed-note" role="alert">
          <span>{isUnreachable(feed.error) ? t('feed.networkFailed') : t('feed.refreshFailed', { message: feed.error.message })}</span>
          {retry}
        </div>
      ) : null}
      {feed.posts.length === 0 ? (
        <p className="empty">{t('feed.empty')}</p>
      ) : (
        <section className="stack" aria-label={t('feed.listLabel')} aria-busy={feed.refreshing}>
          {feed.posts.map((post) => (
            <PostCard key={post.post_id} post={post} online={feed.online} formatTime={formatTime} />
          ))}
        </section>
      )}
      {feed.hasMore && (
        <div className="stack feed-more">
          {feed.moreError && (
            <p className="alert" role="alert">
              {t('feed.loadMoreFailed', {
                message: isUnreachable(feed.moreError) ? t('feed.networkFailed') : feed.moreError.message,
              })}
            </p>
          )}
          <Button variant="secondary" disabled={!feed.online} onClick={() => feed.loadMore()}>
            {t('feed.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
};
