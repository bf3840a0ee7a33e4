import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { isUnreachable, useDeletePost, type FeedPost } from './use-feed.ts';

export interface PostCardProps {
  post: FeedPost;
  online: boolean;
  formatTime: (iso: string) => string;
}

/** One post: author, time and audience, the text as written (never as HTML), and Delete for its author. */
export const PostCard = ({ post, online, formatTime }: PostCardProps) => {
  const { t } = useTranslation();
  const deletePost = useDeletePost();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const authorId = useId();
  const initial = [...post.nick_name.trim()][0]?.toLocaleUpperCase() ?? '?';

  const remove = async () => {
    setError(null);
    const result = await deletePost(post.post_id);
    if (result.ok) return;
    setError(isUnreachable(result.error) ? t('feed.delete.network') : t('feed.delete.failed', { message: result.error.message }));
  };

  return (
    <article className="card feed-post" aria-labelledby={authorId}>
      <header className="feed-post-head">
        {post.avatar ? (
          <img className="feed-avatar" src={post.avatar} alt="" />
        ) : (
          <span className="feed-avatar" aria-hidden="true">
            {initial}
          </span>
        )}
        <div className="feed-post-meta">
          <strong id={authorId} dir="auto">
            {post.nick_name}
          </strong>
          <span className="muted">
            <time dateTime={post.created_at}>{formatTime(post.created_at)}</time>
            {' · '}
            {t(`feed.visibility.${post.visibility}`)}
          </span>
        </div>
        {post.is_mine && (
          <Button variant="ghost" className="feed-post-delete" disabled={!online} onClick={() => setConfirming(true)}>
            {t('actions.delete')}
          </Button>
        )}
      </header>
      <p className="feed-post-text" dir="auto">
        {post.content}
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('feed.delete.title')}
        description={t('feed.delete.body')}
        confirmLabel={t('actions.delete')}
        onConfirm={remove}
      />
    </article>
  );
};
