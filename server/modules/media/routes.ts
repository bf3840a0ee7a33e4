import * as calls from '../../../schemas/api/media.ts';
import { FILE_TYPES, IMAGE_TYPES } from '../../../schemas/api/media.ts';
import { PAGE_SIZE_DEFAULT } from '../../../schemas/api/people.ts';
import { Answer, notFound } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import * as media from './albums.ts';
import { storeUpload } from './storage.ts';

const paging = (body: { page?: number; page_size?: number }) => [body.page ?? 1, body.page_size ?? PAGE_SIZE_DEFAULT] as const;

export const mediaCalls = [
  implement(calls.uploadImage, async (body, { deps, member }) =>
    storeUpload(deps.db, deps.config, {
      userId: member.userId,
      file: body.file,
      kind: 'image',
      allowed: IMAGE_TYPES,
      typeRule: 'must be a JPEG, PNG, WebP or GIF picture',
    }),
  ),

  implement(calls.uploadFile, async (body, { deps, member }) =>
    storeUpload(deps.db, deps.config, {
      userId: member.userId,
      file: body.file,
      kind: 'file',
      allowed: FILE_TYPES,
      name: body.name,
      typeRule: 'must be a PDF document or a JPEG, PNG, WebP or GIF picture',
    }),
  ),

  implement(calls.albumList, async (body, { deps, member }) => {
    const owner = body.user_id ?? member.userId;
    await media.assertMaySeeMedia(deps.db, member.userId, owner);
    return media.albumsOf(deps.db, owner, ...paging(body));
  }),

  implement(calls.allAlbums, async (body, { deps, member }) => {
    const owner = body.user_id ?? member.userId;
    await media.assertMaySeeMedia(deps.db, member.userId, owner);
    return media.allAlbumsOf(deps.db, owner);
  }),

  implement(calls.addAlbum, async (body, { deps, member }) => {
    const album = await media.createAlbum(deps.db, member.userId, body);
    return new Answer(album, 'albumCreated', true, { name: album.name });
  }),

  implement(calls.albumPhotos, async (body, { deps, member }) => {
    const album = await media.albumById(deps.db, body.album_id);
    if (!album) throw notFound('album');
    await media.assertMaySeeMedia(deps.db, member.userId, album.user_id);
    return { album, ...(await media.photosOfAlbum(deps.db, album.album_id, ...paging(body))) };
  }),

  implement(calls.editAlbum, async (body, { deps, member }) => media.editAlbum(deps.db, member.userId, body)),

  implement(calls.delAlbum, async (body, { deps, member }) => {
    await media.deleteAlbum(deps.db, member.userId, body.album_id);
    return new Answer(null, 'albumDeleted', true);
  }),

  implement(calls.allPhotos, async (body, { deps, member }) => {
    const owner = body.user_id ?? member.userId;
    await media.assertMaySeeMedia(deps.db, member.userId, owner);
    return media.photosOf(deps.db, owner, ...paging(body));
  }),

  implement(calls.editPhoto, async (body, { deps, member }) => media.editPhoto(deps.db, member.userId, body)),

  implement(calls.addPhoto, async (body, { deps, member }) => {
    const added = await media.addPhotos(deps.db, member.userId, body.album_id, body.photos);
    return new Answer(added, 'photosAdded', true, { count: added.length });
  }),

  implement(calls.delPhotos, async (body, { deps, member }) => {
    const deleted = await media.deletePhotos(deps.db, member.userId, body.photo_ids);
    return new Answer({ deleted }, 'photosDeleted', true, { count: deleted });
  }),

  implement(calls.allVideos, async (body, { deps, member }) => {
    const owner = body.user_id ?? member.userId;
    await media.assertMaySeeMedia(deps.db, member.userId, owner);
    return media.videosOf(deps.db, owner, ...paging(body));
  }),

  implement(calls.addVideo, async (body, { deps, member }) => new Answer(await media.addVideo(deps.db, member.userId, body), 'videoAdded', true)),

  implement(calls.delVideos, async (body, { deps, member }) => {
    const deleted = await media.deleteVideos(deps.db, member.userId, body.video_ids);
    return new Answer({ deleted }, 'videosDeleted', true, { count: deleted });
  }),
];
