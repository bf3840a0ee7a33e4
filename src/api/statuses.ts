import { QUIET_STATUSES, Status } from '../../schemas/status.ts';

/**
 * What the client does with each answer status: spec section 8, as one table so the rule can be
 * read and tested in one place.
 */
export type StatusEffect =
  | { kind: 'resolve'; popup: boolean }
  | { kind: 'signOut' }
  | { kind: 'silent' }
  | { kind: 'warn' }
  | { kind: 'quiet' };

/** Success messages that never pop up even when the server sets is_popup. */
export const STANDARD_SUCCESS_MESSAGES = new Set([
  'success',
  'ok',
  'operation successful',
  'successful operation',
  'request successful',
]);

export const effectOf = (status: number, isPopup: boolean, msg: string): StatusEffect => {
  if (status === Status.ok) {
    return { kind: 'resolve', popup: isPopup && msg.trim() !== '' && !STANDARD_SUCCESS_MESSAGES.has(msg.trim().toLowerCase()) };
  }
  if (status === Status.tokenInvalid) return { kind: 'signOut' };
  if (status === Status.silent) return { kind: 'silent' };
  if (status === Status.refused) return { kind: 'warn' };
  if (QUIET_STATUSES.includes(status)) return { kind: 'quiet' };
  return { kind: 'warn' };
};
