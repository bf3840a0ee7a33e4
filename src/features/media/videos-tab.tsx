import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { CachedView, MoreButton } from '../profile/cached-states.tsx';
import { unreachable } from '../profile/use-people-cache.ts';
import { useMediaActions, useVideos, type Video } from './use-media.ts';

/** A member's videos: YouTube and Vimeo links play in the page, other links open in a new tab. */
export const VideosTab = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const videos = useVideos(userId);
  const { delVideos } = useMediaActions();
  const [deleting, setDeleting] = useState<Video | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="videos-heading">
      <h2 id="videos-heading" className="h3">
        {t('media.videos')}
      </h2>
      {mine && <AddVideo />}
      <CachedView cached={videos.first} hiddenMessage={t('media.hidden')}>
        {() =>
          videos.items.length === 0 ? (
            <p className="empty">{mine ? t('media.noVideosMine') : t('media.noVideos')}</p>
          ) : (
            <>
              <ul className="people-videos">
                {videos.items.map((v) => (
                  <li key={v.video_id} className="card stack">
                    {v.embed_url ? (
                      <iframe
                        className="people-video"
                        src={v.embed_url}
                        title={v.title || t('media.video')}
                        loading="lazy"
                        allow="encrypted-media; picture-in-picture; fullscreen"
                        referrerPolicy="strict-origin-when-cross-origin"
                        sandbox="allow-scripts allow-same-origin allow-presentation"
                      />
                    ) : null}
                    <div className="row people-section-head">
                      <a href={v.url} target="_blank" rel="noopener noreferrer nofollow" dir="auto">
                        {v.title || v.url}
                      </a>
                      {mine && (
                        <Button variant="ghost" disabled={!online} onClick={() => setDeleting(v)} aria-label={t('people.removeNamed', { name: v.title || v.url })}>
                          {t('actions.delete')}
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <MoreButton hasMore={videos.hasMore} loading={videos.loadingMore} error={videos.moreError} onMore={videos.loadMore} />
            </>
          )
        }
      </CachedView>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('media.deleteVideoTitle')}
        description={t('media.deleteVideoBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await delVideos([deleting.video_id]);
          setError(result.ok ? null : unreachable(result) ? t('people.network') : result.message);
        }}
      />
    </section>
  );
};

const AddVideo = () => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const { addVideo } = useMediaActions();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async () => {
    if (!/^https:\/\/\S+$/.test(url.trim())) return setError(t('media.videoUrlRule'));
    setError(null);
    const result = await addVideo({ url: url.trim(), title: title.trim() });
    if (result.ok) {
      setUrl('');
      setTitle('');
    } else setError(unreachable(result) ? t('people.network') : result.message);
  };
  return (
    <form className="card stack" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="field">
        <label htmlFor={`${id}-url`}>{t('media.videoUrl')}</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          maxLength={500}
          value={url}
          placeholder="https://www.youtube.com/watch?v=…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => setUrl(e.target.value)}
        />
        <span id={`${id}-hint`} className="field-hint">
          {t('media.videoHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-title`}>
          {t('media.videoTitle')} <span className="muted">{t('people.optional')}</span>
        </label>
        <input id={`${id}-title`} dir="auto" maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" disabled={!online} onClick={submit}>
          {t('media.addVideo')}
        </Button>
      </div>
    </form>
  );
};
