import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { CachedView, isUnreachable } from './community-ui.tsx';
import { PendingPostCard, PostCard } from './post-card.tsx';
import { discardWrite, retryWrite } from './use-feed-outbox.ts';
import type { PostList } from './use-feed.ts';
import { useTimeFormat } from './use-time-format.ts';

/**
 * A list of posts with every state a member may meet: loading, offline with nothing saved, an
 * error, the saved copy, empty; the member's own posts still waiting to be sent on top; older
 * posts on demand.
 */
export const PostListView = ({ list, empty, label }: { list: PostList; empty: string; label: string }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  return (
    <CachedView result={list.first} what={label}>
      {() => (
        <>
          {list.posts.length === 0 && list.pending.length === 0 ? (
            <p className="empty">{empty}</p>
          ) : (
            <section className="stack" aria-label={label} aria-busy={list.first.state === 'ready' && list.first.refreshing}>
              {list.pending.map((p) => (
                <PendingPostCard key={p.clientId} content={p.content} images={p.images} error={p.error} onRetry={() => void retryWrite(p.clientId)} onDiscard={() => void discardWrite(p.clientId)} />
              ))}
              {list.posts.map((post) => (
                <PostCard key={post.post_id} post={post} online={list.online} formatTime={formatTime} />
              ))}
            </section>
          )}
          {list.hasMore && (
            <div className="stack feed-more">
              {list.moreError && (
                <p className="alert" role="alert">
                  {t('feed.loadMoreFailed', { message: isUnreachable(list.moreError) ? t('community.unreachable') : list.moreError.message })}
                </p>
              )}
              <Button variant="secondary" disabled={!list.online || list.loadingMore} onClick={() => list.loadMore()}>
                {t('feed.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </CachedView>
  );
};
