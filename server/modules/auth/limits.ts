/**
 * Every limit of sign-in and account security, in one place so they can be read and changed
 * together. Product spec section 5 fixes some (5 failed second-factor tries lock, 6-digit
 * payment password); the others are our choices, with the reason beside each.
 */

/** More than 5 failed second-factor attempts in a row lock the account (spec section 5). */
export { SECOND_FACTOR_MAX_FAILURES } from '../../../schemas/rules.ts';

/** E-mail codes: 6 digits, valid 10 minutes, void after 5 wrong tries; one new code a minute. */
export const EMAIL_CODE_DIGITS = 6;
export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_MS = 60 * 1000;

/** Links in mails (password reset, two-factor reset): 256-bit tokens, valid 1 hour, single use. */
export const LINK_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The token carrying a sign-in from the password step to the second factor: 10 minutes. */
export const LOGIN_TOKEN_TTL_MS = 10 * 60 * 1000;
/** The token a locked or deleted account gets after its correct password, to unlock or reactivate. */
export const RECOVERY_TOKEN_TTL_MS = 30 * 60 * 1000;

/** TOTP (RFC 6238): 30-second steps, one step of clock drift either way, each step used once. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DRIFT_STEPS = 1;
/** A QR code shown in settings must be confirmed with a code within 15 minutes. */
export const TOTP_PENDING_TTL_MS = 15 * 60 * 1000;
export const TOTP_ISSUER = "Members' network";

/**
 * Sign-in throttling. Per account: at most 100 failed sign-ins an hour (counted by e-mail, so an
 * unknown address is throttled exactly like a known one and reveals nothing). Per address: 20
 * failed sign-ins in 10 minutes, enough for a family behind one router, too few for guessing.
 */
export const ACCOUNT_FAILURES_MAX = 100;
export const ACCOUNT_FAILURES_WINDOW_MS = 60 * 60 * 1000;
export const IP_FAILURES_MAX = 20;
export const IP_FAILURES_WINDOW_MS = 10 * 60 * 1000;

/** Mails asked for by e-mail address (password reset, two-factor reset): 5 an hour per address and per IP 20. */
export const MAIL_REQUESTS_PER_EMAIL = 5;
export const MAIL_REQUESTS_PER_IP = 20;
export const MAIL_REQUESTS_WINDOW_MS = 60 * 60 * 1000;

/** Security-question answers to unlock an account: 5 wrong sets an hour, then wait. */
export const UNLOCK_FAILURES_MAX = 5;
export const UNLOCK_FAILURES_WINDOW_MS = 60 * 60 * 1000;

/** Payment password: 5 wrong entries in 15 minutes block further tries until the window passes. */
export const PAYMENT_FAILURES_MAX = 5;
export const PAYMENT_FAILURES_WINDOW_MS = 15 * 60 * 1000;

/** Security questions: a member answers 3 different ones. */
export const SECURITY_ANSWERS_COUNT = 3;
export const SECURITY_ANSWER_MAX = 100;

/** A deleted account can be reactivated for 30 days; then its personal data is erased. */
export const DELETION_GRACE_DAYS = 30;
export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;
/** The erasing sweep runs at start-up and then every hour. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Confirming one's own password in settings (change password, delete account, security
 * questions): 10 wrong entries an hour, then 9988, so a borrowed session cannot guess it.
 */
export const OWN_PASSWORD_FAILURES_MAX = 10;
export const OWN_PASSWORD_FAILURES_WINDOW_MS = 60 * 60 * 1000;
