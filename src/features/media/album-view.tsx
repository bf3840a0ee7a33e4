import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { CachedView, MoreButton } from '../profile/cached-states.tsx';
import { unreachable } from '../profile/use-people-cache.ts';
import { UploadStatus } from './upload-status.tsx';
import { useAlbumPhotos, useMediaActions, type Photo } from './use-media.ts';
import { useUpload } from './use-upload.ts';

/** One album: its photos, and for its owner adding photos (with progress), captions, the cover and deleting. */
export const AlbumView = ({ albumId, mine, onBack }: { albumId: number; mine: boolean; onBack: () => void }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const photos = useAlbumPhotos(albumId);
  const actions = useMediaActions();
  const [viewing, setViewing] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState<'album' | Photo | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<{ ok: true } | { ok: false; status: number; message: string }>, after?: () => void) => {
    setError(null);
    const result = await action();
    if (result.ok) after?.();
    else setError(unreachable(result) ? t('people.network') : result.message);
  };

  return (
    <section className="stack" aria-labelledby="album-heading">
      <div>
        <Button variant="ghost" onClick={onBack}>
          {t('media.backToAlbums')}
        </Button>
      </div>
      <CachedView cached={photos.first}>
        {(page) => (
          <>
            <div className="row people-section-head">
              <div className="stack people-album-title">
                <h2 id="album-heading" className="h3" dir="auto">
                  {page.album.name}
                </h2>
                {page.album.description && (
                  <p className="muted" dir="auto">
                    {page.album.description}
                  </p>
                )}
                <span className="muted">{t('media.photoCount', { count: page.total })}</span>
              </div>
              {mine && (
                <Button variant="danger" disabled={!online} onClick={() => setDeleting('album')}>
                  {t('media.deleteAlbum')}
                </Button>
              )}
            </div>
            {mine && <AddPhotos albumId={albumId} />}
            {photos.items.length === 0 ? (
              <p className="empty">{mine ? t('media.noPhotosMine') : t('media.noPhotos')}</p>
            ) : (
              <ul className="people-grid people-photos" aria-label={t('media.photosOf', { name: page.album.name })} data-testid="album-photos">
                {photos.items.map((p, i) => (
                  <li key={p.photo_id}>
                    <button type="button" className="people-photo" onClick={() => setViewing(p)} aria-label={p.caption || t('media.photoN', { n: i + 1 })}>
                      <img src={p.url} alt={p.caption} loading="lazy" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <MoreButton hasMore={photos.hasMore} loading={photos.loadingMore} error={photos.moreError} onMore={photos.loadMore} />
          </>
        )}
      </CachedView>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {viewing && (
        <PhotoDialog
          photo={viewing}
          mine={mine}
          onClose={() => setViewing(null)}
          onCover={() => run(() => actions.editAlbum({ album_id: albumId, cover_photo_id: viewing.photo_id }), () => setViewing(null))}
          onCaption={(caption) => actions.editPhoto({ photo_id: viewing.photo_id, caption })}
          onDelete={() => setDeleting(viewing)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting === 'album' ? t('media.deleteAlbumTitle') : t('media.deletePhotoTitle')}
        description={deleting === 'album' ? t('media.deleteAlbumBody') : t('media.deletePhotoBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={() =>
          deleting === 'album'
            ? run(() => actions.delAlbum(albumId), onBack)
            : deleting && run(() => actions.delPhotos([deleting.photo_id]), () => setViewing(null))
        }
      />
    </section>
  );
};

/** Choosing pictures: each is checked (type, 5 MB), uploaded with progress, then added to the album. */
const AddPhotos = ({ albumId }: { albumId: number }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const { state, upload } = useUpload('image');
  const { addPhotos } = useMediaActions();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const choose = async (files: FileList | null) => {
    if (!files?.length) return;
    setError(null);
    setBusy(true);
    const urls: string[] = [];
    for (const file of [...files].slice(0, 20)) {
      const uploaded = await upload(file);
      if (!uploaded) break;
      urls.push(uploaded.url);
    }
    if (urls.length) {
      const result = await addPhotos(albumId, urls.map((url) => ({ url })));
      if (!result.ok) setError(unreachable(result) ? t('people.network') : result.message);
    }
    setBusy(false);
  };
  return (
    <div className="stack people-add-photos">
      <div className="row">
        <input
          id={inputId}
          className="visually-hidden people-file"
          type="file"
          name="photos"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={!online || busy}
          onChange={(e) => {
            void choose(e.target.files);
            e.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="btn" data-variant="primary" aria-disabled={!online || busy}>
          {t('media.addPhotos')}
        </label>
        <span className="muted">{t('media.photoRules')}</span>
      </div>
      <UploadStatus state={state} />
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

const PhotoDialog = ({
  photo,
  mine,
  onClose,
  onCover,
  onCaption,
  onDelete,
}: {
  photo: Photo;
  mine: boolean;
  onClose: () => void;
  onCover: () => unknown;
  onCaption: (caption: string) => Promise<{ ok: true } | { ok: false; status: number; message: string }>;
  onDelete: () => void;
}) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const [caption, setCaption] = useState(photo.caption);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={photo.caption || t('media.photo')}>
      <div className="stack">
        <img className="people-photo-large" src={photo.url} alt={photo.caption} />
        {mine && (
          <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
            <div className="field">
              <label htmlFor={id}>{t('media.caption')}</label>
              <input id={id} dir="auto" maxLength={300} value={caption} onChange={(e) => setCaption(e.target.value)} />
            </div>
            {message && (
              <p className={message.ok ? 'notice' : 'alert'} role={message.ok ? 'status' : 'alert'}>
                {message.text}
              </p>
            )}
            <div className="row">
              <Button
                type="submit"
                disabled={!online}
                onClick={async () => {
                  const result = await onCaption(caption.trim());
                  setMessage(result.ok ? { ok: true, text: t('media.captionSaved') } : { ok: false, text: unreachable(result) ? t('people.network') : result.message });
                }}
              >
                {t('actions.save')}
              </Button>
              <Button variant="secondary" disabled={!online} onClick={onCover}>
                {t('media.makeCover')}
              </Button>
              <Button variant="danger" disabled={!online} onClick={onDelete}>
                {t('actions.delete')}
              </Button>
            </div>
          </form>
        )}
        <div>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
};
