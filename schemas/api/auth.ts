import { Type } from '@sinclair/typebox';
import { defineCall } from '../call.ts';
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

export const UserInfo = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
});

const SignedIn = Type.Object({ token: Type.String(), user_info: UserInfo });

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
});

export const login = defineCall({
  name: 'login',
  group: 'Auth',
  method: 'POST',
  base: 'main',
  enc: 1,
  public: true,
  summary: 'Signs a member in with e-mail and password.',
  body: Type.Object(
    {
      email: Type.String({ minLength: 1, maxLength: EMAIL_MAX, 'x-rule': 'cannot be empty' }),
      password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-rule': 'cannot be empty' }),
      ...CaptchaFields,
    },
    { additionalProperties: false },
  ),
  data: SignedIn,
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
