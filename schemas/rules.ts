/**
 * Validation rules of spec sections 5 and 9, written once: the server's schemas and the client's
 * forms both use them, so a member sees the same rule before and after sending.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** At least 8 characters with a number, an uppercase and a lowercase letter. */
export const PASSWORD_PATTERN = '^(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z]).{8,128}$';
export const PAYMENT_PASSWORD_PATTERN = '^[0-9]{6}$';
export const EMAIL_MAX = 254;
export const NICK_NAME_MAX = 40;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_SKILLS = 40;
export const SECOND_FACTOR_MAX_FAILURES = 5;

export const isStrongPassword = (value: string): boolean => new RegExp(PASSWORD_PATTERN, 'u').test(value);
/** A light check that matches what members type; the server's `email` format is the authority. */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(value);
