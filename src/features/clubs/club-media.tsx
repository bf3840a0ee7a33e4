import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_CAPTION_MAX, type ClubView } from '../../../schemas/api/clubs.ts';
import { WEB_URL_PATTERN } from '../../../schemas/api/community-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { CachedView, isUnreachable, safeHref } from '../feed/community-ui.tsx';
import { ImagePicker } from '../feed/image-picker.tsx';
import { useImageUploads } from '../feed/use-image-upload.ts';
import { useTimeFormat } from '../feed/use-time-format.ts';
import { useClubActions, useClubPhotos, useClubVideos } from './use-clubs.ts';

const Pager = ({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (p: number) => void }) => {
  const { t } = useTranslation();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="row cm-pager" aria-label={t('community.pages')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('community.previous')}
      </Button>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('community.next')}
      </Button>
    </nav>
  );
};

/** A club's photos: members add pictures (each uploaded with progress), everyone in the club sees them. */
export const ClubPhotos = ({ club, online }: { club: ClubView; online: boolean }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const photos = useClubPhotos(club.club_id, page);
  const uploads = useImageUploads(9);
  const actions = useClubActions();
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canAdd = club.my_state === 'member';
  const save = async () => {
    setError(null);
    for (const url of uploads.urls) {
      const result = await actions.addPhoto({ club_id: club.club_id, url, ...(caption.trim() ? { caption } : {}) });
      if (!result.ok) return setError(isUnreachable(result.error) ? t('community.unreachableRetry') : result.error.message);
    }
    uploads.clear();
    setCaption('');
    setPage(1);
    await photos.refresh();
  };
  return (
    <div className="stack">
      {canAdd && (
        <form className="card stack" onSubmit={(e) => e.preventDefault()} aria-label={t('clubs.media.addPhotos')}>
          <ImagePicker uploads={uploads} max={9} disabled={!online} />
          <Field label={t('clubs.media.caption')} dir="auto" maxLength={MEDIA_CAPTION_MAX} value={caption} onChange={(e) => setCaption(e.target.value)} />
          {error && (
            <p className="alert" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" disabled={!online || uploads.busy || uploads.urls.length === 0} onClick={() => save()}>
            {t('clubs.media.savePhotos', { count: uploads.urls.length })}
          </Button>
        </form>
      )}
      <CachedView result={photos}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="empty">{t('clubs.media.noPhotos')}</p>
          ) : (
            <>
              <ul className="cm-gallery">
                {data.list.map((p) => (
                  <li key={p.media_id}>
                    <figure>
                      <a href={safeHref(p.url) ?? undefined} target="_blank" rel="noopener noreferrer">
                        <img src={p.url} alt={p.caption || t('clubs.media.photoBy', { name: p.nick_name })} loading="lazy" />
                      </a>
                      {p.caption && <figcaption dir="auto">{p.caption}</figcaption>}
                    </figure>
                  </li>
                ))}
              </ul>
              <Pager page={page} hasMore={data.has_more} onPage={setPage} />
            </>
          )
        }
      </CachedView>
    </div>
  );
};

/** A club's videos: members add the address of a video (a file or a video page); each opens in a new tab. */
export const ClubVideos = ({ club, online }: { club: ClubView; online: boolean }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  const [page, setPage] = useState(1);
  const videos = useClubVideos(club.club_id, page);
  const actions = useClubActions();
  const [url, setUrl] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<{ onUrl: boolean; message: string } | null>(null);
  const formId = useId();
  const save = async () => {
    if (!new RegExp(WEB_URL_PATTERN, 'u').test(url.trim())) return setError({ onUrl: true, message: t('clubs.media.badUrl') });
    const result = await actions.addVideo({ club_id: club.club_id, url: url.trim(), ...(caption.trim() ? { caption } : {}) });
    if (!result.ok) return setError({ onUrl: result.field === 'url', message: isUnreachable(result.error) ? t('community.unreachableRetry') : result.error.message });
    setError(null);
    setUrl('');
    setCaption('');
    setPage(1);
    await videos.refresh();
  };
  return (
    <div className="stack">
      {club.my_state === 'member' && (
        <form id={formId} className="card stack" onSubmit={(e) => e.preventDefault()} aria-label={t('clubs.media.addVideo')}>
          <Field label={t('clubs.media.videoUrl')} type="url" inputMode="url" value={url} maxLength={1000} error={error?.onUrl ? error.message : null} onChange={(e) => setUrl(e.target.value)} />
          <Field label={t('clubs.media.caption')} dir="auto" maxLength={MEDIA_CAPTION_MAX} value={caption} onChange={(e) => setCaption(e.target.value)} />
          {error && !error.onUrl && (
            <p className="alert" role="alert">
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={!online || !url.trim()} onClick={() => save()}>
            {t('clubs.media.saveVideo')}
          </Button>
        </form>
      )}
      <CachedView result={videos}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="empty">{t('clubs.media.noVideos')}</p>
          ) : (
            <>
              <ul className="stack cm-plain-list">
                {data.list.map((v) => {
                  const href = safeHref(v.url);
                  return (
                    <li key={v.media_id} className="card cm-video">
                      {v.cover && <img src={v.cover} alt="" className="cm-video-cover" loading="lazy" />}
                      <div>
                        {href ? (
                          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                            <span dir="auto">{v.caption || v.url}</span>
                          </a>
                        ) : (
                          <span dir="auto">{v.caption || v.url}</span>
                        )}
                        <p className="muted">
                          <span dir="auto">{v.nick_name}</span> · <time dateTime={v.created_at}>{formatTime(v.created_at)}</time>
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <Pager page={page} hasMore={data.has_more} onPage={setPage} />
            </>
          )
        }
      </CachedView>
    </div>
  );
};
