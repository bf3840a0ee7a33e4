import { DEMO, chooseLanguage, expect, screenshot, signIn, test } from './fixtures.ts';

test.describe('The app shell, languages, themes and the route guard', () => {
  test('A first visit without a session lands on sign-in, in English, left to right', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/sign-in1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await screenshot(page, 'sign-in-en');
  });

  test('A protected address without a session goes to sign-in and is restored after it', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/sign-in1\?redirect=%2Fsettings$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('Signed in, sign-in redirects home and / opens the news feed', async ({ page }) => {
    await page.goto('/auth/sign-in1');
    await signIn(page);
    await expect(page).toHaveURL(/\/newsfeeds$/);
    await page.goto('/auth/sign-in1');
    await expect(page).toHaveURL(/\/newsfeeds$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/newsfeeds$/);
    await screenshot(page, 'feed-en');
  });

  test('An unknown address shows the error page, signed in or not', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await signIn(page);
    await page.goto('/still-not-a-page');
    await expect(page).toHaveURL(/\/error$/);
    await screenshot(page, 'error-page');
  });

  test('Arabic turns the whole layout right to left, with the navigation on the right', async ({ page }) => {
    await page.goto('/auth/sign-in1');
    await chooseLanguage(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await screenshot(page, 'sign-in-ar');
    await signIn(page);
    await expect(page).toHaveURL(/\/newsfeeds$/);
    const nav = await page.getByTestId('main-nav').boundingBox();
    const width = page.viewportSize()!.width;
    expect(nav!.x).toBeGreaterThan(width / 2);
    await screenshot(page, 'feed-ar');
    // The choice is remembered across a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('Dark mode is one click, and is remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/auth/sign-in1');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(18, 21, 28)');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await signIn(page);
    await screenshot(page, 'feed-dark');
  });

  test('The system theme is followed until the member chooses', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/auth/sign-in1');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('On a 375 px phone the root font is 16/375 of the width and the navigation is a bottom bar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/auth/sign-in1');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px');
    await screenshot(page, 'sign-in-375');
    await signIn(page);
    await expect(page).toHaveURL(/\/newsfeeds$/);
    const nav = await page.getByTestId('main-nav').boundingBox();
    expect(nav!.y + nav!.height).toBeGreaterThan(700);
    await page.setViewportSize({ width: 600, height: 800 });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${(600 * 16) / 375}px`);
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'feed-375');
  });

  test('The settings page shows language, theme and time zone, and signing out asks first', async ({ page }) => {
    await signIn(page);
    await page.goto('/settings');
    await expect(page.getByText(`Signed in as ${DEMO.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await screenshot(page, 'settings-sign-out');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in1$/);
    // The token is gone: the protected page is closed again.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/sign-in1\?redirect=/);
  });

  test('Legal pages are public and written in every language', async ({ page }) => {
    for (const path of ['/privacyAndPolicyAndUser', '/privacyandpolicy', '/CSAE']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
    await chooseLanguage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Child safety standards');
    await screenshot(page, 'csae-fr');
  });
});
