import type { Browser, Page } from '@playwright/test';
import { expect, goOffline, goOnline, screenshot, signIn, test } from './fixtures.ts';

/**
 * Community journeys on the demo data (server seeded on first start): Amal and Karim are
 * friends; Karim leads the Public Speaking Circle, where Amal, Ziad and Maya are members; the
 * chapters run from Young Leaders International down to Beirut Cedars.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Members2026';
/** An 8×8 PNG: the server checks a picture by its bytes, so this must be a real one. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQqziBFTEMLQkABkZXgRDDjAEAAAAASUVORK5CYII=', 'base64');

const member = async (browser: Browser, email: string): Promise<Page> => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 1600 } })).newPage();
  await signIn(page, email, PASSWORD);
  return page;
};

const postCard = (page: Page, text: string) => page.getByTestId('post').filter({ hasText: text });

/** What the server holds, asked the way the app asks (with the page's own token). */
const call = <T,>(page: Page, name: string, body: unknown) =>
  page.evaluate(
    async ([n, b]) => {
      const token = JSON.parse(localStorage.getItem('mn.token')!) as string;
      const res = await fetch(`/api/${n}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(b) });
      return ((await res.json()) as { data: unknown }).data;
    },
    [name, body] as const,
  ) as Promise<T>;

let amal: Page;
let karim: Page;
const stamp = Date.now();

test.beforeAll(async ({ browser }) => {
  amal = await member(browser, 'amal@example.org');
  karim = await member(browser, 'karim@example.org');
});

test('A member posts with a photo; a friend likes and comments, and the author is notified live', async () => {
  const text = `Our robotics workshop ${stamp}`;
  await amal.goto('/newsfeeds');
  await amal.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await amal.getByTestId('image-input').setInputFiles({ name: 'workshop.png', mimeType: 'image/png', buffer: PNG });
  await expect(amal.locator('.cm-thumb[data-state="done"]')).toHaveCount(1);
  await amal.getByRole('button', { name: 'Post', exact: true }).click();
  const mine = postCard(amal, text);
  await expect(mine).toHaveCount(1);
  await expect(mine.locator('.cm-post-images img')).toHaveCount(1);
  const badge = amal.getByTestId('notification-badge');
  const before = Number((await badge.textContent({ timeout: 2000 }).catch(() => '0')) || 0);

  await karim.goto('/newsfeeds');
  const seen = postCard(karim, text);
  await expect(seen).toHaveCount(1);
  await seen.getByTestId('like').click();
  await expect(seen.getByTestId('like')).toHaveAttribute('aria-pressed', 'true');
  await seen.getByTestId('comments-toggle').click();
  await seen.getByPlaceholder('Write a comment').fill('Count me in!');
  await seen.getByRole('button', { name: 'Send' }).click();
  await expect(seen.getByTestId('comment').filter({ hasText: 'Count me in!' })).toHaveCount(1);

  // Without reloading, Amal's badge counts the like and the comment.
  await expect(badge).toHaveText(String(before + 2), { timeout: 15_000 });
  await amal.getByRole('link', { name: /Notifications/ }).click();
  await expect(amal.getByTestId('notification').filter({ hasText: 'Karim Mansour liked your post' }).first()).toBeVisible();
  await expect(amal.getByTestId('notification').filter({ hasText: 'Karim Mansour commented on your post' }).first()).toBeVisible();
  await screenshot(amal, 'community-notifications');
});

test('A friend likes and comments while offline; back online, the author sees each exactly once', async () => {
  const text = `Offline test post ${stamp}`;
  const created = await call<{ post_id: number }>(amal, 'createPost', { content: text, visibility: 'public' });
  await karim.goto('/newsfeeds');
  const card = postCard(karim, text);
  await expect(card).toHaveCount(1);

  await goOffline(karim);
  await card.getByTestId('like').click();
  await expect(card.getByTestId('like')).toHaveAttribute('aria-pressed', 'true');
  await card.getByTestId('comments-toggle').click();
  // Enter sends (the Send button keeps its 3-second lock against double clicks).
  for (const words of ['First offline comment', 'Second offline comment']) {
    await card.getByPlaceholder('Write a comment').fill(words);
    await card.getByPlaceholder('Write a comment').press('Enter');
    await expect(card.getByTestId('pending-comment').filter({ hasText: words })).toHaveCount(1);
  }
  await expect(card.getByTestId('pending-comment')).toHaveCount(2);
  await expect(card.getByTestId('pending-comment').first()).toContainText('Waiting to be sent');
  await screenshot(karim, 'community-offline-pending');

  await goOnline(karim);
  await expect(card.getByTestId('pending-comment')).toHaveCount(0, { timeout: 20_000 });
  await expect(card.getByTestId('comment')).toHaveCount(2);
  await expect(card.getByTestId('like')).toHaveAttribute('aria-pressed', 'true');

  // The server holds one like and each comment once; Amal sees them once.
  const post = await call<{ like_count: number; comment_count: number }>(amal, 'getPostInfo', { post_id: created.post_id });
  expect(post).toMatchObject({ like_count: 1, comment_count: 2 });
  await amal.goto(`/newsfeeds/${created.post_id}`);
  const hers = postCard(amal, text);
  await expect(hers.getByTestId('comment').filter({ hasText: 'First offline comment' })).toHaveCount(1);
  await expect(hers.getByTestId('comment').filter({ hasText: 'Second offline comment' })).toHaveCount(1);
  await expect(hers.getByTestId('like')).toContainText('1 like');
});

test('A club administrator removes a member and promotes another to administrator', async () => {
  // Karim, who leads the Public Speaking Circle, makes Amal an administrator.
  await karim.goto('/club');
  await karim.getByRole('tab', { name: 'My clubs' }).click();
  await karim.getByRole('link', { name: 'Public Speaking Circle' }).click();
  await karim.getByRole('tab', { name: 'Members' }).click();
  await karim.getByRole('button', { name: 'Make administrator: Amal Haddad' }).click();
  await karim.getByRole('alertdialog').getByRole('button', { name: 'Make administrator' }).click();
  await expect(karim.getByTestId('club-person').filter({ hasText: 'Amal Haddad' })).toContainText('Administrator');

  // Amal, now an administrator, removes Maya and promotes Ziad.
  await amal.goto('/club');
  await amal.getByRole('tab', { name: 'My clubs' }).click();
  await amal.getByRole('link', { name: 'Public Speaking Circle' }).click();
  await amal.getByRole('tab', { name: 'Members' }).click();
  await amal.getByRole('button', { name: 'Remove: Maya Aoun' }).click();
  await expect(amal.getByRole('alertdialog')).toContainText('Remove Maya Aoun from the club?');
  await amal.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(amal.getByTestId('club-person').filter({ hasText: 'Maya Aoun' })).toHaveCount(0);
  await amal.getByRole('button', { name: 'Make administrator: Ziad Nassar' }).click();
  await amal.getByRole('alertdialog').getByRole('button', { name: 'Make administrator' }).click();
  await expect(amal.getByTestId('club-person').filter({ hasText: 'Ziad Nassar' })).toContainText('Administrator');
  // An administrator cannot act on another administrator or the leader: no buttons for them.
  await expect(amal.getByRole('button', { name: 'Remove: Ziad Nassar' })).toHaveCount(0);
  await expect(amal.getByRole('button', { name: 'Remove: Karim Mansour' })).toHaveCount(0);
  await amal.getByRole('radio', { name: 'Administrators' }).check();
  await expect(amal.getByTestId('club-person')).toHaveCount(3);
  await screenshot(amal, 'community-club-admin');
});

test('The chapter hierarchy is navigable from the global channel down to a local one', async () => {
  await amal.getByRole('link', { name: 'Organisation' }).click();
  await expect(amal.getByRole('heading', { name: 'Organisation', level: 1 })).toBeVisible();
  const steps: [string, string][] = [
    ['Young Leaders International', 'Africa and the Middle East'],
    ['Africa and the Middle East', 'Lebanon'],
    ['Lebanon', 'Beirut'],
    ['Beirut', 'Beirut Cedars'],
  ];
  for (const [at, next] of steps) {
    await amal.getByTestId('channel-card').filter({ hasText: at }).getByRole('link', { name: `Chapters below ${at}` }).click();
    await expect(amal.getByTestId('channel-card').filter({ hasText: next }).first()).toBeVisible();
  }
  await amal.getByRole('link', { name: 'Beirut Cedars', exact: true }).click();
  await expect(amal.getByRole('heading', { name: 'Beirut Cedars', level: 1 })).toBeVisible();
  const trail = amal.getByRole('navigation', { name: 'Where this is in the organisation' });
  await expect(trail).toContainText('Young Leaders International');
  await expect(trail).toContainText('Lebanon');
  // Amal sits on its board: she posts as the channel.
  await expect(amal.getByText('You are on the board')).toBeVisible();
  await trail.getByRole('link', { name: 'Lebanon' }).click();
  await expect(amal.getByRole('heading', { name: 'Lebanon', level: 1 })).toBeVisible();
  await screenshot(amal, 'community-chapter');
});
