import { Type, type Static } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';
import { ID_MAX, MemberCard, Page, Paged, PageSize } from './community-fields.ts';

/**
 * What a notification is about. The client words it in the reader's language from the kind and
 * its fields; nothing here is prose.
 */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'post_like',
  'post_comment',
  'comment_reply',
  'comment_like',
  'club',
  'system',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The tabs of /notification: each kind belongs to one. */
export const NOTIFICATION_CATEGORIES = ['friends', 'posts', 'clubs', 'system'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const CATEGORY_OF: Record<NotificationKind, NotificationCategory> = {
  friend_request: 'friends',
  friend_accepted: 'friends',
  post_like: 'posts',
  post_comment: 'posts',
  comment_reply: 'posts',
  comment_like: 'posts',
  club: 'clubs',
  system: 'system',
};

/** What happened in a club, for a `club` notification. */
export const CLUB_DECISIONS = [
  'join_request',
  'join_approved',
  'join_declined',
  'admin_request',
  'admin_approved',
  'admin_declined',
  'promoted',
  'demoted',
  'removed',
  'banned',
  'unbanned',
  'leader',
  'dissolved',
] as const;
export type ClubDecision = (typeof CLUB_DECISIONS)[number];

/** System notices are written in the locale files; the notification names one by key. */
export const SYSTEM_NOTICES = ['welcome', 'guidelines', 'maintenance', 'new_features'] as const;

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(NOTIFICATION_KINDS),
  actor: Type.Union([MemberCard, Type.Null()]),
  post_id: Type.Union([Type.Integer(), Type.Null()]),
  comment_id: Type.Union([Type.Integer(), Type.Null()]),
  club_id: Type.Union([Type.Integer(), Type.Null()]),
  club_name: Type.String(),
  /** The start of the comment or post it is about, as written. */
  excerpt: Type.String(),
  /** For `club`: one of CLUB_DECISIONS; for `system`: one of SYSTEM_NOTICES. */
  topic: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  is_read: Type.Boolean(),
});
export type NotificationView = Static<typeof Notification>;

export const UnreadCounts = Type.Object({
  total: Type.Integer(),
  friends: Type.Integer(),
  posts: Type.Integer(),
  clubs: Type.Integer(),
  system: Type.Integer(),
});
export type UnreadCountsView = Static<typeof UnreadCounts>;

const GROUP = 'Account and profile';
const Ids = Type.Array(Type.Integer({ minimum: 1, maximum: ID_MAX, 'x-rule': 'must be the id of a notification' }), {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
  'x-rule': 'must list 1 to 100 different notifications',
});

export const systemList = defineCall({
  name: 'systemList',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "A page of the member's notifications, newest first, optionally of one category or unread only; with the unread counts.",
  body: Type.Object(
    {
      category: Type.Optional(StringEnum(NOTIFICATION_CATEGORIES)),
      unread_only: Type.Optional(Type.Boolean({ default: false })),
      page: Page,
      page_size: PageSize,
    },
    { additionalProperties: false },
  ),
  data: Type.Object({ ...Paged(Notification).properties, unread: UnreadCounts }),
});

export const allSystemList = defineCall({
  name: 'allSystemList',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Marks notifications read: the ones listed, or all of them (optionally of one category) when none are listed.',
  body: Type.Object({ ids: Type.Optional(Ids), category: Type.Optional(StringEnum(NOTIFICATION_CATEGORIES)) }, { additionalProperties: false }),
  data: UnreadCounts,
});

export const delSystemList = defineCall({
  name: 'delSystemList',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Deletes notifications: the ones listed, or every one already read (`read: true`).',
  body: Type.Object({ ids: Type.Optional(Ids), read: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  data: UnreadCounts,
});

export const UnreadMessage = defineCall({
  name: 'UnreadMessage',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'How many notifications are unread, in all and per category (the badge in the navigation).',
  body: Type.Object({}, { additionalProperties: false }),
  data: UnreadCounts,
});
