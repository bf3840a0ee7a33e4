import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ClubView } from '../../../schemas/api/clubs.ts';
import type { PostView } from '../../../schemas/api/feed.ts';
import type { UnreadCountsView } from '../../../schemas/api/notifications.ts';
import { Status } from '../../../schemas/status.ts';
import { DEMO_LOGIN, seedDemoData } from '../../db/seed.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { solvedCaptcha } from '../../test/members.ts';
import type { M, Page } from './community-test-kit.ts';

describe(`The demo community (${engineName})`, () => {
  let server: TestServer;
  let amal: M;
  beforeAll(async () => {
    server = await startTestServer();
    expect(await seedDemoData(server.database.db)).toBe(true);
    const res = await server.call<{ token: string; user_info: { user_id: number } }>('login', { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, ...(await solvedCaptcha(server)) }, { enc: 1 });
    expect(res.status).toBe(Status.ok);
    amal = { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, token: res.data!.token, userId: res.data!.user_info.user_id };
  }, 240_000);
  afterAll(() => server.close());

  const as = <T>(name: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST') => server.call<T>(name, body, { token: amal.token, method });

  test('Amal finds advertisements, a feed with her chapter’s posts, and notifications of each kind', async () => {
    expect((await as<unknown[]>('getHomeAd', {}, 'GET')).data!.length).toBeGreaterThanOrEqual(6);
    const feed = (await as<Page<PostView>>('homePage', { page_size: 50 })).data!.list;
    expect(feed.some((p) => p.visibility === 'channel')).toBe(true);
    expect(feed.some((p) => p.visibility === 'club')).toBe(true);
    expect(feed.find((p) => p.is_mine && p.like_count > 0)).toBeDefined();
    const unread = (await as<UnreadCountsView>('UnreadMessage')).data!;
    expect(unread.posts).toBeGreaterThan(0);
    expect(unread.clubs).toBeGreaterThan(0);
    expect(unread.system).toBeGreaterThan(0);
  });

  test('Amal leads a club with applications waiting, belongs to others, and posts as her chapter’s board', async () => {
    const mine = (await as<Page<ClubView>>('getIJoinGroupList', {}, 'GET')).data!.list;
    const green = mine.find((c) => c.name === 'Green Cities')!;
    expect(green).toMatchObject({ my_role: 'leader', is_creator: true });
    expect((await as<{ applications: number }>('getGroupTotal', { club_id: green.club_id })).data!.applications).toBe(1);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const places = (await as<{ board_of: { title: string }[] }>('userAuth')).data!;
    expect(places.board_of).toEqual([expect.objectContaining({ title: 'President' })]);
  });
});
