import { Status } from '../../../schemas/status.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, refuse } from '../../http/answer.ts';
import { OWN_PASSWORD_FAILURES_MAX, OWN_PASSWORD_FAILURES_WINDOW_MS } from './limits.ts';
import { verifyPassword } from './passwords.ts';
import { clearFailures, failuresSince, key, recordFailure } from './throttle.ts';

/**
 * A signed-in member confirming their own password before a sensitive change. Wrong entries are
 * counted per account; past the limit even the right one waits (9988).
 */
export const confirmOwnPassword = async (
  db: Db,
  user: { id: number; passwordHash: string },
  password: string,
  wrongKey: 'passwordWrong' | 'oldPasswordWrong' = 'passwordWrong',
): Promise<void> => {
  const counter = key('own-password', user.id);
  if ((await failuresSince(db, counter, OWN_PASSWORD_FAILURES_WINDOW_MS)) >= OWN_PASSWORD_FAILURES_MAX) {
    throw new ApiError(Status.rateLimited, 'tooManyPasswordTries');
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordFailure(db, [counter]);
    throw refuse(wrongKey);
  }
  await clearFailures(db, counter);
};
