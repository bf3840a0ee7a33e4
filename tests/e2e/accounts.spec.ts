import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { expect, signIn, signUp, solveCaptcha, test, uniqueEmail } from './fixtures.ts';

/**
 * Accounts end to end (issue #3): two-step verification with an authenticator app (the test
 * computes the TOTP code from the secret the page shows, as the app would), the lock after six
 * wrong codes and the way back in, and a password reset by the link in the written mail.
 */
const PASSWORD = 'Journey2026a';
const ANSWERS = ['Harbour School', 'Pepper', 'Olive Street'];

/** TOTP codes are good once per 30-second step: wait for a step after the last one used. */
let lastStep = 0;
const freshCode = async (secret: string) => {
  let step = Math.floor(Date.now() / 30_000);
  while (step <= lastStep) {
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  lastStep = step;
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
};

const mailsTo = async (page: Page, to: string) => {
  const res = await page.request.get('/dev/mail.json');
  const { mails } = (await res.json()) as { mails: { to: string; subject: string; text: string }[] };
  return mails.filter((m) => m.to === to);
};

const signOutFromSettings = async (page: Page) => {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in1/);
};

test.describe('Accounts: two-step verification, the lock, and getting back in', () => {
  test('A member turns on an authenticator, signs in with its code, is locked by six wrong codes and unlocks with the security questions', async ({ page }) => {
    test.setTimeout(240_000);
    const member = { email: uniqueEmail('totp'), password: PASSWORD, name: 'Journey Member' };
    await signUp(page, member);
    await expect(page).toHaveURL(/\/newsfeeds$/);

    // Security questions first, so a lock can be undone without mail.
    await page.goto('/settings');
    const security = page.getByRole('region', { name: 'Security' });
    await expect(security.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await security.getByRole('button', { name: 'Choose security questions' }).click();
    for (const [i, answer] of ANSWERS.entries()) {
      await security.locator(`select[name="question_${i + 1}"]`).selectOption({ index: [1, 3, 8][i]! });
      await security.locator(`input[name="answer_${i + 1}"]`).fill(answer);
    }
    await security.locator('input[name="questions_password"]').fill(PASSWORD);
    await security.getByRole('button', { name: 'Save the questions' }).click();
    await expect(security.getByText('Your security questions are saved.')).toBeVisible();

    // The authenticator: the QR code and its key; the code computed from the key turns it on.
    await security.getByRole('button', { name: 'Use an authenticator app' }).click();
    await expect(security.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = (await security.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await security.locator('input[name="two_factor_code"]').fill(await freshCode(secret));
    await security.getByRole('button', { name: 'Turn on' }).click();
    await expect(security.getByText('Two-step verification with your authenticator app is on.')).toBeVisible();
    await expect(security.getByTestId('two-factor-state')).toContainText('authenticator app');

    // Signing in now asks for the code.
    await signOutFromSettings(page);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/auth\/authentication$/);
    await expect(page.getByText('Open your authenticator app')).toBeVisible();
    await page.locator('input[name="code"]').fill(await freshCode(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/newsfeeds$/);

    // Six wrong codes in a row lock the account.
    await signOutFromSettings(page);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/auth\/authentication$/);
    const right = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) {
      // Buttons ignore clicks for 3 s after one (spec section 9), as a member would notice too.
      if (i > 1) await page.waitForTimeout(3_100);
      await page.locator('input[name="code"]').fill(wrong);
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(page.getByText(`Wrong codes left before the account locks: ${6 - i}.`)).toBeVisible({ timeout: 15_000 });
    }
    await page.waitForTimeout(3_100);
    await page.locator('input[name="code"]').fill(wrong);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/locked$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is locked' })).toBeVisible();

    // The security questions unlock it; then the member signs in with a code again.
    await page.getByRole('link', { name: 'Unlock with my security questions' }).click();
    await expect(page).toHaveURL(/\/auth\/account-recovery-before$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock your account' })).toBeVisible();
    const fields = page.locator('main input[name^="answer-"]');
    await expect(fields).toHaveCount(3);
    for (const [i, answer] of ANSWERS.entries()) await fields.nth(i).fill(answer.toUpperCase());
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page).toHaveURL(/\/auth\/account-recovery-after$/);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/auth\/authentication$/);
    await page.locator('input[name="code"]').fill(await freshCode(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/newsfeeds$/);

    // The history shows the lock and the sign-ins.
    await page.goto('/settings');
    const history = page.getByRole('list', { name: 'Sign-in history' });
    await expect(history.getByText('Account locked').first()).toBeVisible();
    await expect(history.getByText('Signed in').first()).toBeVisible();
  });

  test('A forgotten password is reset by following the link in the written mail', async ({ page }) => {
    const member = { email: uniqueEmail('reset'), password: PASSWORD, name: 'Reset Member' };
    await signUp(page, member);
    await expect(page).toHaveURL(/\/newsfeeds$/);
    await signOutFromSettings(page);

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/auth\/password-reset-before$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.locator('input[name="email"]').fill(member.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${member.email}`);

    await expect.poll(async () => (await mailsTo(page, member.email)).filter((m) => m.subject === 'Reset your password').length).toBe(1);
    const [mail] = (await mailsTo(page, member.email)).filter((m) => m.subject === 'Reset your password');
    const link = /https?:\/\/\S+\/auth\/password-reset\?token=\S+/.exec(mail!.text)![0];
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.locator('input[name="password"]').fill('Renewed2026b');
    await page.locator('input[name="confirm_password"]').fill('Renewed2026b');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Your password is changed')).toBeVisible();

    // The link works once; the old password no longer signs in, the new one does.
    await page.goto(link);
    await page.locator('input[name="password"]').fill('Another2026c');
    await page.locator('input[name="confirm_password"]').fill('Another2026c');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('This link has expired or was already used.')).toBeVisible();

    await page.goto('/auth/sign-in1');
    const usedCaptcha = await page.locator('img[data-captcha-id]').getAttribute('data-captcha-id');
    await signIn(page, member.email, member.password, { wait: false });
    await expect(page.getByRole('alert').filter({ hasText: 'The e-mail or the password is incorrect.' })).toBeVisible();
    // Each try uses the captcha up; a new picture comes, and the button takes clicks again after 3 s.
    await expect(page.locator('img[data-captcha-id]')).not.toHaveAttribute('data-captcha-id', usedCaptcha!);
    await page.waitForTimeout(3_100);
    await page.locator('input[name="captcha_code"]').fill(await solveCaptcha(page));
    await page.locator('input[name="password"]').fill('Renewed2026b');
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/newsfeeds$/);
  });
});
