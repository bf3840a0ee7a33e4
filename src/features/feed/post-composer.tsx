import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_CONTENT_MAX, POST_VISIBILITIES } from '../../../schemas/api/feed.ts';
import { Button } from '../../ui/button.tsx';
import { isUnreachable, useCreatePost } from './use-feed.ts';

type Visibility = (typeof POST_VISIBILITIES)[number];

/** Characters as the server counts them (code points), so the counter and the rule agree. */
const lengthOf = (text: string) => [...text].length;

/** Writes a post: the text keeps whatever the member typed until the server has accepted it. */
export const PostComposer = ({ online }: { online: boolean }) => {
  const { t } = useTranslation();
  const createPost = useCreatePost();
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [error, setError] = useState<{ onContent: boolean; message: string } | null>(null);
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const visibilityId = useId();

  const length = lengthOf(content);
  const over = length - POST_CONTENT_MAX;
  const empty = content.trim() === '';
  const tooLongMessage = over > 0 ? t('feed.composer.tooLong', { max: POST_CONTENT_MAX, over }) : null;
  const contentError = tooLongMessage ?? (error?.onContent ? error.message : null);
  const formError = error && !error.onContent ? error.message : null;

  const submit = async () => {
    if (empty || over > 0 || !online) return;
    setError(null);
    const result = await createPost({ content, visibility });
    if (result.ok) {
      setContent('');
      return;
    }
    if (isUnreachable(result.error)) setError({ onContent: false, message: t('feed.composer.network') });
    else if (result.field === 'content') setError({ onContent: true, message: result.error.message });
    else setError({ onContent: false, message: t('feed.composer.failed', { message: result.error.message }) });
  };

  return (
    <form className="card stack feed-composer" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="field">
        <label htmlFor={textId}>{t('feed.composer.label')}</label>
        <textarea
          id={textId}
          dir="auto"
          rows={4}
          value={content}
          placeholder={t('feed.composer.placeholder')}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={[counterId, contentError ? errorId : null].filter(Boolean).join(' ')}
          onChange={(e) => {
            setContent(e.target.value);
            if (error?.onContent) setError(null);
          }}
        />
        <span id={counterId} className="field-hint feed-counter" data-over={over > 0}>
          {t('feed.composer.counter', { length, max: POST_CONTENT_MAX })}
        </span>
        {contentError && (
          <span id={errorId} className="field-error" role="alert">
            {contentError}
          </span>
        )}
      </div>
      <div className="row feed-composer-actions">
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
        <Button type="submit" disabled={empty || over > 0 || !online} onClick={() => submit()}>
          {t('feed.composer.submit')}
        </Button>
      </div>
      {!online && <p className="muted">{t('feed.composer.offline')}</p>}
      {formError && (
        <p className="alert" role="alert">
          {formError}
        </p>
      )}
    </form>
  );
};
