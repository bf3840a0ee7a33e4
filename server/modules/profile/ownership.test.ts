import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Status } from '../../../schemas/status.ts';
import { queryRows } from '../../db/client.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember } from '../../test/members.ts';
import { fileOf, upload } from '../media/upload-kit.ts';
import { addChapter } from './places.ts';

type M = Awaited<ReturnType<typeof createMember>>;
const TABLES = ['skills', 'educations', 'work_experiences', 'project_experiences', 'hobbies', 'user_job_titles', 'albums', 'photos', 'videos', 'profiles', 'users'];

describe(`No member can change another's profile items, albums or photos (${engineName})`, () => {
  let server: TestServer;
  let owner: M;
  let intruder: M;
  const ids: Record<string, number> = {};
  let ownerUpload = '';

  /** Every row of the profile tables, to prove a refused call changed nothing. */
  const snapshot = async () => {
    const out: Record<string, string> = {};
    for (const t of TABLES) {
      const [r] = await queryRows<{ h: string }>(server.database.db, sql.raw(`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${t}" t`));
      out[t] = r!.h;
    }
    return out;
  };
  const as = (who: M, name: string, body: Record<string, unknown>) => server.call(name, body, { token: who.token });
  const data = async (who: M, name: string, body: Record<string, unknown>) => (await as(who, name, body)).data as Record<string, number>;

  beforeAll(async () => {
    server = await startTestServer();
    const world = await addChapter(server.database.db, { name: 'Worldwide', level: 'global', parentId: null });
    owner = await createMember(server, { nick_name: 'Owner' });
    intruder = await createMember(server, { nick_name: 'Intruder' });
    ids.skill = (await data(owner, 'addSkill', { name: 'Negotiation' })).skill_id!;
    ids.education = (await data(owner, 'addEducation', { school: 'School', start: '2010-01' })).education_id!;
    ids.work = (await data(owner, 'userAddWork', { company: 'Co', position: 'P', employment_type: 'full_time', industry: 'media', start: '2012-01' })).work_id!;
    ids.project = (await data(owner, 'userAddProject', { name: 'Proj', start: '2013-01' })).project_id!;
    ids.hobby = ((await as(owner, 'addHobbies', { names: ['Chess'] })).data as { hobby_id: number }[])[0]!.hobby_id;
    ids.title = (await data(owner, 'addUserJobTitle', { title: 'world_president', chapter_id: world, year: 2020 })).user_title_id!;
    ids.album = (await data(owner, 'addAlbum', { name: 'Private album' })).album_id!;
    ownerUpload = (await upload(server, 'uploadImage', owner.token, [{ name: 'a.png', bytes: fileOf('png') }])).data!.url;
    ids.photo = ((await as(owner, 'addPhoto', { album_id: ids.album, photos: [{ url: ownerUpload }] })).data as { photo_id: number }[])[0]!.photo_id;
    ids.video = (await data(owner, 'addVideo', { url: 'https://vimeo.com/76979871' })).video_id!;
    ids.intruderAlbum = (await data(intruder, 'addAlbum', { name: 'Intruder album' })).album_id!;
  });
  afterAll(() => server.close());

  test('Every edit and delete by id, sent with the owner’s ids by another member, answers 4101 or 4002 and changes nothing', async () => {
    const attempts: [string, Record<string, unknown>][] = [
      ['delSkill', { skill_id: ids.skill }],
      ['editEducation', { education_id: ids.education, school: 'Hacked', start: '2010-01' }],
      ['delEducation', { education_id: ids.education }],
      ['userEditWork', { work_id: ids.work, company: 'Hacked', position: 'P', employment_type: 'full_time', industry: 'media', start: '2012-01' }],
      ['userDelWork', { work_id: ids.work }],
      ['userEditProject', { project_id: ids.project, name: 'Hacked', start: '2013-01' }],
      ['userDelProject', { project_id: ids.project }],
      ['delHobbies', { hobby_id: ids.hobby }],
      ['titleDel', { user_title_id: ids.title }],
      ['editAlbum', { album_id: ids.album, name: 'Hacked' }],
      ['delAlbum', { album_id: ids.album }],
      ['addPhoto', { album_id: ids.album, photos: [{ url: ownerUpload }] }],
      ['editPhoto', { photo_id: ids.photo, caption: 'Hacked' }],
      ['editPhoto', { photo_id: ids.photo, album_id: ids.intruderAlbum }],
      ['delPhotos', { photo_ids: [ids.photo] }],
      ['delVideos', { video_ids: [ids.video] }],
    ];
    const before = await snapshot();
    for (const [name, body] of attempts) {
      const res = await as(intruder, name, body);
      expect([Status.forbidden, Status.notFound], `${name} ${JSON.stringify(body)} answered ${res.status} ${res.msg}`).toContain(res.status);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('A batch delete mixing one’s own ids with another member’s deletes nothing', async () => {
    const mine = (await data(intruder, 'addVideo', { url: 'https://example.org/v' })).video_id!;
    const before = await snapshot();
    expect((await as(intruder, 'delVideos', { video_ids: [mine, ids.video] })).status).toBe(Status.forbidden);
    expect((await as(intruder, 'delVideos', { video_ids: [mine, 999_999_999] })).status).toBe(Status.notFound);
    expect(await snapshot()).toEqual(before);
  });

  test('Moving one’s own photo into another member’s album is refused', async () => {
    const url = (await upload(server, 'uploadImage', intruder.token, [{ name: 'b.png', bytes: fileOf('png') }])).data!.url;
    const photo = ((await as(intruder, 'addPhoto', { album_id: ids.intruderAlbum, photos: [{ url }] })).data as { photo_id: number }[])[0]!.photo_id;
    const before = await snapshot();
    expect((await as(intruder, 'editPhoto', { photo_id: photo, album_id: ids.album })).status).toBe(Status.forbidden);
    expect((await as(intruder, 'editAlbum', { album_id: ids.intruderAlbum, cover_photo_id: ids.photo })).status).toBe(Status.validation);
    expect(await snapshot()).toEqual(before);
  });

  test('The owner can still do all of it', async () => {
    expect((await as(owner, 'editPhoto', { photo_id: ids.photo, caption: 'Mine' })).status).toBe(Status.ok);
    expect((await as(owner, 'delSkill', { skill_id: ids.skill })).status).toBe(Status.ok);
    expect((await as(owner, 'delAlbum', { album_id: ids.album })).status).toBe(Status.ok);
  });
});
