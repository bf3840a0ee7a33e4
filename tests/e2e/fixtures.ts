import { test as base, expect, type Page } from '@playwright/test';

/**
 * Steps a member takes, shared by every spec: sign up, sign in, go offline and back. They go
 * through the real screens; the captcha answer is read from the development-only endpoint.
 */
export const DEMO = { email: 'amal@example.org', password: 'Members2026', name: 'Amal Haddad' };

export const solveCaptcha = async (page: Page) => {
  const img = page.locator('img[data-captcha-id]');
  await expect(img).toBeVisible();
  const id = await img.getAttribute('data-captcha-id');
  const res = await page.request.get(`/dev/captcha/${id}`);
  const { answer } = (await res.json()) as { answer: string };
  return answer;
};

/** The captcha field is the one labelled by the captcha text; fill it with the answer. */
const fillCaptcha = async (page: Page) => {
  await page.locator('input[name="captcha_code"]').fill(await solveCaptcha(page));
};

/** Signs in through the form; by default waits until the app has left the sign-in page. */
export const signIn = async (page: Page, email = DEMO.email, password = DEMO.password, { wait = true } = {}) => {
  if (!page.url().includes('/auth/sign-in1')) await page.goto('/auth/sign-in1');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await fillCaptcha(page);
  await page.locator('button[type="submit"]').click();
  if (wait) await expect(page).not.toHaveURL(/\/auth\/sign-in1/);
};

export const signUp = async (page: Page, member: { email: string; password: string; name: string }) => {
  await page.goto('/auth/sign-up1');
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="nick_name"]').fill(member.name);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="confirm_password"]').fill(member.password);
  await page.locator('input[name="agree"]').check();
  await fillCaptcha(page);
  await page.locator('button[type="submit"]').click();
};

export const uniqueEmail = (prefix = 'member') => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

export const goOffline = (page: Page) => page.context().setOffline(true);
export const goOnline = (page: Page) => page.context().setOffline(false);

/** Picks a language from the header's language menu. */
export const chooseLanguage = async (page: Page, code: string) => {
  await page.getByTestId('language-select').first().selectOption(code);
};

export const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

export const test = base;
export { expect };
