import type { Static } from '@sinclair/typebox';
import type { FrozenAccount, LockedAccount, SecondFactorChallenge } from '../../../schemas/api/auth.ts';
import { Status } from '../../../schemas/status.ts';
import type { FormResult } from './form-result.ts';

/**
 * Where an unfinished sign-in stands between its screens: the second factor to enter, the lock
 * to undo, or the deleted account to reactivate (sign-in-store.ts keeps it for the tab).
 */
export type SignInStep =
  | ({ kind: 'second-factor'; redirect?: string; at: number } & Static<typeof SecondFactorChallenge>)
  | ({ kind: 'locked'; at: number } & Static<typeof LockedAccount>)
  | ({ kind: 'frozen'; at: number } & Static<typeof FrozenAccount>);

/** The next step a sign-in answer names (10087, 10088, 10089), with the data the server sent for it. */
export const stepOf = (result: FormResult, redirect?: string, at = Date.now()): SignInStep | null => {
  if (result.ok || !result.data || typeof result.data !== 'object') return null;
  if (result.status === Status.secondFactorRequired) return { kind: 'second-factor', redirect, at, ...(result.data as Static<typeof SecondFactorChallenge>) };
  if (result.status === Status.locked) return { kind: 'locked', at, ...(result.data as Static<typeof LockedAccount>) };
  if (result.status === Status.frozen) return { kind: 'frozen', at, ...(result.data as Static<typeof FrozenAccount>) };
  return null;
};

/** A second-factor step whose login token has not yet expired, else null. */
export const liveSecondFactor = (step: SignInStep | null, now = Date.now()) =>
  step?.kind === 'second-factor' && now < step.at + step.expires_in * 1000 ? step : null;
