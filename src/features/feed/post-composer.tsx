import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { LOCATION_MAX, POST_CONTENT_MAX, POST_VISIBILITIES } from '../../../schemas/api/feed.ts';
import { POST_IMAGES_MAX } from '../../../schemas/api/community-fields.ts';
import { Button } from '../../ui/button.tsx';
import { ImagePicker } from './image-picker.tsx';
import { PlacePicker } from './place-picker.tsx';
import { queueWrite } from './use-feed-outbox.ts';
import { useImageUploads } from './use-image-upload.ts';

type Visibility = (typeof POST_VISIBILITIES)[number];

/** Where a post goes: the member's own feed, a club, or a channel (as its board). */
export type ComposerTarget = { kind: 'feed' } | { kind: 'club'; clubId: number } | { kind: 'channel'; channelId: number };

/** Characters as the server counts them (code points), so the counter and the rule agree. */
const lengthOf = (text: string) => [...text].length;

/**
 * Writes a post. It goes through the outbox: offline, it waits on this device (shown at the top
 * of the list as waiting) and is sent once when the connection returns. Pictures need the
 * connection, to upload.
 */
export const PostComposer = ({ online, target = { kind: 'feed' } }: { online: boolean; target?: ComposerTarget }) => {
  const { t } = useTranslation();
  const uploads = useImageUploads(POST_IMAGES_MAX);
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [location, setLocation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const visibilityId = useId();
  const locationId = useId();

  const length = lengthOf(content);
  const over = length - POST_CONTENT_MAX;
  const empty = content.trim() === '';
  const tooLong = over > 0 ? t('feed.composer.tooLong', { max: POST_CONTENT_MAX, over }) : null;
  const blocked = empty || over > 0 || uploads.busy || uploads.hasFailed;

  const submit = async () => {
    if (blocked) return;
    setError(null);
    const id = uuidv7();
    const images = uploads.urls.length ? { images: uploads.urls } : {};
    try {
      if (target.kind === 'feed') {
        await queueWrite('createPost', { client_id: id, content, visibility, ...images, ...(location.trim() ? { location } : {}) }, { lane: 'posts', id });
      } else if (target.kind === 'club') {
        await queueWrite('addGroupPost', { client_id: id, club_id: target.clubId, content, ...images }, { lane: 'posts', id });
      } else {
        await queueWrite('operationChannelPost', { client_id: id, channel_id: target.channelId, action: 'create', content, ...images }, { lane: 'posts', id });
      }
      setContent('');
      setLocation('');
      uploads.clear();
    } catch {
      setError(t('feed.composer.notSaved'));
    }
  };

  return (
    <form className="card stack feed-composer" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="field">
        <label htmlFor={textId}>{target.kind === 'channel' ? t('feed.composer.asChannel') : t('feed.composer.label')}</label>
        <textarea
          id={textId}
          name="content"
          dir="auto"
          rows={4}
          value={content}
          placeholder={t('feed.composer.placeholder')}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={[counterId, tooLong ? errorId : null].filter(Boolean).join(' ')}
          onChange={(e) => setContent(e.target.value)}
        />
        <span id={counterId} className="field-hint feed-counter" data-over={over > 0}>
          {t('feed.composer.counter', { length, max: POST_CONTENT_MAX })}
        </span>
        {tooLong && (
          <span id={errorId} className="field-error" role="alert">
            {tooLong}
          </span>
        )}
      </div>
      <ImagePicker uploads={uploads} max={POST_IMAGES_MAX} disabled={!online} />
      <div className="row feed-composer-actions">
        {target.kind === 'feed' && (
          <>
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
            <div className="field cm-grow">
              <label htmlFor={locationId}>{t('feed.composer.location')}</label>
              <input id={locationId} dir="auto" value={location} maxLength={LOCATION_MAX} placeholder={t('feed.composer.locationHint')} onChange={(e) => setLocation(e.target.value)} />
            </div>
            <PlacePicker online={online} onPick={setLocation} />
          </>
        )}
        <Button type="submit" disabled={blocked} onClick={() => submit()}>
          {online ? t('feed.composer.submit') : t('feed.composer.submitOffline')}
        </Button>
      </div>
      {uploads.busy && <p className="muted">{t('feed.composer.waitUploads')}</p>}
      {!online && <p className="muted">{t('feed.composer.offline')}</p>}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
};
