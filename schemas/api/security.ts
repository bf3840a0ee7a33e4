import { Type } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';
import { PASSWORD_MAX, PAYMENT_PASSWORD_PATTERN } from '../rules.ts';
import { Answers, Code, Email, Password, Question, SecondFactorType, TwoFactorState } from './auth.ts';

/**
 * The security calls of the "Account and profile" group: password, second factor, security
 * questions, e-mail address, login history and payment password. All need a signed-in member.
 */
/** The login history is read a page at a time, at most 50 entries. */
export const LOGIN_LOG_PAGE_MAX_SIZE = 50;
const PaymentPassword = Type.String({ pattern: PAYMENT_PASSWORD_PATTERN, 'x-rule': 'must be exactly 6 digits' });
const CodeSent = Type.Object({
  /** The address, partly hidden. */
  sent_to: Type.String(),
  expires_in: Type.Integer({ description: 'seconds' }),
  resend_in: Type.Integer({ description: 'seconds until another code may be sent' }),
});

export const updatePassword = defineCall({
  name: 'updatePassword',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: 2,
  summary: 'Changes the password after the current one is confirmed; every other session of the account ends.',
  body: Type.Object(
    {
      old_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-rule': 'cannot be empty' }),
      password: Password,
      confirm_password: Type.String({ maxLength: PASSWORD_MAX }),
    },
    { additionalProperties: false },
  ),
  data: Type.Null(),
});

export const getGoogleQrcode = defineCall({
  name: 'getGoogleQrcode',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'A new authenticator secret with its QR code (RFC 6238, 30 s, 6 digits); bindGoogleToken confirms it within 15 minutes.',
  body: Type.Object({}),
  data: Type.Object({
    secret: Type.String({ description: 'Base32, for typing into the app by hand' }),
    otpauth_url: Type.String(),
    qrcode: Type.String({ description: 'data:image/png URL of the otpauth URL' }),
    expires_in: Type.Integer({ description: 'seconds' }),
  }),
});

export const bindGoogleToken = defineCall({
  name: 'bindGoogleToken',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary:
    'Turns a second factor on: type google with a code from the app for the secret of getGoogleQrcode, or type email with the code sandEditCode sent (purpose two_factor_on).',
  body: Type.Object({ type: SecondFactorType, code: Code }, { additionalProperties: false }),
  data: Type.Object({ two_factor: TwoFactorState }),
});

export const off2faEmail = defineCall({
  name: 'off2faEmail',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Turns the second factor off, confirmed with the e-mail code sandEditCode sent (purpose two_factor_off).',
  body: Type.Object({ code: Code }, { additionalProperties: false }),
  data: Type.Object({ two_factor: TwoFactorState }),
});

export const sandEditCode = defineCall({
  name: 'sandEditCode',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary:
    'Sends a 6-digit code (valid 10 minutes, 5 tries) confirming a security change: edit_email to the new address; two_factor_on and two_factor_off to the current one.',
  body: Type.Object(
    { purpose: StringEnum(['edit_email', 'two_factor_on', 'two_factor_off'] as const), email: Type.Optional(Email) },
    { additionalProperties: false },
  ),
  data: CodeSent,
});

export const editEmail = defineCall({
  name: 'editEmail',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Changes the e-mail address with the code sandEditCode sent to it; the old address is told.',
  body: Type.Object({ email: Email, code: Code }, { additionalProperties: false }),
  data: Type.Object({ email: Type.String() }),
});

export const problemsList = defineCall({
  name: 'problemsList',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'The security questions to choose from, and the ones this member has answered.',
  body: Type.Object({}),
  data: Type.Object({ questions: Type.Array(Question), chosen: Type.Array(Type.Integer()) }),
});

export const login2faProblemAdd = defineCall({
  name: 'login2faProblemAdd',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Saves answers to 3 different security questions (replacing earlier ones), after the password is confirmed.',
  body: Type.Object(
    { password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-rule': 'cannot be empty' }), answers: Answers },
    { additionalProperties: false },
  ),
  data: Type.Null(),
  access: { 'answers[].id': 'any' },
});

export const LoginLogEntry = Type.Object({
  id: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  ip: Type.String(),
  user_agent: Type.String(),
  method: StringEnum(['password', 'authenticator', 'email_code', 'security_questions', 'reactivate'] as const),
  outcome: StringEnum(['ok', 'second_factor_needed', 'wrong_password', 'wrong_code', 'wrong_answers', 'locked', 'frozen'] as const),
});

export const loginLogList = defineCall({
  name: 'loginLogList',
  group: 'Account and profile',
  method: 'GET',
  base: 'main',
  enc: null,
  summary: "The member's sign-in history, newest first.",
  body: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: LOGIN_LOG_PAGE_MAX_SIZE, default: 20 })),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ list: Type.Array(LoginLogEntry), total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer() }),
});

export const verifyPaymentPassword = defineCall({
  name: 'verifyPaymentPassword',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: 2,
  summary: 'Checks the payment password before a payment (5 wrong tries in 15 minutes, then 9988).',
  body: Type.Object({ payment_password: PaymentPassword }, { additionalProperties: false }),
  data: Type.Object({ verified: Type.Boolean() }),
});

export const forgotPaymentPassword = defineCall({
  name: 'forgotPaymentPassword',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "Mails a 6-digit code to set or reset the payment password with resetPaymentPassword.",
  body: Type.Object({}),
  data: CodeSent,
});

export const resetPaymentPassword = defineCall({
  name: 'resetPaymentPassword',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary:
    'Sets the payment password (6 digits): with the code forgotPaymentPassword mailed, or, to change it, with the current payment password.',
  body: Type.Object(
    {
      payment_password: PaymentPassword,
      confirm_payment_password: Type.String({ maxLength: 6 }),
      code: Type.Optional(Code),
      old_payment_password: Type.Optional(PaymentPassword),
    },
    { additionalProperties: false },
  ),
  data: Type.Null(),
});
