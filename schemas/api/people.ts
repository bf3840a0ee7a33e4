import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';

/**
 * Friends and people: friend requests, friend lists, blocks, member search, and the places of
 * the organisation (chapters at global, area, national, regional and local level) that addresses
 * and chapters are chosen from.
 */
export const ID_MAX = 2_147_483_647;
export const Id = (what: string) => Type.Integer({ minimum: 1, maximum: ID_MAX, 'x-rule': `must be the id of ${what}` });
export const PAGE_MAX = 100_000;
export const PAGE_SIZE_MAX = 50;
export const PAGE_SIZE_DEFAULT = 20;
export const SEARCH_KEYWORD_MAX = 100;
export const FRIEND_REQUEST_MESSAGE_MAX = 200;

export const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, 'x-rule': `must be a whole number from 1 to ${PAGE_MAX}` })),
  page_size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT, 'x-rule': `must be a whole number from 1 to ${PAGE_SIZE_MAX}` }),
  ),
};
/** A page of a list; `has_more` says whether another page follows. */
export const Page = <T extends TObject>(item: T) =>
  Type.Object({ list: Type.Array(item), page: Type.Integer(), page_size: Type.Integer(), has_more: Type.Boolean() });

export const body = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });
/** Whose data: another member's by id, or the signed-in member's own without it. */
export const WhoseBody = body({ user_id: Type.Optional(Id('a member')) });

export const CHAPTER_LEVELS = ['global', 'area', 'national', 'regional', 'local'] as const;
export type ChapterLevel = (typeof CHAPTER_LEVELS)[number];
export const Chapter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  level: StringEnum(CHAPTER_LEVELS),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  /** ISO 3166-1 alpha-2 of the country it is in; empty for global and area chapters. */
  country: Type.String(),
});
export type Chapter = Static<typeof Chapter>;
export const ChapterRef = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), level: StringEnum(CHAPTER_LEVELS) }), Type.Null()]);

/** How the signed-in member relates to another. */
export const RELATIONS = ['self', 'friend', 'request_sent', 'request_received', 'blocked', 'none'] as const;
export const Relation = StringEnum(RELATIONS);

/** A member as shown in lists: search results, friends, requests, blocks. */
export const MemberCard = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  chapter: ChapterRef,
  relation: Relation,
  /** The pending request between the two, when relation is request_sent or request_received. */
  request_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type MemberCard = Static<typeof MemberCard>;

const GROUP_SHARED = 'Shared';
const GROUP_PROFILE = 'Account and profile';
const GROUP_FEED = 'Home and feed';

export const friendRequest = defineCall({
  name: 'friendRequest',
  group: GROUP_SHARED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary:
    'Asks a member to be friends. If they already asked you, this accepts their request. Refused when already friends, already asked, or either has blocked the other.',
  body: body({
    user_id: Id('a member'),
    message: Type.Optional(Type.String({ maxLength: FRIEND_REQUEST_MESSAGE_MAX, 'x-rule': `must have at most ${FRIEND_REQUEST_MESSAGE_MAX} characters` })),
  }),
  data: Type.Object({ request_id: Type.Integer(), status: StringEnum(['pending', 'accepted'] as const) }),
  access: { user_id: 'any' },
});

export const userFriendList = defineCall({
  name: 'userFriendList',
  group: GROUP_SHARED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "A member's friends by name (one's own, or another's as their privacy allows), with a name filter.",
  body: body({
    user_id: Type.Optional(Id('a member')),
    keyword: Type.Optional(Type.String({ maxLength: SEARCH_KEYWORD_MAX })),
    ...Paging,
  }),
  data: Type.Object({ ...Page(MemberCard).properties, total: Type.Integer() }),
  access: { user_id: 'visible' },
});

export const FriendRequestItem = Type.Object({
  request_id: Type.Integer(),
  /** received: someone asked you; sent: you asked them. */
  direction: StringEnum(['received', 'sent'] as const),
  member: MemberCard,
  message: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

export const userRequestList = defineCall({
  name: 'userRequestList',
  group: GROUP_FEED,
  method: 'GET',
  base: 'main',
  enc: null,
  summary: 'Pending friend requests, newest first: received (to answer) or sent (to cancel).',
  body: body({ direction: Type.Optional(StringEnum(['received', 'sent'] as const)), ...Paging }),
  data: Type.Object({ ...Page(FriendRequestItem).properties, total: Type.Integer() }),
});

const RequestRef = body({ request_id: Id('a friend request') });

export const userRequestConfirm = defineCall({
  name: 'userRequestConfirm',
  group: GROUP_FEED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Accepts a friend request sent to you: both members become friends and both friend lists update live.',
  body: RequestRef,
  data: MemberCard,
  access: { request_id: 'owner' },
});

export const userRequestDel = defineCall({
  name: 'userRequestDel',
  group: GROUP_FEED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Declines a friend request sent to you, or cancels one you sent.',
  body: RequestRef,
  data: Type.Null(),
  access: { request_id: 'member' },
});

export const delFriend = defineCall({
  name: 'delFriend',
  group: GROUP_PROFILE,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Ends a friendship, on both sides.',
  body: body({ user_id: Id('a friend') }),
  data: Type.Null(),
  access: { user_id: 'member' },
});

export const getUserFriendTotal = defineCall({
  name: 'getUserFriendTotal',
  group: GROUP_PROFILE,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'How many friends a member has, and (for oneself) how many requests wait for an answer.',
  body: WhoseBody,
  data: Type.Object({ total: Type.Integer(), requests_received: Type.Integer() }),
  access: { user_id: 'visible' },
});

export const SEARCH_FIELDS = ['all', 'name', 'chapter', 'skill'] as const;
const SearchBody = body({
  keyword: Type.String({
    minLength: 1,
    maxLength: SEARCH_KEYWORD_MAX,
    pattern: '[\\p{L}\\p{N}]',
    'x-rule': `must have 1 to ${SEARCH_KEYWORD_MAX} characters with a letter or a digit`,
  }),
  /** What to match the words against; all by default. */
  field: Type.Optional(StringEnum(SEARCH_FIELDS)),
  ...Paging,
});
/** Why a member matched: their name, their chapter, or one of their skills. */
const SearchHit = Type.Object({ ...MemberCard.properties, matched: StringEnum(['name', 'chapter', 'skill'] as const) });

export const getSearchResult = defineCall({
  name: 'getSearchResult',
  group: GROUP_SHARED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary:
    'Finds members whose name, chapter or skills start with the words typed (every word must match), by name. Members either side has blocked never show.',
  body: SearchBody,
  data: Page(SearchHit),
});

export const searchUserList = defineCall({
  name: 'searchUserList',
  group: 'Salon and events',
  method: 'GET',
  base: 'main',
  enc: null,
  summary: 'The member picker of events and programs: the same search as getSearchResult, as query parameters.',
  body: SearchBody,
  data: Page(SearchHit),
});

const BlockRef = body({ user_id: Id('a member') });

export const pullBlack = defineCall({
  name: 'pullBlack',
  group: GROUP_FEED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary:
    'Blocks a member: any friendship and pending request between you end, and each disappears from the other’s search, feed and chat.',
  body: BlockRef,
  data: Type.Null(),
  access: { user_id: 'any' },
});

export const closePullBlack = defineCall({
  name: 'closePullBlack',
  group: GROUP_FEED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Unblocks a member (a friendship that ended does not come back).',
  body: BlockRef,
  data: Type.Null(),
  access: { user_id: 'any' },
});

export const getPullBlackList = defineCall({
  name: 'getPullBlackList',
  group: GROUP_FEED,
  method: 'GET',
  base: 'main',
  enc: null,
  summary: 'The members you blocked, most recent first.',
  body: body({ ...Paging }),
  data: Type.Object({
    ...Page(Type.Object({ user_id: Type.Integer(), nick_name: Type.String(), avatar: Type.String(), blocked_at: Type.String({ format: 'date-time' }) })).properties,
    total: Type.Integer(),
  }),
});

/** Address levels: a country is a national chapter, a region a regional chapter under it. */
export const ADDRESS_LEVELS = ['country', 'region'] as const;

export const getAddress = defineCall({
  name: 'getAddress',
  group: GROUP_SHARED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Places to choose an address from, by level: every country, or the regions of one country (parent_id).',
  body: body({ level: StringEnum(ADDRESS_LEVELS), parent_id: Type.Optional(Id('a country')) }),
  data: Type.Array(Chapter),
  access: { parent_id: 'any' },
});

export const getOrganizationList = defineCall({
  name: 'getOrganizationList',
  group: GROUP_SHARED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "The organisation's chapters, filtered by level, parent or name, with how many members each has.",
  body: body({
    level: Type.Optional(StringEnum(CHAPTER_LEVELS)),
    parent_id: Type.Optional(Id('a chapter')),
    keyword: Type.Optional(Type.String({ maxLength: SEARCH_KEYWORD_MAX })),
  }),
  data: Type.Array(Type.Object({ ...Chapter.properties, member_count: Type.Integer(), child_count: Type.Integer() })),
  access: { parent_id: 'any' },
});

export const getTimeArea = defineCall({
  name: 'getTimeArea',
  group: GROUP_SHARED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Every time zone (IANA name) with its current offset from UTC, west to east.',
  body: Type.Object({}),
  data: Type.Array(Type.Object({ zone: Type.String(), offset_minutes: Type.Integer(), label: Type.String() })),
});

export const getMyTimeArea = defineCall({
  name: 'getMyTimeArea',
  group: GROUP_SHARED,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "The signed-in member's chosen time zone; empty means the device's own (spec section 9).",
  body: Type.Object({}),
  data: Type.Object({ zone: Type.String(), offset_minutes: Type.Union([Type.Integer(), Type.Null()]) }),
});
