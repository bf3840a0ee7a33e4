import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_CONTENT_MAX, POST_VISIBILITIES, REPORT_DETAILS_MAX, REPORT_REASONS, type PostView } from '../../../schemas/api/feed.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { isUnreachable } from './community-ui.tsx';
import { useCachedCall } from '../../store/cache.ts';
import { useEditPost, useReport, useSharePost, type ActionResult } from './use-feed.ts';

type Visibility = (typeof POST_VISIBILITIES)[number];

const useFailureText = () => {
  const { t } = useTranslation();
  return (result: ActionResult) => (result.ok ? null : isUnreachable(result.error) ? t('community.unreachableRetry') : result.error.message);
};

/** Report a post or a comment: a reason (required) and details; the community terms are one click away. */
export const ReportDialog = ({ open, onOpenChange, target }: { open: boolean; onOpenChange: (open: boolean) => void; target: { kind: 'post' | 'comment'; id: number } }) => {
  const { t } = useTranslation();
  const report = useReport();
  const failure = useFailureText();
  const [reason, setReason] = useState<(typeof REPORT_REASONS)[number] | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [showTerms, setShowTerms] = useState(false);
  const detailsId = useId();
  const send = async () => {
    if (!reason) return setError(t('feed.report.chooseReason'));
    const result = await report({ target: target.kind, target_id: target.id, reason, ...(details.trim() ? { details } : {}) });
    if (result.ok) return onOpenChange(false);
    setError(failure(result));
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(target.kind === 'post' ? 'feed.report.titlePost' : 'feed.report.titleComment')} description={t('feed.report.body')}>
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="plain-fieldset stack">
          <legend>{t('feed.report.reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="check">
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`feed.report.reasons.${r}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={detailsId}>{t('feed.report.details')}</label>
          <textarea id={detailsId} dir="auto" rows={3} maxLength={REPORT_DETAILS_MAX} value={details} onChange={(e) => setDetails(e.target.value)} />
        </div>
        <button type="button" className="link-button cm-link-button" aria-expanded={showTerms} onClick={() => setShowTerms((s) => !s)}>
          {t('feed.report.terms')}
        </button>
        {showTerms && <TermText term="reporting" />}
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <div className="row cm-dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" onClick={() => send()}>
            {t('feed.report.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/** The text of one of the community terms, in the member's language (saved for offline reading). */
export const TermText = ({ term }: { term: 'community_guidelines' | 'reporting' }) => {
  const { t } = useTranslation();
  const res = useCachedCall('termDetail', { term });
  if (res.state === 'loading') return <div className="spinner" role="status" aria-label={t('app.loading')} />;
  if (res.state !== 'ready') return <p className="muted">{t('errors.offlineNoData')}</p>;
  return (
    <section className="cm-terms" aria-label={res.data.title}>
      <h3 className="h3">{res.data.title}</h3>
      {res.data.content.split('\n\n').map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  );
};

/** Share a post to one's own feed, with a few words of one's own. */
export const ShareDialog = ({ open, onOpenChange, post }: { open: boolean; onOpenChange: (open: boolean) => void; post: PostView }) => {
  const { t } = useTranslation();
  const share = useSharePost();
  const failure = useFailureText();
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const visibilityId = useId();
  const send = async () => {
    if (!content.trim()) return setError(t('feed.share.needText'));
    const result = await share({ share_post_id: post.shared?.post_id ?? post.post_id, content, visibility });
    if (result.ok) {
      setContent('');
      return onOpenChange(false);
    }
    setError(failure(result));
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('feed.share.title')} description={t('feed.share.body', { name: post.channel_name || post.nick_name })}>
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={textId}>{t('feed.share.text')}</label>
          <textarea id={textId} dir="auto" rows={3} maxLength={POST_CONTENT_MAX} value={content} onChange={(e) => setContent(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={visibilityId}>{t('feed.composer.visibility')}</label>
          <select id={visibilityId} value={visibility} onChange={(e) => setVisibility(e.target.value as Visibility)}>
            {POST_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {t(`feed.visibility.${v}`)}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <div className="row cm-dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" onClick={() => send()}>
            {t('feed.share.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/** Edit one's own post: its text and, for a personal post, who sees it. */
export const EditPostDialog = ({ open, onOpenChange, post }: { open: boolean; onOpenChange: (open: boolean) => void; post: PostView }) => {
  const { t } = useTranslation();
  const edit = useEditPost();
  const failure = useFailureText();
  const [content, setContent] = useState(post.content);
  const [visibility, setVisibility] = useState(post.visibility);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const visibilityId = useId();
  const personal = post.visibility === 'public' || post.visibility === 'friends';
  const save = async () => {
    if (!content.trim()) return setError(t('feed.edit.needText'));
    const result = await edit({ post_id: post.post_id, content, ...(personal ? { visibility: visibility as Visibility } : {}) });
    if (result.ok) return onOpenChange(false);
    setError(failure(result));
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('feed.edit.title')}>
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={textId}>{t('feed.edit.text')}</label>
          <textarea id={textId} dir="auto" rows={5} maxLength={POST_CONTENT_MAX} value={content} onChange={(e) => setContent(e.target.value)} />
        </div>
        {personal && (
          <div className="field">
            <label htmlFor={visibilityId}>{t('feed.composer.visibility')}</label>
            <select id={visibilityId} value={visibility} onChange={(e) => setVisibility(e.target.value as Visibility)}>
              {POST_VISIBILITIES.map((v) => (
                <option key={v} value={v}>
                  {t(`feed.visibility.${v}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <div className="row cm-dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" onClick={() => save()}>
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
