import { Type, type Static } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';
import { NICK_NAME_MAX } from '../rules.ts';
import { body, ChapterRef, Id, Relation, WhoseBody } from './people.ts';

/**
 * The profile (spec section 3): the card every member shows, the personal details their privacy
 * settings guard, and the settings themselves (privacy and notifications).
 */
export const BIO_MAX = 500;
export const CITY_MAX = 80;
export const TIME_ZONE_MAX = 64;
export const GENDERS = ['male', 'female', 'undisclosed'] as const;
export type Gender = (typeof GENDERS)[number];

/** Who may see a guarded field: everyone, friends only, or nobody but the member. */
export const AUDIENCES = ['everyone', 'friends', 'only_me'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const PRIVACY_FIELDS = ['email', 'mobile', 'birth_date', 'address', 'friends_list', 'albums'] as const;
export type PrivacyField = (typeof PRIVACY_FIELDS)[number];
/** Until a member chooses, personal details stay among friends and the mobile number private. */
export const PRIVACY_DEFAULTS: Record<PrivacyField, Audience> = {
  email: 'friends',
  mobile: 'only_me',
  birth_date: 'friends',
  address: 'friends',
  friends_list: 'friends',
  albums: 'everyone',
};

export const NOTIFICATION_KINDS = ['friend_requests', 'messages', 'comments', 'likes', 'club_decisions', 'system_notices'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An address: a country and a region chosen from the organisation's places, and a city typed in. */
const Place = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);
export const Address = Type.Object({ country: Place, region: Place, city: Type.String() });

export const UserProfile = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  cover: Type.String(),
  bio: Type.String(),
  gender: StringEnum(GENDERS),
  /** The member's local chapter. */
  chapter: ChapterRef,
  time_zone: Type.String(),
  /** Guarded fields are null when the viewer may not see them; `hidden` names those. */
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  birth_date: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Address, Type.Null()]),
  friend_total: Type.Union([Type.Integer(), Type.Null()]),
  hidden: Type.Array(StringEnum(PRIVACY_FIELDS)),
  is_me: Type.Boolean(),
  relation: Relation,
  request_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the signed-in member has blocked this one (they can still open the profile to unblock). */
  blocked_by_me: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type UserProfile = Static<typeof UserProfile>;

const GROUP = 'Account and profile';
/** A picture the member uploaded with uploadImage, or empty to remove it. */
export const UPLOAD_URL_PATTERN = '^/uploads/[0-9]{4}/[A-Za-z0-9_-]{16,64}\\.(jpg|png|webp|gif)$';
const Picture = Type.String({
  maxLength: 120,
  pattern: `^$|${UPLOAD_URL_PATTERN}`,
  examples: [''],
  'x-rule': 'must be the url uploadImage returned, or empty',
});

export const getUserInfo = defineCall({
  name: 'getUserInfo',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: 3,
  summary: "A member's profile as the signed-in member may see it (their own in full); encrypted to the client's key.",
  body: WhoseBody,
  data: Type.Object({ user_info: UserProfile }),
  access: { user_id: 'visible' },
});

export const getNewUserInfo = defineCall({
  name: 'getNewUserInfo',
  group: GROUP,
  method: 'GET',
  base: 'main',
  enc: null,
  summary: 'The freshest profile card of a member (the signed-in one without user_id), privacy applied.',
  body: WhoseBody,
  data: UserProfile,
  access: { user_id: 'visible' },
});

export const editUser = defineCall({
  name: 'editUser',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Changes the public part of the profile: name, introduction, local chapter, time zone. Fields left out stay as they are.',
  body: body({
    nick_name: Type.Optional(
      Type.String({ minLength: 1, maxLength: NICK_NAME_MAX, pattern: '\\S', 'x-rule': `must have 1 to ${NICK_NAME_MAX} characters and not only spaces` }),
    ),
    bio: Type.Optional(Type.String({ maxLength: BIO_MAX, 'x-rule': `must have at most ${BIO_MAX} characters` })),
    chapter_id: Type.Optional(Type.Union([Id('a local chapter'), Type.Null()])),
    time_zone: Type.Optional(Type.String({ maxLength: TIME_ZONE_MAX, 'x-rule': 'must be a time zone such as Europe/Paris, or empty' })),
  }),
  data: UserProfile,
  access: { chapter_id: 'any' },
});

export const editUsers = defineCall({
  name: 'editUsers',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: 2,
  summary: 'Changes the personal details (gender, birth date, mobile, address), sent encrypted. Fields left out stay as they are.',
  body: body({
    gender: Type.Optional(StringEnum(GENDERS)),
    birth_date: Type.Optional(
      Type.String({ maxLength: 10, pattern: '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$', examples: ['2000-01-01'], 'x-rule': 'must be a date (YYYY-MM-DD) in the past, or empty' }),
    ),
    mobile: Type.Optional(
      Type.String({ maxLength: 24, pattern: '^$|^\\+?[0-9][0-9 ()-]{5,22}$', examples: [''], 'x-rule': 'must be a phone number of 6 to 20 digits, or empty' }),
    ),
    country_id: Type.Optional(Type.Union([Id('a country'), Type.Null()])),
    region_id: Type.Optional(Type.Union([Id('a region'), Type.Null()])),
    city: Type.Optional(Type.String({ maxLength: CITY_MAX, 'x-rule': `must have at most ${CITY_MAX} characters` })),
  }),
  data: UserProfile,
  access: { country_id: 'any', region_id: 'any' },
});

export const updateUserData = defineCall({
  name: 'updateUserData',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Sets the profile picture and the cover picture from images uploaded with uploadImage; empty removes one.',
  body: body({ avatar: Type.Optional(Picture), cover: Type.Optional(Picture) }),
  data: UserProfile,
});

export const UserTag = defineCall({
  name: 'UserTag',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "The labels shown under a member's name: their chapter, their titles in the organisation, their current work.",
  body: WhoseBody,
  data: Type.Array(Type.Object({ kind: StringEnum(['chapter', 'title', 'work'] as const), label: Type.String() })),
  access: { user_id: 'any' },
});

const AudienceSchema = StringEnum(AUDIENCES);
export const Privacy = Type.Object({
  email: AudienceSchema,
  mobile: AudienceSchema,
  birth_date: AudienceSchema,
  address: AudienceSchema,
  friends_list: AudienceSchema,
  albums: AudienceSchema,
});
export type Privacy = Static<typeof Privacy>;

export const getPrivacy = defineCall({
  name: 'getPrivacy',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Who may see each guarded part of the profile: everyone, friends or only me.',
  body: Type.Object({}),
  data: Privacy,
});

export const PrivacySet = defineCall({
  name: 'PrivacySet',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Changes who may see guarded parts of the profile; fields left out stay as they are.',
  body: body({
    email: Type.Optional(AudienceSchema),
    mobile: Type.Optional(AudienceSchema),
    birth_date: Type.Optional(AudienceSchema),
    address: Type.Optional(AudienceSchema),
    friends_list: Type.Optional(AudienceSchema),
    albums: Type.Optional(AudienceSchema),
  }),
  data: Privacy,
});

export const Notifications = Type.Object({
  friend_requests: Type.Boolean(),
  messages: Type.Boolean(),
  comments: Type.Boolean(),
  likes: Type.Boolean(),
  club_decisions: Type.Boolean(),
  system_notices: Type.Boolean(),
});
export type Notifications = Static<typeof Notifications>;

export const getNotification = defineCall({
  name: 'getNotification',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Which notifications the member wants: friend requests, messages, comments, likes, club decisions, system notices.',
  body: Type.Object({}),
  data: Notifications,
});

export const notificationSet = defineCall({
  name: 'notificationSet',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Turns kinds of notification on or off; kinds left out stay as they are.',
  body: body({
    friend_requests: Type.Optional(Type.Boolean()),
    messages: Type.Optional(Type.Boolean()),
    comments: Type.Optional(Type.Boolean()),
    likes: Type.Optional(Type.Boolean()),
    club_decisions: Type.Optional(Type.Boolean()),
    system_notices: Type.Optional(Type.Boolean()),
  }),
  data: Notifications,
});
