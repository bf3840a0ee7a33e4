import { Type } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';
import { EMAIL_MAX, NICK_NAME_MAX, PASSWORD_MAX, PASSWORD_PATTERN } from '../rules.ts';

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: EMAIL_MAX, 'x-rule': 'must be an e-mail address' });
export const Password = Type.String({
  pattern: PASSWORD_PATTERN,
  maxLength: PASSWORD_MAX,
  'x-rule': 'must have at least 8 characters with a number, an uppercase and a lowercase letter',
});
const CaptchaFields = {
  captcha_id: Type.String({ format: 'uuid', 'x-rule': 'must be the id from the captcha call' }),
  captcha_code: Type.String({ minLength: 1, maxLength: 12 }),
};
/** A token handed over by an earlier step (sign-in, a mail link): 256 random bits, base64url. */
export const StepToken = Type.String({ minLength: 40, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', 'x-rule': 'must be the token from the previous step' });
/** A six-digit code from an authenticator app or an e-mail. */
export const Code = Type.String({ pattern: '^[0-9]{6}$', 'x-rule': 'must be 6 digits' });
export const SecondFactorType = StringEnum(['google', 'email'] as const);
export const TwoFactorState = StringEnum(['off', 'google', 'email'] as const);

export const UserInfo = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
});

const SignedIn = Type.Object({ token: Type.String(), user_info: UserInfo });

/** A security question as shown to the member, in the language of the request. */
export const Question = Type.Object({ id: Type.Integer(), question: Type.String() });
export const Answers = Type.Array(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      answer: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', 'x-rule': 'cannot be empty' }),
    },
    { additionalProperties: false },
  ),
  { minItems: 3, maxItems: 3, 'x-rule': 'must answer 3 questions' },
);

/** `data` of a 10087 answer to login: the password was right; the second factor comes next. */
export const SecondFactorChallenge = Type.Object({
  login_token: Type.String({ description: 'valid 10 minutes, only for login2fa, getLoginProblem, problemLogin, emailGet2faStatus' }),
  type: SecondFactorType,
  /** The address codes go to, partly hidden (a***@example.org). */
  email: Type.String(),
  expires_in: Type.Integer({ description: 'seconds' }),
});
/** `data` of a 10088 answer: the account is locked; this token unlocks it with the security questions. */
export const LockedAccount = Type.Object({
  unlock_token: Type.String({ description: 'valid 30 minutes, for getUnfreezeProblem and applyUnfreeze' }),
  has_questions: Type.Boolean(),
});
/** `data` of a 10089 answer: the account was deleted and can be reactivated until `erase_after`. */
export const FrozenAccount = Type.Object({
  reactivate_token: Type.String({ description: 'valid 30 minutes, for reactivate' }),
  erase_after: Type.String({ format: 'date-time' }),
});

export const captcha = defineCall({
  name: 'captcha',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: 'A new image captcha; its answer can be checked once, within 10 minutes.',
  body: Type.Object({}),
  data: Type.Object({
    captcha_id: Type.String({ format: 'uuid' }),
    image: Type.String({ description: 'data:image/svg+xml URL' }),
    expires_in: Type.Integer({ description: 'seconds' }),
  }),
});

export const register = defineCall({
  name: 'register',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: 2,
  public: true,
  summary: 'Creates a member account and signs it in.',
  body: Type.Object(
    {
      email: Email,
      password: Password,
      confirm_password: Type.String({ maxLength: PASSWORD_MAX }),
      nick_name: Type.String({ minLength: 1, maxLength: NICK_NAME_MAX, pattern: '\\S', 'x-rule': 'cannot be empty' }),
      agree: Type.Literal(true, { 'x-rule': 'the terms and the privacy policy must be accepted' }),
      ...CaptchaFields,
    },
    { additionalProperties: false },
  ),
  data: SignedIn,
  access: { captcha_id: 'any' },
});

export const login = defineCall({
  name: 'login',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: 1,
  public: true,
  summary:
    'Signs a member in with e-mail and password. With two-factor on it answers 10087 with a SecondFactorChallenge; a locked account 10088 with LockedAccount; a deleted one 10089 with FrozenAccount. Throttled: 100 failures an hour per account, 20 in 10 minutes per address (9988).',
  body: Type.Object(
    {
      email: Type.String({ minLength: 1, maxLength: EMAIL_MAX, 'x-rule': 'cannot be empty' }),
      password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-rule': 'cannot be empty' }),
      ...CaptchaFields,
    },
    { additionalProperties: false },
  ),
  data: SignedIn,
  access: { captcha_id: 'any' },
});

export const login2fa = defineCall({
  name: 'login2fa',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: 1,
  public: true,
  summary:
    'Finishes a sign-in with the authenticator or e-mail code. A wrong code is refused with the tries left; the 6th wrong code in a row locks the account (10088 with LockedAccount).',
  body: Type.Object({ login_token: StepToken, code: Code }, { additionalProperties: false }),
  data: SignedIn,
});

export const emailGet2faStatus = defineCall({
  name: 'emailGet2faStatus',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary:
    "Two-factor status. With a login_token: the sign-in's second factor, and with resend a new e-mail code (one a minute). Signed in without one: the member's own security settings.",
  body: Type.Object(
    { login_token: Type.Optional(StepToken), resend: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  data: Type.Object({
    two_factor: TwoFactorState,
    /** Partly hidden during sign-in; in full for the signed-in member. */
    email: Type.String(),
    code_sent: Type.Boolean(),
    resend_in: Type.Integer({ description: 'seconds until another code may be sent' }),
    has_payment_password: Type.Optional(Type.Boolean()),
    has_security_questions: Type.Optional(Type.Boolean()),
  }),
});

export const getLoginProblem = defineCall({
  name: 'getLoginProblem',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: "The member's security questions, to sign in with them when the second factor cannot be used.",
  body: Type.Object({ login_token: StepToken }, { additionalProperties: false }),
  data: Type.Object({ questions: Type.Array(Question) }),
});

export const problemLogin = defineCall({
  name: 'problemLogin',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: 1,
  public: true,
  summary: 'Finishes a sign-in with the answers to the security questions; wrong answers count as a failed second factor.',
  body: Type.Object({ login_token: StepToken, answers: Answers }, { additionalProperties: false }),
  data: SignedIn,
  access: { 'answers[].id': 'any' },
});

export const forgotPassword = defineCall({
  name: 'forgotPassword',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: 'Mails a password-reset link (valid 1 hour, single use). Answers the same whether or not the address is registered.',
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  data: Type.Null(),
});

export const resetPassword = defineCall({
  name: 'resetPassword',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: 'Sets a new password with the token of the reset link; every session of the account ends.',
  body: Type.Object(
    { token: StepToken, password: Password, confirm_password: Type.String({ maxLength: PASSWORD_MAX }) },
    { additionalProperties: false },
  ),
  data: Type.Null(),
});

export const getUnfreezeProblem = defineCall({
  name: 'getUnfreezeProblem',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: "A locked account's security questions, with the unlock_token of the 10088 answer.",
  body: Type.Object({ unlock_token: StepToken }, { additionalProperties: false }),
  data: Type.Object({ questions: Type.Array(Question) }),
});

export const applyUnfreeze = defineCall({
  name: 'applyUnfreeze',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: 'Unlocks a locked account with the answers to its security questions (5 wrong sets an hour at most).',
  body: Type.Object({ unlock_token: StepToken, answers: Answers }, { additionalProperties: false }),
  data: Type.Null(),
  access: { 'answers[].id': 'any' },
});

export const reset2fa = defineCall({
  name: 'reset2fa',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary:
    'With an e-mail: mails a link that turns two-factor off (answers alike for unknown addresses). With the token of that link: turns two-factor off and unlocks the account.',
  body: Type.Object({ email: Type.Optional(Email), token: Type.Optional(StepToken) }, { additionalProperties: false }),
  data: Type.Null(),
});

export const reactivate = defineCall({
  name: 'reactivate',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: 'Reactivates a deleted account within its grace period, with the reactivate_token of the 10089 answer, and signs it in.',
  body: Type.Object({ reactivate_token: StepToken }, { additionalProperties: false }),
  data: SignedIn,
});

export const deleteAccount = defineCall({
  name: 'deleteAccount',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: 2,
  summary:
    'Deletes the account after the password is confirmed: unusable at once, every session ends; it can be reactivated for 30 days, then its personal data is erased.',
  body: Type.Object({ password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-rule': 'cannot be empty' }) }, { additionalProperties: false }),
  data: Type.Object({ erase_after: Type.String({ format: 'date-time' }), grace_days: Type.Integer() }),
});

export const signOut = defineCall({
  name: 'signOut',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Ends this session; its token is refused from now on.',
  body: Type.Object({}),
  data: Type.Null(),
});
