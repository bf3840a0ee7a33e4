import { Type, type Static } from '@sinclair/typebox';
import { defineCall, type CallDef } from '../call.ts';
import { PHOTO_MAX_BYTES } from '../rules.ts';
import { UPLOAD_URL_PATTERN } from './profile.ts';
import { body, Id, Page, Paging, WhoseBody } from './people.ts';

/**
 * Uploads, albums, photos and videos of the profile. Files are sent as multipart/form-data with
 * one part named `file`; the server sniffs their real type from the first bytes (the name and
 * the declared type are not trusted). Photos: JPEG, PNG, WebP or GIF up to 5 MB (spec section 5).
 * Documents (uploadFile): PDF or those images up to 10 MB — enough for a scanned certificate or
 * a CV, small enough to hold in memory while it is checked.
 */
export { PHOTO_MAX_BYTES };
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const FILE_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;
export const ALBUM_NAME_MAX = 60;
export const CAPTION_MAX = 300;
export const MAX_ALBUMS = 100;
export const MAX_PHOTOS_PER_ALBUM = 500;
export const MAX_VIDEOS = 100;
export const PHOTOS_PER_CALL = 20;

/** The file part: in the schema it is an object because multipart parsing hands the handler a Buffer. */
const FilePart = Type.Unsafe<Uint8Array>({
  type: 'object',
  description: 'the file, as the multipart/form-data part named file',
  'x-rule': 'must be a file sent as multipart/form-data',
});
const UploadUrl = Type.String({
  maxLength: 120,
  pattern: UPLOAD_URL_PATTERN,
  examples: ['/uploads/2026/AAAAAAAAAAAAAAAAAAAAAA.jpg'],
  'x-rule': 'must be the url uploadImage returned',
});

export const Uploaded = Type.Object({ url: Type.String(), mime: Type.String(), size: Type.Integer(), name: Type.String() });

const SHARED = 'Shared';
const PROFILE = 'Account and profile';
const call = <const N extends string, B extends CallDef['body'], D extends CallDef['data']>(
  def: Omit<CallDef<B, D>, 'base' | 'enc' | 'method'> & { name: N },
) => defineCall({ ...def, method: 'POST', base: 'main', enc: null });

export const uploadImage = call({
  name: 'uploadImage',
  group: SHARED,
  summary: 'Uploads a picture (JPEG, PNG, WebP or GIF, at most 5 MB) as multipart/form-data; returns its url for addPhoto or updateUserData.',
  upload: { maxBytes: PHOTO_MAX_BYTES },
  body: Type.Object({ file: FilePart }, { additionalProperties: false }),
  data: Uploaded,
});

export const uploadFile = call({
  name: 'uploadFile',
  group: SHARED,
  summary: 'Uploads a document (PDF, or a JPEG, PNG, WebP or GIF picture, at most 10 MB) as multipart/form-data; returns its url.',
  upload: { maxBytes: FILE_MAX_BYTES },
  body: Type.Object(
    { file: FilePart, name: Type.Optional(Type.String({ maxLength: 200, 'x-rule': 'must have at most 200 characters' })) },
    { additionalProperties: false },
  ),
  data: Uploaded,
});

export const Album = Type.Object({
  album_id: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  cover_url: Type.String(),
  photo_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Album = Static<typeof Album>;
export const Photo = Type.Object({
  photo_id: Type.Integer(),
  album_id: Type.Integer(),
  user_id: Type.Integer(),
  url: Type.String(),
  caption: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Photo = Static<typeof Photo>;
export const Video = Type.Object({
  video_id: Type.Integer(),
  user_id: Type.Integer(),
  url: Type.String(),
  title: Type.String(),
  /** youtube and vimeo links play in the page (embed_url); others open in a new tab. */
  provider: Type.String(),
  embed_url: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Video = Static<typeof Video>;

const AlbumName = Type.String({ minLength: 1, maxLength: ALBUM_NAME_MAX, pattern: '\\S', 'x-rule': `must have 1 to ${ALBUM_NAME_MAX} characters and not only spaces` });
const Description = Type.String({ maxLength: 500, 'x-rule': 'must have at most 500 characters' });
const Caption = Type.String({ maxLength: CAPTION_MAX, 'x-rule': `must have at most ${CAPTION_MAX} characters` });
const Ids = (what: string, max: number) =>
  Type.Array(Id(what), { minItems: 1, maxItems: max, uniqueItems: true, 'x-rule': `must list 1 to ${max} different ids of ${what}` });

export const albumList = call({
  name: 'albumList',
  group: SHARED,
  summary: "A member's albums, latest changed first, a page at a time (another member's as their privacy allows).",
  body: body({ user_id: Type.Optional(Id('a member')), ...Paging }),
  data: Type.Object({ ...Page(Album).properties, total: Type.Integer() }),
  access: { user_id: 'visible' },
});
export const allAlbums = call({
  name: 'allAlbums',
  group: SHARED,
  summary: "Every album of a member, by name (for choosing one).",
  body: WhoseBody,
  data: Type.Array(Album),
  access: { user_id: 'visible' },
});
export const addAlbum = call({
  name: 'addAlbum',
  group: SHARED,
  summary: `Creates an album (at most ${MAX_ALBUMS}).`,
  body: body({ name: AlbumName, description: Type.Optional(Description) }),
  data: Album,
});
export const albumPhotos = call({
  name: 'albumPhotos',
  group: SHARED,
  summary: 'The photos of one album, in the order they were added.',
  body: body({ album_id: Id('an album'), ...Paging }),
  data: Type.Object({ album: Album, ...Page(Photo).properties, total: Type.Integer() }),
  access: { album_id: 'visible' },
});
export const editAlbum = call({
  name: 'editAlbum',
  group: SHARED,
  summary: 'Renames one of your albums, changes its description, or picks its cover among its photos (null: the latest photo).',
  body: body({
    album_id: Id('one of your albums'),
    name: Type.Optional(AlbumName),
    description: Type.Optional(Description),
    cover_photo_id: Type.Optional(Type.Union([Id('a photo of the album'), Type.Null()])),
  }),
  data: Album,
  access: { album_id: 'owner', cover_photo_id: 'owner' },
});
export const delAlbum = call({
  name: 'delAlbum',
  group: SHARED,
  summary: 'Deletes one of your albums with all its photos.',
  body: body({ album_id: Id('one of your albums') }),
  data: Type.Null(),
  access: { album_id: 'owner' },
});
export const allPhotos = call({
  name: 'allPhotos',
  group: SHARED,
  summary: "Every photo of a member, newest first, a page at a time.",
  body: body({ user_id: Type.Optional(Id('a member')), ...Paging }),
  data: Type.Object({ ...Page(Photo).properties, total: Type.Integer() }),
  access: { user_id: 'visible' },
});
export const editPhoto = call({
  name: 'editPhoto',
  group: SHARED,
  summary: 'Changes the caption of one of your photos, or moves it to another of your albums.',
  body: body({ photo_id: Id('one of your photos'), caption: Type.Optional(Caption), album_id: Type.Optional(Id('one of your albums')) }),
  data: Photo,
  access: { photo_id: 'owner', album_id: 'owner' },
});
export const addPhoto = call({
  name: 'addPhoto',
  group: PROFILE,
  summary: `Adds pictures uploaded with uploadImage to one of your albums (1 to ${PHOTOS_PER_CALL} at a time, at most ${MAX_PHOTOS_PER_ALBUM} per album).`,
  body: body({
    album_id: Id('one of your albums'),
    photos: Type.Array(body({ url: UploadUrl, caption: Type.Optional(Caption) }), {
      minItems: 1,
      maxItems: PHOTOS_PER_CALL,
      'x-rule': `must list 1 to ${PHOTOS_PER_CALL} photos`,
    }),
  }),
  data: Type.Array(Photo),
  access: { album_id: 'owner' },
});
export const delPhotos = call({
  name: 'delPhotos',
  group: PROFILE,
  summary: 'Deletes some of your photos; if any id is not one of yours, nothing is deleted.',
  body: body({ photo_ids: Ids('your photos', 100) }),
  data: Type.Object({ deleted: Type.Integer() }),
  access: { photo_ids: 'owner' },
});
export const allVideos = call({
  name: 'allVideos',
  group: SHARED,
  summary: "A member's videos, newest first (another member's as their album privacy allows).",
  body: body({ user_id: Type.Optional(Id('a member')), ...Paging }),
  data: Type.Object({ ...Page(Video).properties, total: Type.Integer() }),
  access: { user_id: 'visible' },
});
export const addVideo = call({
  name: 'addVideo',
  group: PROFILE,
  summary: `Adds a video by its web address (YouTube and Vimeo links play in the profile; at most ${MAX_VIDEOS}).`,
  body: body({
    url: Type.String({ minLength: 12, maxLength: 500, pattern: '^https://[^\\s]+$', examples: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'], 'x-rule': 'must be a web address starting with https://' }),
    title: Type.Optional(Type.String({ maxLength: 100, 'x-rule': 'must have at most 100 characters' })),
  }),
  data: Video,
});
export const delVideos = call({
  name: 'delVideos',
  group: PROFILE,
  summary: 'Deletes some of your videos; if any id is not one of yours, nothing is deleted.',
  body: body({ video_ids: Ids('your videos', 100) }),
  data: Type.Object({ deleted: Type.Integer() }),
  access: { video_ids: 'owner' },
});
