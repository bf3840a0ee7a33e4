/**
 * The status codes of the call envelope, shared by server and client (DESIGN.md, spec section 8).
 * docs/decisions/002-status-codes.md records why each exists.
 */
export const Status = {
  ok: 200,
  tokenInvalid: 952798,
  validation: 4001,
  notFound: 4002,
  forbidden: 4101,
  rateLimited: 9988,
  refused: 9999,
  secondFactorRequired: 10087,
  locked: 10088,
  frozen: 10089,
  maintenance: 999,
  silent: 6027,
} as const;

export type StatusCode = (typeof Status)[keyof typeof Status];

/** Statuses whose response data is encrypted when the request was (spec section 7). */
export const ENCRYPTED_DATA_STATUSES: readonly number[] = [
  Status.ok,
  Status.secondFactorRequired,
  Status.locked,
  Status.frozen,
];

/** Statuses the client shows no extra warning for (spec section 8). */
export const QUIET_STATUSES: readonly number[] = [
  Status.rateLimited,
  Status.forbidden,
  Status.locked,
  Status.secondFactorRequired,
  Status.frozen,
  Status.maintenance,
  Status.validation,
  Status.notFound,
];
