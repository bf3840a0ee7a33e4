import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_CONTENT_MAX, type CommentView, type LordCommentView, type PostView } from '../../../schemas/api/feed.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Avatar, isUnreachable, RichText, Spinner } from './community-ui.tsx';
import { ReportDialog } from './post-dialogs.tsx';
import { useAddComment, useComments, useDeleteComment, useLikeComment, type PendingComment } from './use-comments.ts';
import { discardWrite, retryWrite } from './use-feed-outbox.ts';

/** Writes a comment or a reply; it goes through the outbox, so it also works offline. */
const CommentForm = ({ post, replyTo, onDone }: { post: PostView; replyTo?: CommentView; onDone?: () => void }) => {
  const { t } = useTranslation();
  const add = useAddComment(post);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = async () => {
    if (!text.trim()) return;
    try {
      await add(text, replyTo?.comment_id);
      setText('');
      setError(null);
      onDone?.();
    } catch {
      setError(t('feed.comments.notSaved'));
    }
  };
  return (
    <form className="cm-comment-form" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {replyTo ? t('feed.comments.replyTo', { name: replyTo.nick_name }) : t('feed.comments.write')}
      </label>
      <textarea
        id={id}
        dir="auto"
        rows={1}
        maxLength={COMMENT_CONTENT_MAX}
        value={text}
        name="comment"
        placeholder={replyTo ? t('feed.comments.replyTo', { name: replyTo.nick_name }) : t('feed.comments.write')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <Button type="submit" disabled={!text.trim()} onClick={() => send()}>
        {t('feed.comments.send')}
      </Button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
};

const PendingCommentRow = ({ pending }: { pending: PendingComment }) => {
  const { t } = useTranslation();
  return (
    <li className="cm-comment cm-pending" data-testid="pending-comment">
      <RichText text={pending.content} />
      <p className="muted" role="status">
        {pending.error ? t('feed.pending.refused', { message: pending.error }) : t('feed.comments.waiting')}
      </p>
      {pending.error && (
        <div className="row">
          <Button variant="secondary" onClick={() => retryWrite(pending.clientId)}>
            {t('actions.retry')}
          </Button>
          <Button variant="ghost" onClick={() => discardWrite(pending.clientId)}>
            {t('feed.pending.discard')}
          </Button>
        </div>
      )}
    </li>
  );
};

/** One comment: who, when, the text, and like, reply, delete or report. */
const CommentRow = ({ comment, online, formatTime, onReply }: { comment: CommentView; online: boolean; formatTime: (iso: string) => string; onReply: () => void }) => {
  const { t } = useTranslation();
  const like = useLikeComment();
  const remove = useDeleteComment();
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const del = async () => {
    const result = await remove(comment);
    if (!result.ok) setError(isUnreachable(result.error) ? t('community.unreachableRetry') : t('feed.comments.deleteFailed', { message: result.error.message }));
  };
  return (
    <div className="cm-comment" aria-labelledby={nameId} data-testid="comment">
      <Avatar name={comment.nick_name} src={comment.avatar} size={2} />
      <div className="cm-comment-body">
        <p className="cm-comment-head">
          <strong id={nameId} dir="auto">
            {comment.nick_name}
          </strong>
          {comment.reply_to && (
            <span className="muted">
              {' '}
              ▸ <span dir="auto">{comment.reply_to.nick_name}</span>
            </span>
          )}
          <span className="muted">
            {' · '}
            <time dateTime={comment.created_at}>{formatTime(comment.created_at)}</time>
          </span>
        </p>
        <RichText text={comment.content} />
        <div className="row cm-comment-actions">
          <button type="button" className="link-button cm-link-button" aria-pressed={comment.liked} onClick={() => void like(comment)}>
            {t('feed.comments.like', { count: comment.like_count })}
          </button>
          <button type="button" className="link-button cm-link-button" onClick={onReply}>
            {t('feed.comments.reply')}
          </button>
          {comment.can_delete && (
            <button type="button" className="link-button cm-link-button" disabled={!online} onClick={() => setDialog('delete')}>
              {t('actions.delete')}
            </button>
          )}
          {!comment.is_mine && (
            <button type="button" className="link-button cm-link-button" disabled={!online} onClick={() => setDialog('report')}>
              {t('feed.post.report')}
            </button>
          )}
        </div>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => setDialog(o ? 'delete' : null)}
        title={t('feed.comments.deleteTitle')}
        description={comment.parent_id === null ? t('feed.comments.deleteLordBody') : t('feed.comments.deleteBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={del}
      />
      {dialog === 'report' && <ReportDialog open onOpenChange={(o) => setDialog(o ? 'report' : null)} target={{ kind: 'comment', id: comment.comment_id }} />}
    </div>
  );
};

/** A top-level comment with its replies, the rest of them on demand, and a reply form. */
const Thread = ({ lord, post, online, formatTime, pending, state, onLoadReplies }: {
  lord: LordCommentView;
  post: PostView;
  online: boolean;
  formatTime: (iso: string) => string;
  pending: PendingComment[];
  state: { next: number | null; loading: boolean; error: unknown } | undefined;
  onLoadReplies: () => void;
}) => {
  const { t } = useTranslation();
  const [replyTo, setReplyTo] = useState<CommentView | null>(null);
  const hidden = lord.reply_count - lord.replies.length;
  const more = state ? state.next !== null : hidden > 0;
  return (
    <li className="cm-thread">
      <CommentRow comment={lord} online={online} formatTime={formatTime} onReply={() => setReplyTo(lord)} />
      {(lord.replies.length > 0 || pending.length > 0) && (
        <ul className="cm-replies" aria-label={t('feed.comments.repliesTo', { name: lord.nick_name })}>
          {lord.replies.map((r) => (
            <li key={r.comment_id}>
              <CommentRow comment={r} online={online} formatTime={formatTime} onReply={() => setReplyTo(r)} />
            </li>
          ))}
          {pending.map((p) => (
            <PendingCommentRow key={p.clientId} pending={p} />
          ))}
        </ul>
      )}
      {more && (
        <button type="button" className="link-button cm-link-button cm-more-replies" disabled={!online || state?.loading} onClick={onLoadReplies}>
          {state?.loading ? t('app.loading') : t('feed.comments.moreReplies', { count: Math.max(hidden, 1) })}
        </button>
      )}
      {Boolean(state?.error) && <p className="field-error">{t('feed.comments.repliesFailed')}</p>}
      {replyTo && <CommentForm post={post} replyTo={replyTo} onDone={() => setReplyTo(null)} />}
    </li>
  );
};

/** A post's comments: the saved first page (also offline), older ones on demand, and a form. */
export const Comments = ({ post, online, formatTime }: { post: PostView; online: boolean; formatTime: (iso: string) => string }) => {
  const { t } = useTranslation();
  const c = useComments(post);
  const pendingOf = (lordId: number | null) =>
    c.pending.filter((p) => (lordId === null ? p.replyToId === null : p.replyToId !== null && (p.replyToId === lordId || c.comments.find((l) => l.comment_id === lordId)?.replies.some((r) => r.comment_id === p.replyToId))));
  const orphanReplies = c.pending.filter((p) => p.replyToId !== null && !c.comments.some((l) => l.comment_id === p.replyToId || l.replies.some((r) => r.comment_id === p.replyToId)));

  return (
    <section className="stack cm-comments" aria-label={t('feed.comments.label')}>
      {c.first.state === 'loading' && <Spinner />}
      {c.first.state === 'offline' && <p className="muted">{t('feed.comments.offline')}</p>}
      {c.first.state === 'error' && (
        <div className="alert row cm-note" role="alert">
          <span>{isUnreachable(c.first.error) ? t('community.unreachable') : c.first.error.message}</span>
          <Button variant="secondary" onClick={() => c.first.refresh()}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
      {c.first.state === 'ready' && c.comments.length === 0 && c.pending.length === 0 && <p className="muted">{t('feed.comments.empty')}</p>}
      <ul className="cm-thread-list">
        {c.comments.map((lord) => (
          <Thread
            key={lord.comment_id}
            lord={lord}
            post={post}
            online={online}
            formatTime={formatTime}
            pending={pendingOf(lord.comment_id)}
            state={c.threads[lord.comment_id]}
            onLoadReplies={() => void c.loadReplies(lord.comment_id)}
          />
        ))}
        {[...pendingOf(null), ...orphanReplies].map((p) => (
          <PendingCommentRow key={p.clientId} pending={p} />
        ))}
      </ul>
      {c.hasMore && (
        <Button variant="secondary" disabled={!online} onClick={() => c.loadMore()}>
          {t('feed.comments.more')}
        </Button>
      )}
      {c.moreError && <p className="field-error">{t('feed.comments.moreFailed')}</p>}
      <CommentForm post={post} />
    </section>
  );
};
