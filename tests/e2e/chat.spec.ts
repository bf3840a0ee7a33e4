import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { expect, solveCaptcha, test } from './fixtures.ts';
import { freshDataDir, ServerProcess } from './server-process.ts';

/**
 * Chat journeys against a server this spec owns, so it can restart it mid-burst. Amal, Karim and
 * Mei are friends (tests/e2e/seed-friends.ts). Windows are tall so the virtualised message list
 * renders every message the tests count.
 */
const server = new ServerProcess(Number(process.env.E2E_CHAT_PORT ?? 8185), freshDataDir('e2e-chat'));
// Journeys with sign-ins, reloads and reconnects: more time than a single screen's test.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: server.url, viewport: { width: 1280, height: 2400 } });

test.beforeAll(async () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/seed-friends.ts', server.dataDir], { stdio: 'inherit' });
  await server.start();
});
test.afterAll(() => server.stop());

const PASSWORD = 'Members2026';
const member = async (context: BrowserContext, email: string) => {
  const page = await context.newPage();
  await page.goto('/auth/sign-in1');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="captcha_code"]').fill(await solveCaptcha(page));
  await page.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/sign-in1/);
  await page.goto('/chat');
  await expect(page.getByTestId('connection')).toHaveText(/Online/, { timeout: 20_000 });
  return page;
};

/** Lets a page lose the server (calls and socket) and get it back, while the page itself stays loaded. */
const cuttable = async (page: Page) => {
  let cut = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) return void ws.close();
    ws.connectToServer();
    sockets.push(ws);
  });
  // The whole context, so the service worker's Background Sync loses the server too.
  await page.context().route(/\/(api|chat\/api|socket\.io)\//, (route) => (cut ? route.abort('internetdisconnected') : route.continue()));
  return {
    cutOff: async () => {
      cut = true;
      for (const ws of sockets.splice(0)) await ws.close();
    },
    restore: () => {
      cut = false;
    },
  };
};

const open = async (page: Page, name: RegExp) => {
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
};

const say = async (page: Page, text: string) => {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
};

/** What the server holds for a member's conversations, as they would pull it. */
const serverHistory = (page: Page, call: 'getOfflineFriendsMessage' | 'getOfflineGroupMessage') =>
  page.evaluate(async (name) => {
    const token = JSON.parse(localStorage.getItem('mn.token')!) as string;
    const res = await fetch(`/chat/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ checkpoint: {}, limit: 500 }) });
    return ((await res.json()) as { data: { list: { content: string; deleted: boolean }[] } }).data.list.map((m) => m.content);
  }, call);

/** The unread count the server holds for a member's conversation (its chat key). */
const unreadOnServer = (page: Page, chatKey: string) =>
  page.evaluate(async (key) => {
    const token = JSON.parse(localStorage.getItem('mn.token')!) as string;
    const lists = await Promise.all(
      ['getFriendsSubscript', 'getGroupSubscript'].map(async (name) => {
        const res = await fetch(`/chat/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: '{}' });
        return ((await res.json()) as { data: { list: { chat_key: string; count: number }[] } }).data.list;
      }),
    );
    return lists.flat().find((r) => r.chat_key === key)?.count ?? 0;
  }, chatKey);

/** A member's name as system lines show it: isolated (FSI … PDI) from the sentence's direction. */
const isolated = (name: string) => `\u2068${name}\u2069`;
const named = (name: string, rest: string) => `${isolated(name)} ${rest}`;

const texts = (page: Page) => page.getByTestId('messages').getByTestId('message').locator('.chat-bubble').allTextContents();

test('Two members chat live, both ways', async ({ browser }) => {
  const amal = await member(await browser.newContext(), 'amal@example.org');
  const karim = await member(await browser.newContext(), 'karim@example.org');
  await open(amal, /Karim/);
  await say(amal, 'Hello Karim');
  await expect(karim.getByTestId('chat-badge')).toHaveText('1');
  await open(karim, /Amal/);
  await expect(karim.getByTestId('messages')).toContainText('Hello Karim');
  await expect(karim.getByTestId('chat-badge')).toHaveCount(0);
  await say(karim, 'مرحبا Amal');
  await expect(amal.getByTestId('messages')).toContainText('مرحبا Amal');
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(0);
  // Amal has the conversation open: what arrives is read at once, on the server too, and no badge shows.
  const chatKey = new URL(amal.url()).searchParams.get('c')!;
  await expect.poll(() => unreadOnServer(amal, chatKey)).toBe(0);
  await amal.waitForTimeout(500);
  await expect(amal.getByRole('link', { name: /Karim/ }).getByTestId('unread-badge')).toHaveCount(0);
});

test('Twenty messages written offline survive a reload and arrive once, in order, when the connection returns', async ({ browser }) => {
  const amalContext = await browser.newContext();
  const amal = await member(amalContext, 'amal@example.org');
  const link = await cuttable(amal);
  await amal.reload();
  await expect(amal.getByTestId('connection')).toHaveText(/Online/, { timeout: 20_000 });
  const karim = await member(await browser.newContext(), 'karim@example.org');
  await open(amal, /Karim/);
  await open(karim, /Amal/);

  await link.cutOff();
  await expect(amal.getByTestId('connection')).not.toHaveText(/Online/);
  const sent = Array.from({ length: 20 }, (_, i) => `offline ${i + 1}`);
  for (const text of sent) await say(amal, text);
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(20);
  await expect(amal.getByTestId('queued')).toContainText('20');

  await amal.reload();
  await open(amal, /Karim/);
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(20);
  expect((await texts(amal)).slice(-20)).toEqual(sent);

  link.restore();
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(karim.getByTestId('messages')).toContainText('offline 20');
  expect((await texts(karim)).filter((t) => t.startsWith('offline '))).toEqual(sent);
  expect((await serverHistory(karim, 'getOfflineFriendsMessage')).filter((t) => t.startsWith('offline '))).toEqual(sent);
  await expect.poll(async () => (await texts(amal)).filter((t) => t.startsWith('offline '))).toEqual(sent);
});

test('A server restart in the middle of a burst loses nothing and doubles nothing', async ({ browser }) => {
  const amal = await member(await browser.newContext(), 'amal@example.org');
  const mei = await member(await browser.newContext(), 'mei@example.org');
  await open(amal, /Mei/);
  const burst = Array.from({ length: 30 }, (_, i) => `burst ${i + 1}`);
  for (const text of burst.slice(0, 10)) await say(amal, text);
  const restarting = server.restart();
  for (const text of burst.slice(10)) await say(amal, text);
  await restarting;
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(0, { timeout: 45_000 });
  await expect(amal.getByTestId('connection')).toHaveText(/Online/, { timeout: 30_000 });
  expect((await serverHistory(mei, 'getOfflineFriendsMessage')).filter((t) => t.startsWith('burst '))).toEqual(burst);
  await open(mei, /Amal/);
  await expect(mei.getByTestId('messages')).toContainText('burst 30');
  expect((await texts(mei)).filter((t) => t.startsWith('burst '))).toEqual(burst);
});

test('A group of three: created in the app, messages reach everyone, unread badges clear when opened', async ({ browser }) => {
  const amal = await member(await browser.newContext(), 'amal@example.org');
  const karim = await member(await browser.newContext(), 'karim@example.org');
  const mei = await member(await browser.newContext(), 'mei@example.org');
  await amal.getByRole('button', { name: 'New group' }).click();
  const dialog = amal.getByRole('dialog');
  await dialog.getByLabel('Group name').fill('Project team');
  await dialog.getByRole('checkbox').nth(0).check();
  await dialog.getByRole('checkbox').nth(1).check();
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(amal.getByRole('heading', { level: 2, name: 'Project team' })).toBeVisible();
  await expect(amal.getByTestId('messages')).toContainText(named('Amal Haddad', 'created the group'));

  await open(mei, /Project team/);
  await say(mei, 'Hello team');
  await expect(amal.getByTestId('messages')).toContainText('Hello team');
  await expect(karim.getByTestId('chat-badge')).toHaveText('1');
  await open(karim, /Project team/);
  await expect(karim.getByTestId('messages')).toContainText('Hello team');
  await expect(karim.getByTestId('chat-badge')).toHaveCount(0);
  await karim.screenshot({ path: 'test-results/screens/chat-group.png' });
});

test('An event’s room: a participant joins from the list, reads its history, talks live with the organiser, writes offline, and leaves', async ({ browser }) => {
  const amal = await member(await browser.newContext(), 'amal@example.org');
  const link = await cuttable(amal);
  await amal.reload();
  await expect(amal.getByTestId('connection')).toHaveText(/Online/, { timeout: 20_000 });
  const karim = await member(await browser.newContext(), 'karim@example.org');
  const summit = /Global Leaders Summit 2026/;
  const activities = amal.getByRole('region', { name: 'Chats of your activities' });
  // Demo data: Amal attends the summit (room open, not entered) and is in the course's room.
  await expect(activities).toContainText('Global Leaders Summit 2026');
  await expect(amal.getByRole('link', { name: /Public speaking for young leaders/ })).toContainText('Course');

  await amal.getByRole('button', { name: 'Join the chat of Global Leaders Summit 2026' }).click();
  await expect(amal.getByRole('heading', { level: 2, name: summit })).toBeVisible();
  await expect(amal.getByTestId('messages')).toContainText('Yes — every hour from 7:00');
  await expect(amal.getByTestId('messages')).toContainText(named('Amal Haddad', 'joined the chat'));
  await expect(activities).not.toContainText('Global Leaders Summit');
  await amal.screenshot({ path: 'test-results/screens/chat-activity-room.png' });

  await say(amal, 'Hello summit');
  await expect(karim.getByRole('link', { name: summit }).getByTestId('unread-badge')).toHaveText('1');
  await open(karim, summit);
  await expect(karim.getByTestId('messages')).toContainText('Hello summit');
  await expect(karim.getByRole('link', { name: summit }).getByTestId('unread-badge')).toHaveCount(0);
  await say(karim, 'Welcome Amal!');
  await expect(amal.getByTestId('messages')).toContainText('Welcome Amal!');

  // Offline: written in the room, kept across a reload, sent in order when the server is back.
  await link.cutOff();
  await expect(amal.getByTestId('connection')).not.toHaveText(/Online/);
  const sent = Array.from({ length: 5 }, (_, i) => `summit offline ${i + 1}`);
  for (const text of sent) await say(amal, text);
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(5);
  await amal.reload();
  await open(amal, summit);
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(5);
  link.restore();
  await expect(amal.locator('[data-state="pending"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(karim.getByTestId('messages')).toContainText('summit offline 5');
  expect((await texts(karim)).filter((t) => t.startsWith('summit offline '))).toEqual(sent);

  // The organiser is named as such; leaving puts the room back among those to join.
  await amal.getByRole('button', { name: 'Chat details' }).click();
  const details = amal.getByRole('dialog');
  await expect(details.getByRole('listitem').filter({ hasText: 'Karim Mansour' })).toContainText('Organiser');
  await details.getByRole('button', { name: 'Leave chat' }).click();
  await amal.getByRole('alertdialog').getByRole('button', { name: 'Leave chat' }).click();
  await expect(activities).toContainText('Global Leaders Summit 2026');
  await expect(karim.getByTestId('messages')).toContainText(named('Amal Haddad', 'left the chat'));
});

test('Activity rooms in Arabic, dark, on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark', locale: 'ar' });
  const amal = await member(context, 'amal@example.org');
  await amal.getByTestId('language-select').first().selectOption('ar');
  await expect(amal.locator('html')).toHaveAttribute('dir', 'rtl');
  const activities = amal.getByRole('region', { name: 'دردشات أنشطتك' });
  await expect(activities).toContainText('MENA area council');
  await expect(activities).toContainText('اجتماع');
  await amal.screenshot({ path: 'test-results/screens/chat-activities-ar.png' });
  // The meeting's room opens when its organiser (Amal) is the first to join.
  await activities.getByRole('button', { name: /MENA area council/ }).click();
  await expect(amal.getByTestId('messages')).toContainText(`انضم ${isolated('Amal Haddad')} إلى الدردشة`);
  await amal.screenshot({ path: 'test-results/screens/chat-activity-room-ar.png' });
});
