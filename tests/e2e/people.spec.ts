import type { Browser, Page } from '@playwright/test';
import { expect, screenshot, signUp, test, uniqueEmail } from './fixtures.ts';

/** A name no other member has: search finds it by its words. */
const uniqueName = (first: string) => {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${first} Q${letters}`;
};

const newMember = async (browser: Browser, first: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = { email: uniqueEmail(first.toLowerCase()), password: 'Passw0rdOk', name: uniqueName(first) };
  await signUp(page, member);
  await expect(page).toHaveURL(/\/newsfeeds$/);
  return { page, member, close: () => context.close() };
};

/** A picture's bytes: a 1×1 PNG, or `size` bytes that start like a JPEG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const jpegOf = (size: number) => {
  const buf = Buffer.alloc(size, 0x20);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(buf);
  return buf;
};

const friendsTab = async (page: Page) => {
  await page.goto('/friend-request');
  await page.getByRole('tab', { name: 'Friends', exact: true }).click();
  return page.getByTestId('friend-list');
};

test.describe('People', () => {
  test('Two members find each other by search, one asks, the other accepts, and both see each other as friends', async ({ browser }) => {
    const a = await newMember(browser, 'Alma');
    const b = await newMember(browser, 'Bruno');

    // Alma searches for Bruno by the start of his family name, from the friends page.
    await a.page.goto('/friend-request');
    const familyName = b.member.name.split(' ')[1]!;
    await a.page.getByLabel('Name, chapter or skill').fill(familyName.slice(0, 5));
    await a.page.getByRole('button', { name: 'Search' }).click();
    await expect(a.page).toHaveURL(/\/search-result\?keyword=/);
    const hit = a.page.getByTestId('search-results').getByTestId('member-row').filter({ hasText: b.member.name });
    await expect(hit).toBeVisible();
    await hit.getByRole('button', { name: `Send ${b.member.name} a friend request` }).click();
    await expect(hit.getByRole('button', { name: `Cancel your friend request to ${b.member.name}` })).toBeVisible();

    // Alma keeps her friend list open; it updates by itself when Bruno accepts.
    const aliceFriends = await friendsTab(a.page);
    await expect(a.page.getByText('You have no friends here yet', { exact: false })).toBeVisible();

    await b.page.goto('/friend-request');
    const request = b.page.getByTestId('member-row').filter({ hasText: a.member.name });
    await expect(request).toBeVisible();
    await request.getByRole('button', { name: `Accept the friend request of ${a.member.name}` }).click();
    await expect(b.page.getByText('No friend requests are waiting for you.')).toBeVisible();

    const brunoFriends = await friendsTab(b.page);
    await expect(brunoFriends.getByText(a.member.name)).toBeVisible();
    await expect(aliceFriends.getByText(b.member.name)).toBeVisible();
    await screenshot(a.page, 'people-friend-list');

    // Each opens the other's profile from the list and sees they are friends.
    await aliceFriends.getByRole('link', { name: b.member.name }).click();
    await expect(a.page.getByRole('heading', { level: 1, name: b.member.name })).toBeVisible();
    await expect(a.page.getByRole('button', { name: `Remove ${b.member.name} from your friends` })).toBeVisible();
    await a.close();
    await b.close();
  });

  test('A member makes an album, uploads a photo and sees it; a 6 MB photo is refused with a clear message', async ({ browser }) => {
    const m = await newMember(browser, 'Carla');
    const { page } = m;
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: m.member.name })).toBeVisible();
    await page.getByRole('tab', { name: 'Albums' }).click();
    await page.getByRole('button', { name: 'New album' }).click();
    await page.getByLabel('Album name').fill('Summit 2026');
    await page.getByRole('button', { name: 'Create the album' }).click();
    await expect(page.getByRole('heading', { name: 'Summit 2026' })).toBeVisible();

    await page.locator('input[name="photos"]').setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: PNG });
    const photo = page.getByTestId('album-photos').locator('img');
    await expect(photo).toHaveCount(1);
    await expect(photo).toHaveAttribute('src', /^\/uploads\/\d{4}\/[A-Za-z0-9_-]+\.png$/);
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    // Refused before sending: no upload call leaves the browser.
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/uploadImage')) uploads += 1;
    });
    await page.locator('input[name="photos"]').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: jpegOf(6 * 1024 * 1024) });
    await expect(page.getByTestId('upload-error')).toHaveText('huge.jpg is larger than 5 MB. Choose a smaller photo or reduce its size first.');
    expect(uploads).toBe(0);
    await expect(photo).toHaveCount(1);
    await screenshot(page, 'people-album');

    // The server refuses it too, with the limit in the message, whatever the browser says.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('mn.token') ?? 'null') as string);
    const res = await page.request.post('/api/uploadImage', {
      headers: { authorization: token },
      multipart: { file: { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: jpegOf(6 * 1024 * 1024) } },
    });
    expect(res.status()).toBe(413);
    expect(await res.json()).toMatchObject({ status: 4001, msg: 'file: must be at most 5 MB' });
    await m.close();
  });
});
