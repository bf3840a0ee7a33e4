import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostView } from '../../../schemas/api/feed.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Comments } from './comments.tsx';
import { Avatar, isUnreachable, RichText } from './community-ui.tsx';
import { EditPostDialog, ReportDialog, ShareDialog } from './post-dialogs.tsx';
import { useDeletePost, useHidePost, useLikePost, type ActionResult } from './use-feed.ts';

export interface PostCardProps {
  post: PostView;
  online: boolean;
  formatTime: (iso: string) => string;
  /** Open the comments at once (the post's own page). */
  expanded?: boolean;
}

/** The pictures of a post: a grid of up to 9, each opening full size in a new tab. */
const PostImages = ({ images, author }: { images: string[]; author: string }) => {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <ul className="cm-post-images" data-count={Math.min(images.length, 9)}>
      {images.map((src, i) => (
        <li key={src + i}>
          <a href={src} target="_blank" rel="noopener noreferrer">
            <img src={src} alt={t('feed.post.imageAlt', { n: i + 1, total: images.length, name: author })} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
};

/**
 * One post: who (a member, or a channel), when and for whom, the text as written (never as
 * HTML, links made safe), pictures, a shared post, and what one can do with it — like, comment,
 * share, and in the menu edit, delete, hide or report.
 */
export const PostCard = ({ post, online, formatTime, expanded = false }: PostCardProps) => {
  const { t } = useTranslation();
  const like = useLikePost();
  const deletePost = useDeletePost();
  const hidePost = useHidePost();
  const [dialog, setDialog] = useState<'delete' | 'hide' | 'report' | 'share' | 'edit' | null>(null);
  const [showComments, setShowComments] = useState(expanded);
  const [error, setError] = useState<string | null>(null);
  const authorId = useId();
  const commentsId = useId();
  const asChannel = post.channel_id !== null;
  const name = asChannel ? post.channel_name : post.nick_name;

  const act = async (fn: () => Promise<ActionResult>, failure: 'feed.delete.failed' | 'feed.hide.failed') => {
    setError(null);
    const result = await fn();
    if (!result.ok) setError(isUnreachable(result.error) ? t('community.unreachableRetry') : t(failure, { message: result.error.message }));
  };

  return (
    <article className="card feed-post" aria-labelledby={authorId} data-testid="post" data-post-id={post.post_id}>
      <header className="feed-post-head">
        <Avatar name={name} src={asChannel ? post.channel_avatar : post.avatar} />
        <div className="feed-post-meta">
          <strong id={authorId} dir="auto">
            {asChannel ? (
              <Link to="/organization-detail" search={{ id: post.channel_id! }}>
                {post.channel_name}
              </Link>
            ) : (
              post.nick_name
            )}
          </strong>
          <span className="muted">
            <Link to="/newsfeeds/$id" params={{ id: String(post.post_id) }} className="cm-time-link">
              <time dateTime={post.created_at}>{formatTime(post.created_at)}</time>
            </Link>
            {' · '}
            {post.visibility === 'club' ? (
              <Link to="/clubDet" search={{ id: post.club_id! }}>
                {post.club_name}
              </Link>
            ) : asChannel ? (
              t('feed.post.byBoard', { name: post.nick_name })
            ) : (
              t(`feed.visibility.${post.visibility === 'friends' ? 'friends' : 'public'}`)
            )}
            {post.edited_at && ` · ${t('feed.post.edited')}`}
            {post.location && (
              <>
                {' · '}
                <span dir="auto">{post.location}</span>
              </>
            )}
          </span>
        </div>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <button type="button" className="btn cm-menu-button" data-variant="ghost" aria-label={t('feed.post.actions')}>
              ⋯
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="cm-menu" align="end" sideOffset={4}>
              {post.is_mine && (
                <DropdownMenu.Item className="cm-menu-item" disabled={!online} onSelect={() => setDialog('edit')}>
                  {t('feed.post.edit')}
                </DropdownMenu.Item>
              )}
              {post.can_delete && (
                <DropdownMenu.Item className="cm-menu-item" disabled={!online} onSelect={() => setDialog('delete')}>
                  {t('actions.delete')}
                </DropdownMenu.Item>
              )}
              {!post.is_mine && (
                <>
                  <DropdownMenu.Item className="cm-menu-item" disabled={!online} onSelect={() => setDialog('hide')}>
                    {t('feed.post.hide')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className="cm-menu-item" disabled={!online} onSelect={() => setDialog('report')}>
                    {t('feed.post.report')}
                  </DropdownMenu.Item>
                </>
              )}
              <DropdownMenu.Item className="cm-menu-item" asChild>
                <Link to="/newsfeeds/$id" params={{ id: String(post.post_id) }}>
                  {t('feed.post.open')}
                </Link>
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </header>

      <RichText text={post.content} className="feed-post-text" />
      <PostImages images={post.images} author={name} />
      {post.shared && (
        <blockquote className="cm-shared">
          {post.shared.available ? (
            <>
              <p className="muted">
                <strong dir="auto">{post.shared.nick_name}</strong> · <time dateTime={post.shared.created_at}>{formatTime(post.shared.created_at)}</time>
              </p>
              <RichText text={post.shared.content} />
              <PostImages images={post.shared.images} author={post.shared.nick_name} />
              <Link to="/newsfeeds/$id" params={{ id: String(post.shared.post_id) }}>
                {t('feed.post.openOriginal')}
              </Link>
            </>
          ) : (
            <p className="muted">{t('feed.post.sharedGone')}</p>
          )}
        </blockquote>
      )}

      <div className="cm-post-actions" role="group" aria-label={t('feed.post.reactions')}>
        <button type="button" className="btn cm-action" data-variant="ghost" aria-pressed={post.liked} data-testid="like" onClick={() => void like(post)}>
          <span aria-hidden="true">{post.liked ? '♥' : '♡'}</span> {t('feed.post.likes', { count: post.like_count })}
        </button>
        <button
          type="button"
          className="btn cm-action"
          data-variant="ghost"
          aria-expanded={showComments}
          aria-controls={commentsId}
          data-testid="comments-toggle"
          onClick={() => setShowComments((s) => !s)}
        >
          <span aria-hidden="true">✎</span> {t('feed.post.comments', { count: post.comment_count })}
        </button>
        {post.visibility !== 'club' && (
          <button type="button" className="btn cm-action" data-variant="ghost" disabled={!online} onClick={() => setDialog('share')}>
            <span aria-hidden="true">↗</span> {t('feed.post.shares', { count: post.share_count })}
          </button>
        )}
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {showComments && (
        <div id={commentsId}>
          <Comments post={post} online={online} formatTime={formatTime} />
        </div>
      )}

      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => setDialog(o ? 'delete' : null)}
        title={t('feed.delete.title')}
        description={post.is_mine ? t('feed.delete.body') : t('feed.delete.bodyModerator', { name: post.nick_name })}
        confirmLabel={t('actions.delete')}
        onConfirm={() => act(() => deletePost(post.post_id), 'feed.delete.failed')}
      />
      <ConfirmDialog
        open={dialog === 'hide'}
        onOpenChange={(o) => setDialog(o ? 'hide' : null)}
        title={t('feed.hide.title')}
        description={t('feed.hide.body')}
        confirmLabel={t('feed.post.hide')}
        danger={false}
        onConfirm={() => act(() => hidePost(post.post_id), 'feed.hide.failed')}
      />
      {dialog === 'report' && <ReportDialog open onOpenChange={(o) => setDialog(o ? 'report' : null)} target={{ kind: 'post', id: post.post_id }} />}
      {dialog === 'share' && <ShareDialog open onOpenChange={(o) => setDialog(o ? 'share' : null)} post={post} />}
      {dialog === 'edit' && <EditPostDialog open onOpenChange={(o) => setDialog(o ? 'edit' : null)} post={post} />}
    </article>
  );
};

/** A post of the member's that waits in the outbox: sent when the connection returns, or refused with the reason. */
export const PendingPostCard = ({ content, images, error, onRetry, onDiscard }: { content: string; images: string[]; error: string | null; onRetry: () => void; onDiscard: () => void }) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <article className="card feed-post cm-pending" data-testid="pending-post" aria-label={error ? t('feed.pending.refusedLabel') : t('feed.pending.label')}>
      <p className="muted" role="status">
        {error ? t('feed.pending.refused', { message: error }) : t('feed.pending.waiting')}
      </p>
      <RichText text={content} className="feed-post-text" />
      <PostImages images={images} author="" />
      {error && (
        <div className="row">
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('feed.pending.discard')}
          </Button>
        </div>
      )}
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} title={t('feed.pending.discardTitle')} description={t('feed.pending.discardBody')} confirmLabel={t('feed.pending.discard')} onConfirm={onDiscard} />
    </article>
  );
};
