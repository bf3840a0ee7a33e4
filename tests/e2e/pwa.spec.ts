import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect, goOffline, goOnline, signIn, signUp, test, uniqueEmail } from './fixtures.ts';

/**
 * The installable app (issue 6): the service worker, offline starts, Background Sync of the
 * outbox with no tab open, push notifications, and Chromium's installability check.
 */
const controlled = async (page: Page) => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
};

/** The service worker's registration as DevTools sees it, from a page that is not the app's. */
const workerRegistration = async (context: BrowserContext): Promise<{ cdp: CDPSession; origin: string; registrationId: string }> => {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => registrations.push(...list));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const registration = registrations.find((r) => !r.isDeleted)!;
  return { cdp, origin: new URL(registration.scopeURL).origin, registrationId: registration.registrationId };
};

const session = (page: Page) =>
  page.evaluate(() => ({
    token: JSON.parse(localStorage.getItem('mn.token') ?? 'null') as string,
    userId: (JSON.parse(localStorage.getItem('mn.me') ?? 'null') as { user_id: number }).user_id,
  }));

/** What the outbox database holds, read as the service worker reads it. */
const outboxRead = (page: Page, store: 'items' | 'meta') =>
  page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('mn-outbox');
        open.onerror = () => reject(open.error ?? new Error('mn-outbox did not open'));
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            resolve(all.result);
            open.result.close();
          };
        };
      }),
    store,
  );

test.describe('The installable app', () => {
  test('The service worker controls the page; offline, a reload and deep links to /settings and /chat open from the cache and the local store', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/newsfeeds$/);
    await controlled(page);
    // The chat replica has been filled (friends, groups) before the connection goes.
    await expect(page.getByTestId('connection')).toHaveText(/Online/, { timeout: 20_000 });
    await goOffline(page);
    await page.reload();
    await expect(page.getByTestId('main-nav')).toBeVisible();
    await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'offline');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByTestId('push-row')).toContainText('Notifications on this device');
    await page.goto('/chat');
    await expect(page.locator('[data-testid^="room-"]').first()).toBeVisible();
    await goOnline(page);
  });

  test('The manifest and icons pass Chromium’s installability check', async ({ playwright, launchOptions, baseURL }, testInfo) => {
    // Chromium never offers installation in an incognito context, which test contexts are: this
    // test runs in a profile on disk instead.
    const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), { ...launchOptions, baseURL });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth/sign-in1');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await context.close();
  });

  test('A message queued offline is sent by Background Sync with the tab closed, exactly once', async ({ page, browser }) => {
    const context = page.context();
    await signUp(page, { email: uniqueEmail('sync-a'), password: 'Members2026', name: 'Sync Sender' });
    await expect(page).toHaveURL(/\/newsfeeds$/);
    const other = await browser.newContext();
    const pageB = await other.newPage();
    await signUp(pageB, { email: uniqueEmail('sync-b'), password: 'Members2026', name: 'Sync Reader' });
    await expect(pageB).toHaveURL(/\/newsfeeds$/);
    const [a, b] = [await session(page), await session(pageB)];

    // Friends through the People calls: a request each way makes it mutual.
    const befriend = async (from: Page, userId: number) => {
      // The token as it is now: every route change rotates it (verifyToken).
      const res = await from.request.post('/api/friendRequest', { headers: { authorization: (await session(from)).token }, data: { user_id: userId } });
      return ((await res.json()) as { status: number; data: { status: string } }).data?.status;
    };
    expect(await befriend(page, b.userId)).toBe('pending');
    expect(await befriend(pageB, a.userId)).toBe('accepted');

    const [low, high] = [a.userId, b.userId].sort((x, y) => x - y) as [number, number];
    const chatKey = `d${low}_${high}`;
    await page.goto(`/chat?c=${chatKey}`);
    await expect(page.getByTestId('composer')).toBeVisible(); // the new friend has reached the local store
    await controlled(page);
    // The page keeps the session where the worker reads it.
    await expect.poll(async () => ((await outboxRead(page, 'meta')) as { userId: number }[])[0]?.userId).toBe(a.userId);

    // Written offline in the chat screen: it waits in the outbox.
    await goOffline(page);
    const text = `Written offline at ${Date.now()}, sent by the worker`;
    await page.getByTestId('composer').fill(text);
    await page.getByTestId('send').click();
    await expect(page.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-state', 'pending');
    const queued = (await outboxRead(page, 'items')) as { id: string; call: string }[];
    expect(queued).toEqual([expect.objectContaining({ call: 'sendChat' })]);
    const { id } = queued[0]!;
    await page.close();
    // The connection is back; no tab of the app is open.
    await context.setOffline(false);

    const { cdp, origin, registrationId } = await workerRegistration(context);
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'mn-outbox', lastChance: false });

    const pulled = async () => {
      const res = await pageB.request.post('/chat/api/getOfflineFriendsMessage', { headers: { authorization: (await session(pageB)).token }, data: { checkpoint: {} } });
      return ((await res.json()) as { data: { list: { id: string; content: string }[] } }).data.list.filter((m) => m.id === id);
    };
    await expect.poll(async () => (await pulled()).length, { timeout: 15_000 }).toBe(1);

    // The member opens the app again: nothing is left to send twice, and the message shows once, sent.
    const again = await context.newPage();
    await again.goto(`/chat?c=${chatKey}`);
    await controlled(again);
    expect(await outboxRead(again, 'items')).toEqual([]);
    await expect(again.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-state', 'sent');
    await expect(again.getByTestId('message').filter({ hasText: text })).toHaveCount(1);
    expect(await pulled()).toEqual([expect.objectContaining({ content: text })]);
    await other.close();
  });

  test('A push shows one notification per conversation, and its click opens the conversation', async ({ page }) => {
    const context = page.context();
    await signIn(page);
    await expect(page).toHaveURL(/\/newsfeeds$/);
    await controlled(page);
    const { cdp, origin, registrationId } = await workerRegistration(context);
    await context.grantPermissions(['notifications'], { origin });
    const push = (body: string, unread: number) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify({ kind: 'message', title: 'Karim Mansour', body, icon: '', tag: 'd10001_10002', url: '/chat?c=d10001_10002', unread }),
      });
    await push('Are you coming tonight?', 1);
    await push('The venue changed', 2);

    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const shown = () =>
      worker.evaluate(async () => {
        const sw = self as unknown as ServiceWorkerGlobalScope;
        return (await sw.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      });
    await expect.poll(shown).toEqual([{ title: 'Karim Mansour', body: 'Are you coming tonight?\nThe venue changed', tag: 'd10001_10002' }]);

    // A click, as the browser delivers it to the worker's notificationclick handler.
    await worker.evaluate(async () => {
      const sw = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await sw.registration.getNotifications({ tag: 'd10001_10002' });
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL(/\/chat\?c=d10001_10002$/, { waitUntil: 'commit' });
    await expect.poll(shown).toEqual([]);
  });

  test('A new version is announced with a Reload button and taken only when the member reloads', async ({ page }) => {
    await page.goto('/auth/sign-in1');
    await controlled(page);
    const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    // Deploy a new version: the same worker with other bytes, as a new build would be.
    const file = path.resolve(process.env.CLIENT_DIR ?? 'dist', 'sw.js');
    const original = fs.readFileSync(file);
    try {
      fs.writeFileSync(file, Buffer.concat([original, Buffer.from(`\n// next version ${Date.now()}\n`)]));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const banner = page.getByTestId('app-update');
      await expect(banner).toContainText('A new version of the app is ready');
      // Until then the page stays on the version it started with.
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.waiting !== null))).toBe(true);
      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
      await controlled(page);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.waiting))).toBeNull();
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);
      await expect(page.getByTestId('app-update')).toHaveCount(0);
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  test('Settings say clearly when the browser blocks notifications', async ({ page, browser }) => {
    await signIn(page);
    await page.goto('/settings');
    const row = page.getByTestId('push-row');
    await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const browserCdp = await browser.newBrowserCDPSession();
    await browserCdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: new URL(page.url()).origin,
      browserContextId: targetInfo.browserContextId,
    });
    await page.reload();
    await expect(row.getByRole('alert')).toContainText('Your browser blocks notifications for this site');
    await expect(row.getByRole('button', { name: 'Turn on' })).toHaveCount(0);
  });
});
