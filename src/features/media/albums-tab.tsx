import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALBUM_NAME_MAX } from '../../../schemas/api/media.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CachedView, MoreButton } from '../profile/cached-states.tsx';
import { unreachable } from '../profile/use-people-cache.ts';
import { AlbumView } from './album-view.tsx';
import { useAlbums, useMediaActions } from './use-media.ts';

/** A member's albums as a grid of covers; opening one shows its photos. */
export const AlbumsTab = ({ userId, mine }: { userId?: number; mine: boolean }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const albums = useAlbums(userId);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  if (open !== null) return <AlbumView albumId={open} mine={mine} onBack={() => setOpen(null)} />;
  return (
    <section className="stack" aria-labelledby="albums-heading">
      <div className="row people-section-head">
        <h2 id="albums-heading" className="h3">
          {t('media.albums')}
        </h2>
        {mine && (
          <Button variant="secondary" disabled={!online} onClick={() => setCreating(true)}>
            {t('media.newAlbum')}
          </Button>
        )}
      </div>
      <CachedView cached={albums.first} hiddenMessage={t('media.hidden')}>
        {() =>
          albums.items.length === 0 ? (
            <p className="empty">{mine ? t('media.noAlbumsMine') : t('media.noAlbums')}</p>
          ) : (
            <>
              <ul className="people-grid" aria-label={t('media.albums')}>
                {albums.items.map((a) => (
                  <li key={a.album_id}>
                    <button type="button" className="people-album" onClick={() => setOpen(a.album_id)} aria-label={t('media.openAlbum', { name: a.name, count: a.photo_count })}>
                      {a.cover_url ? <img src={a.cover_url} alt="" loading="lazy" /> : <span className="people-album-empty" aria-hidden="true">▢</span>}
                      <strong dir="auto">{a.name}</strong>
                      <span className="muted">{t('media.photoCount', { count: a.photo_count })}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <MoreButton hasMore={albums.hasMore} loading={albums.loadingMore} error={albums.moreError} onMore={albums.loadMore} />
            </>
          )
        }
      </CachedView>
      {creating && <NewAlbumDialog onClose={() => setCreating(false)} onCreated={(id) => setOpen(id)} />}
    </section>
  );
};

const NewAlbumDialog = ({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) => {
  const { t } = useTranslation();
  const { addAlbum } = useMediaActions();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async () => {
    if (!name.trim()) return setError(t('people.required'));
    setError(null);
    const result = await addAlbum({ name: name.trim(), description: description.trim() });
    if (result.ok) {
      onClose();
      onCreated(result.data.album_id);
    } else setError(unreachable(result) ? t('people.network') : result.message);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('media.newAlbum')}>
      <form className="stack people-form" onSubmit={(e) => e.preventDefault()} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('media.albumName')}</label>
          <input
            id={`${id}-name`}
            name="album_name"
            dir="auto"
            maxLength={ALBUM_NAME_MAX}
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>
            {t('people.description')} <span className="muted">{t('people.optional')}</span>
          </label>
          <textarea id={`${id}-description`} dir="auto" rows={2} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="row people-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" onClick={submit}>
            {t('media.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
