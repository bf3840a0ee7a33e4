/* Albums, photos and videos of a profile: read as the owner's album privacy allows, written by the owner only. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_ALBUMS, MAX_PHOTOS_PER_ALBUM, MAX_VIDEOS, type Album, type Photo, type Video } from '../../../schemas/api/media.ts';
import { Status } from '../../../schemas/status.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { albums, photos, uploads, videos } from '../../db/schema/index.ts';
import { ApiError, forbidden, invalid, notFound, refuse } from '../../http/answer.ts';
import { countOwned, ownedBy, refuseNotOwned } from '../profile/owned.ts';
import { visibilityFor } from '../profile/privacy.ts';
import { assertVisibleMember } from '../profile/profiles.ts';

/** Refuses a viewer who may not see `ownerId`'s albums and videos: 4002 when hidden by a block, 4101 by privacy. */
export const assertMaySeeMedia = async (db: Db, viewerId: number, ownerId: number): Promise<void> => {
  await assertVisibleMember(db, viewerId, ownerId);
  if (!(await visibilityFor(db, viewerId, ownerId)).sees('albums')) throw new ApiError(Status.forbidden, 'albumsHidden');
};

interface AlbumRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  name: string;
  description: string;
  cover_url: string | null;
  photo_count: number;
  created_at: string | Date;
  updated_at: string | Date;
}
const albumView = (r: AlbumRow): Album => ({
  album_id: r.id,
  user_id: r.user_id,
  name: r.name,
  description: r.description,
  cover_url: r.cover_url ?? '',
  photo_count: r.photo_count,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/** Albums with their photo count and cover: the chosen photo, or the latest one. */
const albumRows = (db: Db, where: ReturnType<typeof sql>, limit = 1000, offset = 0) =>
  queryRows<AlbumRow>(
    db,
    sql`select a.id, a.user_id, a.name, a.description, a.created_at, a.updated_at,
          (select count(*)::int from ${photos} p where p.album_id = a.id) as photo_count,
          coalesce((select p.url from ${photos} p where p.id = a.cover_photo_id),
                   (select p.url from ${photos} p where p.album_id = a.id order by p.id desc limit 1)) as cover_url
        from ${albums} a where ${where}
        order by a.updated_at desc, a.id desc limit ${limit} offset ${offset}`,
  );

export const albumById = async (db: Db, id: number): Promise<Album | undefined> => (await albumRows(db, sql`a.id = ${id}`)).map(albumView)[0];

export const albumsOf = async (db: Db, ownerId: number, page: number, pageSize: number) => {
  const rows = await albumRows(db, sql`a.user_id = ${ownerId}`, pageSize + 1, (page - 1) * pageSize);
  const total = await countOwned(db, albums, ownerId);
  return { list: rows.slice(0, pageSize).map(albumView), page, page_size: pageSize, has_more: rows.length > pageSize, total };
};

export const allAlbumsOf = async (db: Db, ownerId: number): Promise<Album[]> =>
  (await albumRows(db, sql`a.user_id = ${ownerId}`)).map(albumView).sort((a, b) => a.name.localeCompare(b.name));

export const createAlbum = async (db: Db, userId: number, input: { name: string; description?: string }): Promise<Album> => {
  if ((await countOwned(db, albums, userId)) >= MAX_ALBUMS) throw refuse('albumsFull', { max: MAX_ALBUMS });
  const [row] = await db
    .insert(albums)
    .values({ userId, name: input.name.trim(), description: (input.description ?? '').trim() })
    .returning({ id: albums.id });
  return (await albumById(db, row!.id))!;
};

/** The member's own album, or a refusal: 4002 unknown, 4101 someone else's. */
const ownAlbum = async (db: Db, userId: number, albumId: number) => {
  const [row] = await db.select().from(albums).where(ownedBy(albums, albumId, userId));
  if (!row) return refuseNotOwned(db, albums, albumId, 'album');
  return row;
};

export const editAlbum = async (
  db: Db,
  userId: number,
  input: { album_id: number; name?: string; description?: string; cover_photo_id?: number | null },
): Promise<Album> => {
  await ownAlbum(db, userId, input.album_id);
  if (input.cover_photo_id) {
    const [inAlbum] = await db.select({ id: photos.id }).from(photos).where(and(eq(photos.id, input.cover_photo_id), eq(photos.albumId, input.album_id)));
    if (!inAlbum) throw invalid('cover_photo_id', 'must be a photo of this album');
  }
  await db
    .update(albums)
    .set({
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.description !== undefined ? { description: input.description.trim() } : {}),
      ...(input.cover_photo_id !== undefined ? { coverPhotoId: input.cover_photo_id } : {}),
      updatedAt: new Date(),
    })
    .where(ownedBy(albums, input.album_id, userId));
  return (await albumById(db, input.album_id))!;
};

export const deleteAlbum = async (db: Db, userId: number, albumId: number): Promise<void> => {
  const gone = await db.delete(albums).where(ownedBy(albums, albumId, userId)).returning({ id: albums.id });
  if (!gone.length) await refuseNotOwned(db, albums, albumId, 'album');
};

const photoView = (r: typeof photos.$inferSelect): Photo => ({
  photo_id: r.id,
  album_id: r.albumId,
  user_id: r.userId,
  url: r.url,
  caption: r.caption,
  created_at: r.createdAt.toISOString(),
});

export const photosOfAlbum = async (db: Db, albumId: number, page: number, pageSize: number) => {
  const rows = await db
    .select()
    .from(photos)
    .where(eq(photos.albumId, albumId))
    .orderBy(photos.id)
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(photos).where(eq(photos.albumId, albumId));
  return { list: rows.slice(0, pageSize).map(photoView), page, page_size: pageSize, has_more: rows.length > pageSize, total: count?.n ?? 0 };
};

export const photosOf = async (db: Db, ownerId: number, page: number, pageSize: number) => {
  const rows = await db
    .select()
    .from(photos)
    .where(eq(photos.userId, ownerId))
    .orderBy(desc(photos.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const total = await countOwned(db, photos, ownerId);
  return { list: rows.slice(0, pageSize).map(photoView), page, page_size: pageSize, has_more: rows.length > pageSize, total };
};

/** Adds uploaded pictures to an album: each must be an image this member uploaded. */
export const addPhotos = async (db: Db, userId: number, albumId: number, items: { url: string; caption?: string }[]): Promise<Photo[]> => {
  await ownAlbum(db, userId, albumId);
  const urls = [...new Set(items.map((i) => i.url))];
  const mine = await db
    .select({ path: uploads.path })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.path, urls), sql`${uploads.mime} like 'image/%'`));
  const known = new Set(mine.map((m) => m.path));
  const bad = items.findIndex((i) => !known.has(i.url));
  if (bad >= 0) throw invalid(`photos[${bad}].url`, 'must be a picture you uploaded with uploadImage');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${albums} where id = ${albumId} for update`);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(photos).where(eq(photos.albumId, albumId));
    if ((count?.n ?? 0) + items.length > MAX_PHOTOS_PER_ALBUM) throw refuse('albumFull', { max: MAX_PHOTOS_PER_ALBUM });
    const rows = await tx
      .insert(photos)
      .values(items.map((i) => ({ albumId, userId, url: i.url, caption: (i.caption ?? '').trim() })))
      .returning();
    await tx.update(albums).set({ updatedAt: new Date() }).where(eq(albums.id, albumId));
    return rows.map(photoView);
  });
};

export const editPhoto = async (db: Db, userId: number, input: { photo_id: number; caption?: string; album_id?: number }): Promise<Photo> => {
  if (input.album_id !== undefined) await ownAlbum(db, userId, input.album_id);
  const changes = {
    ...(input.caption !== undefined ? { caption: input.caption.trim() } : {}),
    ...(input.album_id !== undefined ? { albumId: input.album_id } : {}),
  };
  const [row] = Object.keys(changes).length
    ? await db.update(photos).set(changes).where(ownedBy(photos, input.photo_id, userId)).returning()
    : await db.select().from(photos).where(ownedBy(photos, input.photo_id, userId));
  if (!row) return refuseNotOwned(db, photos, input.photo_id, 'photo');
  return photoView(row);
};

/** Deletes several rows of the member at once, or none: an unknown id is 4002, another member's 4101. */
const deleteAllOwned = async (db: Db, table: typeof photos | typeof videos, userId: number, ids: number[], what: string): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await tx.select({ id: table.id, userId: table.userId }).from(table).where(inArray(table.id, ids));
    if (rows.length < ids.length) throw notFound(what);
    if (rows.some((r) => r.userId !== userId)) throw forbidden();
    const gone = await tx.delete(table).where(and(inArray(table.id, ids), eq(table.userId, userId))).returning({ id: table.id });
    return gone.length;
  });

export const deletePhotos = (db: Db, userId: number, ids: number[]) => deleteAllOwned(db, photos, userId, ids, 'photo');

/** Where a video link plays: YouTube and Vimeo in the page, any other https page in a new tab. */
export const videoEmbed = (url: string): { provider: string; embed_url: string } => {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, '');
    const youtube =
      host === 'youtu.be' ? u.pathname.slice(1) : host === 'youtube.com' ? (u.searchParams.get('v') ?? /^\/(?:shorts|embed)\/([^/]+)/.exec(u.pathname)?.[1]) : null;
    if (youtube && /^[A-Za-z0-9_-]{6,20}$/.test(youtube)) return { provider: 'youtube', embed_url: `https://www.youtube-nocookie.com/embed/${youtube}` };
    const vimeo = host === 'vimeo.com' ? /^\/([0-9]{4,12})/.exec(u.pathname)?.[1] : null;
    if (vimeo) return { provider: 'vimeo', embed_url: `https://player.vimeo.com/video/${vimeo}` };
  } catch {
    // Not a URL the runtime can read: shown as a plain link.
  }
  return { provider: 'link', embed_url: '' };
};

const videoView = (r: typeof videos.$inferSelect): Video => ({
  video_id: r.id,
  user_id: r.userId,
  url: r.url,
  title: r.title,
  ...videoEmbed(r.url),
  created_at: r.createdAt.toISOString(),
});

export const addVideo = async (db: Db, userId: number, input: { url: string; title?: string }): Promise<Video> => {
  try {
    if (new URL(input.url).protocol !== 'https:') throw new Error('not https');
  } catch {
    throw invalid('url', 'must be a web address starting with https://');
  }
  if ((await countOwned(db, videos, userId)) >= MAX_VIDEOS) throw refuse('videosFull', { max: MAX_VIDEOS });
  const [row] = await db
    .insert(videos)
    .values({ userId, url: input.url.trim(), title: (input.title ?? '').trim() })
    .returning();
  return videoView(row!);
};

export const videosOf = async (db: Db, ownerId: number, page: number, pageSize: number) => {
  const rows = await db
    .select()
    .from(videos)
    .where(eq(videos.userId, ownerId))
    .orderBy(desc(videos.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const total = await countOwned(db, videos, ownerId);
  return { list: rows.slice(0, pageSize).map(videoView), page, page_size: pageSize, has_more: rows.length > pageSize, total };
};

export const deleteVideos = (db: Db, userId: number, ids: number[]) => deleteAllOwned(db, videos, userId, ids, 'video');
