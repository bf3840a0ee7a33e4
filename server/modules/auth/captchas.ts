import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';
import { ApiError } from '../../http/answer.ts';
import { Status } from '../../../schemas/status.ts';

export const CAPTCHA_TTL_S = 600;
const hash = (answer: string) => crypto.createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/**
 * Answers of recent captchas, kept only when development tools are on, so automated browser
 * tests can read them from /dev/captcha/:id. Never filled in production.
 */
export const devCaptchaAnswers = new Map<string, string>();

export const createCaptcha = async (db: Db, devTools: boolean) => {
  const { text, data } = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1lIi', color: true, background: '#f4f1ea' });
  const id = crypto.randomUUID();
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ id, answerHash: hash(text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_S * 1000) });
  if (devTools) {
    devCaptchaAnswers.set(id, text);
    if (devCaptchaAnswers.size > 1000) devCaptchaAnswers.delete(devCaptchaAnswers.keys().next().value!);
  }
  return {
    captcha_id: id,
    image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
    expires_in: CAPTCHA_TTL_S,
  };
};

/** Checks an answer once: right or wrong, the captcha is used up, so it cannot be guessed at. */
export const checkCaptcha = async (db: Db, id: string, answer: string): Promise<void> => {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ answerHash: captchas.answerHash });
  devCaptchaAnswers.delete(id);
  if (!row || row.answerHash !== hash(answer)) {
    throw new ApiError(Status.validation, 'captchaWrong');
  }
};
