import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { defineCall, StringEnum, type CallDef } from '../call.ts';
import { ClientId, Id, MemberCard, OptionalText, Page, Paged, PageSize, POST_IMAGES_MAX, Text, WebUrl } from './community-fields.ts';
import { Comment, COMMENT_CONTENT_MAX, Post, POST_CONTENT_MAX } from './feed.ts';

/**
 * Clubs: interest clubs members create and run (the spec's "groups" under /club), and the
 * working groups of an organisation's chapter (/group), which are clubs tied to a channel.
 * Roles: the leader (the creator at first), administrators and members; the creator alone may
 * dissolve a club.
 */
export const CLUB_NAME_MAX = 60;
export const CLUB_INTRO_MAX = 2000;
export const CLUB_CONTACT_MAX = 200;
export const APPLICATION_MESSAGE_MAX = 500;
export const MEDIA_CAPTION_MAX = 200;
export const CLUB_CATEGORIES = [
  'business',
  'community',
  'culture',
  'education',
  'environment',
  'health',
  'leadership',
  'sports',
  'technology',
  'other',
] as const;
/** open: anyone joins at once; approval: an administrator decides on each application. */
export const JOIN_MODES = ['open', 'approval'] as const;
export const CLUB_ROLES = ['leader', 'admin', 'member'] as const;
export const CLUB_LISTS = ['members', 'admins', 'applications', 'banned'] as const;
export const KICK_ACTIONS = ['remove', 'ban', 'unban'] as const;

export const Club = Type.Object({
  club_id: Type.Integer(),
  name: Type.String(),
  intro: Type.String(),
  avatar: Type.String(),
  cover: Type.String(),
  category: StringEnum(CLUB_CATEGORIES),
  join_mode: StringEnum(JOIN_MODES),
  contact: Type.String(),
  /** The chapter whose working group this is; null for an interest club. */
  channel_id: Type.Union([Type.Integer(), Type.Null()]),
  channel_name: Type.String(),
  creator_id: Type.Union([Type.Integer(), Type.Null()]),
  leader: Type.Union([MemberCard, Type.Null()]),
  member_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  /** The signed-in member's place: none, a pending application, member, or banned. */
  my_state: StringEnum(['none', 'pending', 'member', 'banned'] as const),
  my_role: StringEnum(['none', ...CLUB_ROLES] as const),
  is_creator: Type.Boolean(),
  /** Whether the member has asked to become an administrator and awaits the answer. */
  admin_pending: Type.Boolean(),
});
export type ClubView = Static<typeof Club>;

/** A member of a club, or an application to it (then `application_id` is set). */
export const ClubPerson = Type.Object({
  ...MemberCard.properties,
  role: StringEnum(['none', ...CLUB_ROLES] as const),
  status: StringEnum(['active', 'banned', 'pending'] as const),
  since: Type.String({ format: 'date-time' }),
  application_id: Type.Union([Type.Integer(), Type.Null()]),
  application_kind: StringEnum(['', 'join', 'admin'] as const),
  message: Type.String(),
});
export type ClubPersonView = Static<typeof ClubPerson>;

export const ClubMedia = Type.Object({
  media_id: Type.Integer(),
  kind: StringEnum(['photo', 'video'] as const),
  url: Type.String(),
  cover: Type.String(),
  caption: Type.String(),
  ...MemberCard.properties,
  created_at: Type.String({ format: 'date-time' }),
});
export type ClubMediaView = Static<typeof ClubMedia>;

const GROUP = 'Clubs and groups';
const ClubId = Id('a club');
const MemberId = Id('a member');
const PageOnly = { page: Page, page_size: PageSize };
const strict = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });
const clubCall = <const N extends string, B extends Parameters<typeof defineCall>[0]['body'], D extends Parameters<typeof defineCall>[0]['data']>(
  name: N,
  method: 'GET' | 'POST',
  summary: string,
  body: B,
  data: D,
  options: { access?: CallDef['access'] } = {},
) => defineCall({ name, group: GROUP, method, base: 'main', enc: null, summary, body, data, access: options.access });

const ClubFields = {
  name: Text(CLUB_NAME_MAX),
  intro: OptionalText(CLUB_INTRO_MAX),
  category: StringEnum(CLUB_CATEGORIES),
  join_mode: StringEnum(JOIN_MODES),
  avatar: WebUrl,
  contact: OptionalText(CLUB_CONTACT_MAX),
};
const Message = Type.Optional(OptionalText(APPLICATION_MESSAGE_MAX));

export const getGroupList = clubCall(
  'getGroupList',
  'GET',
  'Clubs to discover, by name or category: interest clubs, or the working groups of organisations (`kind`), optionally of one chapter.',
  strict({
    keyword: Type.Optional(OptionalText(60)),
    category: Type.Optional(StringEnum(CLUB_CATEGORIES)),
    kind: Type.Optional(StringEnum(['interest', 'organisation'] as const)),
    channel_id: Type.Optional(Id('a channel')),
    ...PageOnly,
  }),
  Paged(Club),
  { access: { channel_id: 'any' } },
);

export const getIAddGroupList = clubCall('getIAddGroupList', 'GET', 'The clubs the member created.', strict(PageOnly), Paged(Club));

export const getIJoinGroupList = clubCall('getIJoinGroupList', 'GET', 'The clubs the member belongs to.', strict(PageOnly), Paged(Club));

export const getGroupPostList = clubCall(
  'getGroupPostList',
  'GET',
  "A club's posts, newest first (its members only).",
  strict({ club_id: ClubId, ...PageOnly }),
  Paged(Post),
  { access: { club_id: 'member' } },
);

export const addGroup = clubCall(
  'addGroup',
  'POST',
  'Creates a club; the creator is its leader.',
  strict({ ...ClubFields, intro: Type.Optional(ClubFields.intro), avatar: Type.Optional(WebUrl), cover: Type.Optional(WebUrl), contact: Type.Optional(ClubFields.contact) }),
  Club,
);

export const updateGroupInfo = clubCall(
  'updateGroupInfo',
  'POST',
  "Changes a club's name, introduction, category, joining rule, picture or contact (administrators and the leader).",
  strict({
    club_id: ClubId,
    name: Type.Optional(ClubFields.name),
    intro: Type.Optional(ClubFields.intro),
    category: Type.Optional(ClubFields.category),
    join_mode: Type.Optional(ClubFields.join_mode),
    avatar: Type.Optional(WebUrl),
    contact: Type.Optional(ClubFields.contact),
  }),
  Club,
  { access: { club_id: 'owner' } },
);

export const updateGroupBack = clubCall(
  'updateGroupBack',
  'POST',
  "Changes a club's cover picture (administrators and the leader).",
  strict({ club_id: ClubId, cover: WebUrl }),
  Club,
  { access: { club_id: 'owner' } },
);

export const delGroup = clubCall(
  'delGroup',
  'POST',
  'Dissolves a club (its creator only).',
  strict({ club_id: ClubId }),
  Type.Null(),
  { access: { club_id: 'owner' } },
);

export const userExitGroup = clubCall(
  'userExitGroup',
  'POST',
  'Leaves a club; the leader hands leadership on first.',
  strict({ club_id: ClubId }),
  Type.Null(),
  { access: { club_id: 'member' } },
);

export const addGroupPost = clubCall(
  'addGroupPost',
  'POST',
  "Posts in a club (its members, unless banned); only the club's members see it. Sending the same client_id again returns the stored post.",
  strict({
    client_id: Type.Optional(ClientId),
    club_id: ClubId,
    content: Text(POST_CONTENT_MAX),
    images: Type.Optional(Type.Array(WebUrl, { maxItems: POST_IMAGES_MAX, 'x-rule': `must list at most ${POST_IMAGES_MAX} images` })),
  }),
  Post,
  { access: { client_id: 'key', club_id: 'member' } },
);

export const getGroupTotal = clubCall(
  'getGroupTotal',
  'POST',
  "A club's counts: members, administrators, posts, photos, videos; and, for its administrators, open applications and banned members.",
  strict({ club_id: ClubId }),
  Type.Object({
    members: Type.Integer(),
    admins: Type.Integer(),
    posts: Type.Integer(),
    photos: Type.Integer(),
    videos: Type.Integer(),
    applications: Type.Integer(),
    banned: Type.Integer(),
  }),
  { access: { club_id: 'any' } },
);

export const joinGroup = clubCall(
  'joinGroup',
  'POST',
  'Joins an open club at once, or applies to a club that approves its members (the administrators decide).',
  strict({ club_id: ClubId, message: Message }),
  Club,
  { access: { club_id: 'any' } },
);

export const getGroupInfo = clubCall(
  'getGroupInfo',
  'POST',
  "A club's page, with the member's place in it.",
  strict({ club_id: ClubId }),
  Club,
  { access: { club_id: 'any' } },
);

export const groupPostComment = clubCall(
  'groupPostComment',
  'POST',
  "Comments on a club's post, or replies to a comment there (the club's members, unless banned).",
  strict({ client_id: Type.Optional(ClientId), post_id: Id('a post'), content: Text(COMMENT_CONTENT_MAX), reply_to_id: Type.Optional(Id('a comment')) }),
  Comment,
  { access: { client_id: 'key', post_id: 'member', reply_to_id: 'member' } },
);

export const getGroupMember = clubCall(
  'getGroupMember',
  'POST',
  "A club's members (leader and administrators first), its administrators, or — for administrators — its open applications and banned members.",
  strict({ club_id: ClubId, list: Type.Optional(StringEnum(CLUB_LISTS)), ...PageOnly }),
  Paged(ClubPerson),
  { access: { club_id: 'any' } },
);

export const getGroupPhoto = clubCall(
  'getGroupPhoto',
  'POST',
  "A club's photos, newest first.",
  strict({ club_id: ClubId, ...PageOnly }),
  Paged(ClubMedia),
  { access: { club_id: 'member' } },
);

export const getGroupVideo = clubCall(
  'getGroupVideo',
  'POST',
  "A club's videos, newest first.",
  strict({ club_id: ClubId, ...PageOnly }),
  Paged(ClubMedia),
  { access: { club_id: 'member' } },
);

export const updateGroupAdmin = clubCall(
  'updateGroupAdmin',
  'POST',
  'Makes a member an administrator (administrators and the leader), or an administrator a member again (the leader).',
  strict({ club_id: ClubId, user_id: MemberId, admin: Type.Boolean() }),
  ClubPerson,
  { access: { club_id: 'owner', user_id: 'any' } },
);

export const transferLeader = clubCall(
  'transferLeader',
  'POST',
  'Hands the leadership to another member (the leader only); the former leader stays as an administrator.',
  strict({ club_id: ClubId, user_id: MemberId }),
  Club,
  { access: { club_id: 'owner', user_id: 'any' } },
);

export const kickOutGroup = clubCall(
  'kickOutGroup',
  'POST',
  'Removes a member from a club, bans them (they cannot post, comment or join again), or lifts a ban — administrators and the leader; only the leader acts on administrators.',
  strict({ club_id: ClubId, user_id: MemberId, action: Type.Optional(StringEnum(KICK_ACTIONS, { description: 'remove by default' })) }),
  Type.Null(),
  { access: { club_id: 'owner', user_id: 'any' } },
);

export const applyJoinGroup = clubCall(
  'applyJoinGroup',
  'POST',
  'Decides an application to a club: to join, or to become an administrator (administrators and the leader); the applicant is notified.',
  strict({ application_id: Id('an application'), approve: Type.Boolean() }),
  Type.Null(),
  { access: { application_id: 'owner' } },
);

export const applyGroupAdmin = clubCall(
  'applyGroupAdmin',
  'POST',
  'Asks to become an administrator of a club the member belongs to.',
  strict({ club_id: ClubId, message: Message }),
  Club,
  { access: { club_id: 'member' } },
);

export const getGroupPostInfo = clubCall(
  'getGroupPostInfo',
  'POST',
  'One post of a club (its members only).',
  strict({ post_id: Id('a post') }),
  Post,
  { access: { post_id: 'member' } },
);

export const addClubPhoto = clubCall(
  'addClubPhoto',
  'POST',
  "Adds a photo (uploaded with uploadImage) to a club's album (its members, unless banned).",
  strict({ club_id: ClubId, url: WebUrl, caption: Type.Optional(OptionalText(MEDIA_CAPTION_MAX)) }),
  ClubMedia,
  { access: { club_id: 'member' } },
);

export const addClubVideo = clubCall(
  'addClubVideo',
  'POST',
  "Adds a video (an http(s) address of an uploaded file or a video page) to a club (its members, unless banned).",
  strict({ club_id: ClubId, url: WebUrl, cover: Type.Optional(WebUrl), caption: Type.Optional(OptionalText(MEDIA_CAPTION_MAX)) }),
  ClubMedia,
  { access: { club_id: 'member' } },
);
