import { useCallback } from 'react';
import type { CallName } from '../../../schemas/api/index.ts';
import type { BodyOf, DataOf } from '../../api/client.ts';
import { useCachedCall } from '../../store/cache.ts';
import { useChange } from '../profile/use-people-cache.ts';
import { usePaged } from '../friends/use-paged.ts';

export type Album = DataOf<'albumList'>['list'][number];
export type Photo = DataOf<'albumPhotos'>['list'][number];
export type Video = DataOf<'allVideos'>['list'][number];

const ALBUM_CALLS: readonly CallName[] = ['albumList', 'allAlbums', 'albumPhotos', 'allPhotos'];

export const useAlbums = (userId?: number) => usePaged('albumList', userId ? { user_id: userId, page_size: 24 } : { page_size: 24 });
export const useAlbumPhotos = (albumId: number) => usePaged('albumPhotos', { album_id: albumId, page_size: 48 });
export const useVideos = (userId?: number) => usePaged('allVideos', userId ? { user_id: userId, page_size: 20 } : { page_size: 20 });
export const useAlbumChoices = () => useCachedCall('allAlbums', {});

export const useMediaActions = () => {
  const change = useChange();
  return {
    addAlbum: useCallback((body: BodyOf<'addAlbum'>) => change('addAlbum', body, ALBUM_CALLS), [change]),
    editAlbum: useCallback((body: BodyOf<'editAlbum'>) => change('editAlbum', body, ALBUM_CALLS), [change]),
    delAlbum: useCallback((albumId: number) => change('delAlbum', { album_id: albumId }, ALBUM_CALLS), [change]),
    addPhotos: useCallback((albumId: number, photos: BodyOf<'addPhoto'>['photos']) => change('addPhoto', { album_id: albumId, photos }, ALBUM_CALLS), [change]),
    editPhoto: useCallback((body: BodyOf<'editPhoto'>) => change('editPhoto', body, ALBUM_CALLS), [change]),
    delPhotos: useCallback((ids: number[]) => change('delPhotos', { photo_ids: ids }, ALBUM_CALLS), [change]),
    addVideo: useCallback((body: BodyOf<'addVideo'>) => change('addVideo', body, ['allVideos']), [change]),
    delVideos: useCallback((ids: number[]) => change('delVideos', { video_ids: ids }, ['allVideos']), [change]),
  };
};
