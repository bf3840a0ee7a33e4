import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Album, Photo, Video } from '../../../schemas/api/media.ts';
import { Status } from '../../../schemas/status.ts';
import { uploads } from '../../db/schema/index.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, makeFriends } from '../../test/members.ts';
import { fileOf, upload } from './upload-kit.ts';

type M = Awaited<ReturnType<typeof createMember>>;
const MB = 1024 * 1024;

describe(`Uploads, albums, photos and videos (${engineName})`, () => {
  let server: TestServer;
  let dataDir: string;
  let owner: M;
  const uploadCount = async () => (await server.database.db.select().from(uploads)).length;
  const filesOnDisk = () => {
    const root = path.join(dataDir, 'uploads');
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).includes('.')).length : 0;
  };
  const picture = async (who: M, kind: 'png' | 'jpg' | 'webp' | 'gif' = 'png') => (await upload(server, 'uploadImage', who.token, [{ name: `p.${kind}`, bytes: fileOf(kind) }])).data!.url;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mn-media-'));
    server = await startTestServer({ dataDir });
    owner = await createMember(server);
  });
  afterAll(() => server.close());

  test.each(['png', 'jpg', 'webp', 'gif'] as const)('A %s picture is stored by its sniffed type and served read-only with a long cache', async (kind) => {
    const res = await upload(server, 'uploadImage', owner.token, [{ name: 'holiday', bytes: fileOf(kind, 2048), type: 'text/plain' }]);
    expect(res.status).toBe(Status.ok);
    const ext = kind;
    expect(res.data!.url).toMatch(new RegExp(`^/uploads/\\d{4}/[A-Za-z0-9_-]{22}\\.${ext}$`));
    expect(res.data).toMatchObject({ size: 2048, mime: { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }[kind] });
    const served = await server.app.inject({ method: 'GET', url: res.data!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(res.data!.mime);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(fileOf(kind, 2048))).toBe(true);
  });

  test('A picture of exactly 5 MB is accepted; one byte more is refused with 413 naming the limit, and nothing is stored', async () => {
    expect((await upload(server, 'uploadImage', owner.token, [{ name: 'big.png', bytes: fileOf('png', 5 * MB) }])).status).toBe(Status.ok);
    const [rows, files] = [await uploadCount(), filesOnDisk()];
    const res = await upload(server, 'uploadImage', owner.token, [{ name: 'bigger.png', bytes: fileOf('png', 5 * MB + 1) }]);
    expect(res.http).toBe(413);
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toBe('file: must be at most 5 MB');
    expect(await uploadCount()).toBe(rows);
    expect(filesOnDisk()).toBe(files);
  });

  test('A file that only claims to be a picture is refused: text, SVG, or a PDF named .jpg', async () => {
    const before = await uploadCount();
    for (const kind of ['text', 'svg', 'pdf'] as const) {
      const res = await upload(server, 'uploadImage', owner.token, [{ name: 'photo.jpg', bytes: fileOf(kind), type: 'image/jpeg' }]);
      expect(res.status, kind).toBe(Status.validation);
      expect(res.msg).toBe('file: must be a JPEG, PNG, WebP or GIF picture');
    }
    expect((await upload(server, 'uploadImage', owner.token, [{ name: 'empty.png', bytes: Buffer.alloc(0) }])).msg).toBe('file: is empty');
    expect(await uploadCount()).toBe(before);
  });

  test('uploadFile takes a PDF up to 10 MB and keeps its name; more is refused', async () => {
    const res = await upload(server, 'uploadFile', owner.token, [{ name: 'cv.pdf', bytes: fileOf('pdf', 10 * MB) }], { name: 'My CV.pdf' });
    expect(res.status).toBe(Status.ok);
    expect(res.data).toMatchObject({ mime: 'application/pdf', name: 'My CV.pdf' });
    expect(res.data!.url).toMatch(/\.pdf$/);
    const over = await upload(server, 'uploadFile', owner.token, [{ name: 'cv.pdf', bytes: fileOf('pdf', 10 * MB + 1) }]);
    expect(over.msg).toBe('file: must be at most 10 MB');
    expect((await upload(server, 'uploadFile', owner.token, [{ name: 'x.html', bytes: fileOf('text') }])).status).toBe(Status.validation);
  });

  test('One file at a time: two files, a file to a call that takes none, or no file at all are refused', async () => {
    const before = await uploadCount();
    const two = await upload(server, 'uploadImage', owner.token, [
      { name: 'a.png', bytes: fileOf('png') },
      { name: 'b.png', bytes: fileOf('png') },
    ]);
    expect(two.http).toBe(413);
    expect(two.msg).toBe('Send one file at a time, and only to an upload call.');
    expect((await upload(server, 'addAlbum', owner.token, [{ name: 'a.png', bytes: fileOf('png') }], { name: 'x' })).http).toBe(413);
    const none = await upload(server, 'uploadImage', owner.token, [], { other: 'field' });
    expect(none.msg).toBe('file: is required');
    const json = await server.call('uploadImage', { file: {} }, { token: owner.token });
    expect(json.msg).toBe('file: must be a file sent as multipart/form-data');
    expect(await uploadCount()).toBe(before);
  });

  test('An upload without a token answers 952798 and stores nothing', async () => {
    const before = await uploadCount();
    expect((await upload(server, 'uploadImage', 'not-a-token-at-all-long-enough', [{ name: 'a.png', bytes: fileOf('png') }])).status).toBe(Status.tokenInvalid);
    expect(await uploadCount()).toBe(before);
  });

  test('Unknown or malformed upload addresses answer 404', async () => {
    for (const url of ['/uploads/2026/AAAAAAAAAAAAAAAAAAAAAA.png', '/uploads/2026/..%2F..%2Fkeys%2Fprivate.pem', '/uploads/x/y.png']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  test('A member makes an album, adds uploaded photos, and sees them with the album’s cover and count', async () => {
    const album = await server.call<Album>('addAlbum', { name: '  Summit 2026 ', description: 'Our summit' }, { token: owner.token });
    expect(album.data).toMatchObject({ name: 'Summit 2026', photo_count: 0, cover_url: '' });
    const urls = [await picture(owner), await picture(owner, 'jpg')];
    const added = await server.call<Photo[]>('addPhoto', { album_id: album.data!.album_id, photos: urls.map((url, i) => ({ url, caption: `Day ${i + 1}` })) }, { token: owner.token });
    expect(added.status).toBe(Status.ok);
    const listed = await server.call<{ album: Album; list: Photo[]; total: number }>('albumPhotos', { album_id: album.data!.album_id }, { token: owner.token });
    expect(listed.data!.list.map((p) => [p.url, p.caption])).toEqual([
      [urls[0], 'Day 1'],
      [urls[1], 'Day 2'],
    ]);
    expect(listed.data!.album).toMatchObject({ photo_count: 2, cover_url: urls[1] });
    const cover = await server.call<Album>('editAlbum', { album_id: album.data!.album_id, cover_photo_id: added.data![0]!.photo_id }, { token: owner.token });
    expect(cover.data!.cover_url).toBe(urls[0]);
    const mine = await server.call<{ list: Album[] }>('albumList', {}, { token: owner.token });
    expect(mine.data!.list[0]).toMatchObject({ album_id: album.data!.album_id, photo_count: 2 });
    const all = await server.call<{ list: Photo[]; total: number }>('allPhotos', {}, { token: owner.token });
    expect(all.data!.total).toBe(2);
  });

  test('Only pictures one uploaded oneself can go into an album', async () => {
    const other = await createMember(server);
    const theirs = await picture(other);
    const album = (await server.call<Album>('addAlbum', { name: 'Mine' }, { token: owner.token })).data!;
    const res = await server.call('addPhoto', { album_id: album.album_id, photos: [{ url: theirs }] }, { token: owner.token });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toBe('photos[0].url: must be a picture you uploaded with uploadImage');
    const pdf = (await upload(server, 'uploadFile', owner.token, [{ name: 'a.pdf', bytes: fileOf('pdf') }])).data!.url;
    expect((await server.call('addPhoto', { album_id: album.album_id, photos: [{ url: pdf }] }, { token: owner.token })).status).toBe(Status.validation);
  });

  test('Albums and videos follow the album privacy: a stranger gets 4101 when they are for friends, a friend sees them', async () => {
    const [me, friend, stranger] = [await createMember(server), await createMember(server), await createMember(server)];
    await makeFriends(server, me.userId, friend.userId);
    const album = (await server.call<Album>('addAlbum', { name: 'Family' }, { token: me.token })).data!;
    await server.call('addVideo', { url: 'https://youtu.be/dQw4w9WgXcQ' }, { token: me.token });
    expect((await server.call('albumList', { user_id: me.userId }, { token: stranger.token })).status).toBe(Status.ok);
    await server.call('PrivacySet', { albums: 'friends' }, { token: me.token });
    for (const [call, body] of [
      ['albumList', { user_id: me.userId }],
      ['allAlbums', { user_id: me.userId }],
      ['albumPhotos', { album_id: album.album_id }],
      ['allPhotos', { user_id: me.userId }],
      ['allVideos', { user_id: me.userId }],
    ] as const) {
      const refused = await server.call(call, body, { token: stranger.token });
      expect(refused.status, call).toBe(Status.forbidden);
      expect((await server.call(call, body, { token: friend.token })).status, call).toBe(Status.ok);
    }
    expect((await server.call('albumList', { user_id: me.userId }, { token: stranger.token })).msg).toBe('This member keeps their albums and videos private.');
  });

  test('Videos are links: YouTube and Vimeo get a player address, others stay links; only https', async () => {
    const me = await createMember(server);
    const yt = await server.call<Video>('addVideo', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Keynote' }, { token: me.token });
    expect(yt.data).toMatchObject({ provider: 'youtube', embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', title: 'Keynote' });
    const vimeo = await server.call<Video>('addVideo', { url: 'https://vimeo.com/76979871' }, { token: me.token });
    expect(vimeo.data).toMatchObject({ provider: 'vimeo', embed_url: 'https://player.vimeo.com/video/76979871' });
    const other = await server.call<Video>('addVideo', { url: 'https://example.org/talk' }, { token: me.token });
    expect(other.data).toMatchObject({ provider: 'link', embed_url: '' });
    expect((await server.call('addVideo', { url: 'http://example.org/talk' }, { token: me.token })).msg).toMatch(/^url: /);
    const list = await server.call<{ list: Video[]; total: number }>('allVideos', {}, { token: me.token });
    expect(list.data!.list.map((v) => v.provider)).toEqual(['link', 'vimeo', 'youtube']);
    const del = await server.call<{ deleted: number }>('delVideos', { video_ids: [yt.data!.video_id, vimeo.data!.video_id] }, { token: me.token });
    expect(del.data).toEqual({ deleted: 2 });
  });

  test('Deleting an album deletes its photos; deleting photos by id removes only those', async () => {
    const me = await createMember(server);
    const album = (await server.call<Album>('addAlbum', { name: 'Temp' }, { token: me.token })).data!;
    const added = (await server.call<Photo[]>('addPhoto', { album_id: album.album_id, photos: [{ url: await picture(me) }, { url: await picture(me) }] }, { token: me.token })).data!;
    expect((await server.call<{ deleted: number }>('delPhotos', { photo_ids: [added[0]!.photo_id] }, { token: me.token })).data).toEqual({ deleted: 1 });
    expect((await server.call<{ total: number }>('allPhotos', {}, { token: me.token })).data!.total).toBe(1);
    expect((await server.call('delAlbum', { album_id: album.album_id }, { token: me.token })).status).toBe(Status.ok);
    expect((await server.call<{ total: number }>('allPhotos', {}, { token: me.token })).data!.total).toBe(0);
    expect((await server.call('albumPhotos', { album_id: album.album_id }, { token: me.token })).status).toBe(Status.notFound);
  });

  test('A generated avatar is an SVG of the initials on a colour; anything else in the address is refused', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/avatars/${encodeURIComponent('AH')}-210.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('>AH</text>');
    expect(res.body).toContain('hsl(210 55% 42%)');
    const hostile = await server.app.inject({ method: 'GET', url: `/avatars/${encodeURIComponent('<script>')}-1.svg` });
    expect(hostile.body).not.toContain('<script');
    expect((await server.app.inject({ method: 'GET', url: '/avatars/AH-999.svg' })).statusCode).toBe(404);
  });
});
