import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { defineCall, StringEnum, type CallDef } from '../call.ts';
import { ClientId, Id, MemberCard, OptionalText, Page, Paged, PageSize, POST_IMAGES_MAX, Text, WebUrl } from './community-fields.ts';
import { Club, CLUB_CATEGORIES, CLUB_CONTACT_MAX, CLUB_INTRO_MAX, CLUB_NAME_MAX, JOIN_MODES } from './clubs.ts';
import { Post, POST_CONTENT_MAX } from './feed.ts';

/**
 * Channels: the organisation's pages, one per chapter at local, regional, national, area and
 * global level, linked as the chapters are (each has its parent one level up). Members follow
 * them; the chapter's current board posts as the channel.
 */
export const CHAPTER_LEVELS = ['global', 'area', 'national', 'regional', 'local'] as const;
export type ChapterLevel = (typeof CHAPTER_LEVELS)[number];

export const Channel = Type.Object({
  channel_id: Type.Integer(),
  name: Type.String(),
  level: StringEnum(CHAPTER_LEVELS),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  country: Type.String(),
  avatar: Type.String(),
  cover: Type.String(),
  follower_count: Type.Integer(),
  child_count: Type.Integer(),
  is_following: Type.Boolean(),
  /** The member sits on the chapter's current board, and so posts as the channel. */
  is_board: Type.Boolean(),
});
export type ChannelView = Static<typeof Channel>;

export const ChannelRef = Type.Object({ channel_id: Type.Integer(), name: Type.String(), level: StringEnum(CHAPTER_LEVELS) });

export const ChannelDetail = Type.Object({
  ...Channel.properties,
  /** From the global channel down to the parent: the way back up the hierarchy. */
  ancestors: Type.Array(ChannelRef),
  member_count: Type.Integer(),
  senator_count: Type.Integer(),
  twin_count: Type.Integer(),
});

export const BoardSeat = Type.Object({
  /** Null for a past board member who has no account here. */
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  nick_name: Type.String(),
  avatar: Type.String(),
  title: Type.String(),
});

const GROUP = 'Channels and organisation';
const ChannelId = Id('a channel');
const PageOnly = { page: Page, page_size: PageSize };
const strict = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });
const channelCall = <const N extends string, B extends Parameters<typeof defineCall>[0]['body'], D extends Parameters<typeof defineCall>[0]['data']>(
  name: N,
  method: 'GET' | 'POST',
  summary: string,
  body: B,
  data: D,
  options: { group?: string; access?: CallDef['access'] } = {},
) => defineCall({ name, group: options.group ?? GROUP, method, base: 'main', enc: null, summary, body, data, access: options.access });

export const channelList = channelCall(
  'channelList',
  'POST',
  'Channels: the children of one (`parent_id`), those of a level, or by name; without any of these, the top of the hierarchy.',
  strict({
    parent_id: Type.Optional(ChannelId),
    level: Type.Optional(StringEnum(CHAPTER_LEVELS)),
    keyword: Type.Optional(OptionalText(60)),
    ...PageOnly,
  }),
  Paged(Channel),
  { access: { parent_id: 'any' } },
);

export const channelDetail = channelCall(
  'channelDetail',
  'POST',
  "A channel's page: where it sits in the hierarchy and its counts.",
  strict({ channel_id: ChannelId }),
  ChannelDetail,
  { access: { channel_id: 'any' } },
);

export const channelTwinning = channelCall(
  'channelTwinning',
  'POST',
  'The chapters twinned with this one, and since when.',
  strict({ channel_id: ChannelId }),
  Type.Array(Type.Object({ channel: Channel, since: Type.Integer({ description: 'year' }) })),
  { access: { channel_id: 'any' } },
);

export const getChannelPost = channelCall(
  'getChannelPost',
  'POST',
  "A channel's posts, newest first.",
  strict({ channel_id: ChannelId, ...PageOnly }),
  Paged(Post),
  { access: { channel_id: 'any' } },
);

export const channelFollow = channelCall(
  'channelFollow',
  'POST',
  'Follows a channel (its posts come into the news feed), or stops following it (`follow: false`).',
  strict({ channel_id: ChannelId, follow: Type.Optional(Type.Boolean({ default: true })) }),
  Channel,
  { access: { channel_id: 'any' } },
);

export const channelAbout = channelCall(
  'channelAbout',
  'POST',
  "About a chapter: its description, founding year, contact, and its current board.",
  strict({ channel_id: ChannelId }),
  Type.Object({
    channel_id: Type.Integer(),
    about: Type.String(),
    founded: Type.Union([Type.Integer(), Type.Null()]),
    website: Type.String(),
    email: Type.String(),
    board_year: Type.Union([Type.Integer(), Type.Null()]),
    board: Type.Array(BoardSeat),
  }),
  { access: { channel_id: 'any' } },
);

export const channelFile = channelCall(
  'channelFile',
  'POST',
  "A chapter's published files (statutes, reports, minutes), newest first.",
  strict({ channel_id: ChannelId, ...PageOnly }),
  Paged(Type.Object({ file_id: Type.Integer(), title: Type.String(), url: Type.String(), kind: Type.String(), created_at: Type.String({ format: 'date-time' }) })),
  { access: { channel_id: 'any' } },
);

export const operationChannelPost = channelCall(
  'operationChannelPost',
  'POST',
  "Posts as the channel, or deletes one of its posts (`action: delete`) — the chapter's current board members only. Sending the same client_id again returns the stored post.",
  strict({
    channel_id: ChannelId,
    action: StringEnum(['create', 'delete'] as const),
    client_id: Type.Optional(ClientId),
    content: Type.Optional(Text(POST_CONTENT_MAX)),
    images: Type.Optional(Type.Array(WebUrl, { maxItems: POST_IMAGES_MAX, 'x-rule': `must list at most ${POST_IMAGES_MAX} images` })),
    post_id: Type.Optional(Id('a post')),
  }),
  Type.Union([Post, Type.Null()]),
  { access: { channel_id: 'owner', client_id: 'key', post_id: 'owner' } },
);

export const userAuth = channelCall(
  'userAuth',
  'POST',
  "The member's places in the organisation: the chapters they belong to, and the boards they sit on (where they post as the channel).",
  strict({}),
  Type.Object({
    member_of: Type.Array(Type.Object({ ...ChannelRef.properties, is_senator: Type.Boolean() })),
    board_of: Type.Array(Type.Object({ ...ChannelRef.properties, title: Type.String() })),
  }),
);

export const createOrganizationGroup = channelCall(
  'createOrganizationGroup',
  'POST',
  "Creates a working group of a chapter (a club tied to its channel) — the chapter's current board members; the creator leads it.",
  strict({
    channel_id: ChannelId,
    name: Text(CLUB_NAME_MAX),
    intro: Type.Optional(OptionalText(CLUB_INTRO_MAX)),
    category: StringEnum(CLUB_CATEGORIES),
    join_mode: StringEnum(JOIN_MODES),
    avatar: Type.Optional(WebUrl),
    contact: Type.Optional(OptionalText(CLUB_CONTACT_MAX)),
  }),
  Club,
  { access: { channel_id: 'owner' } },
);

export const channelPostLikePage = channelCall(
  'channelPostLikePage',
  'GET',
  'Who liked a channel post, most recent first.',
  strict({ post_id: Id('a post'), ...PageOnly }),
  Paged(Type.Object({ ...MemberCard.properties, liked_at: Type.String({ format: 'date-time' }) })),
  { access: { post_id: 'any' } },
);

export const getOrganizationCareerList = channelCall(
  'getOrganizationCareerList',
  'GET',
  "A chapter's boards by year, the current one first.",
  strict({ channel_id: ChannelId }),
  Type.Array(Type.Object({ year: Type.Integer(), current: Type.Boolean(), board: Type.Array(BoardSeat) })),
  { access: { channel_id: 'any' } },
);

export const getOrganizationMembersList = channelCall(
  'getOrganizationMembersList',
  'GET',
  "A chapter's members, by name.",
  strict({ channel_id: ChannelId, keyword: Type.Optional(OptionalText(60)), ...PageOnly }),
  Paged(Type.Object({ ...MemberCard.properties, since: Type.String({ format: 'date-time' }), is_senator: Type.Boolean() })),
  { access: { channel_id: 'any' } },
);

export const getOrganizationSenateList = channelCall(
  'getOrganizationSenateList',
  'GET',
  "A chapter's senators (members honoured with life membership of the senate), by senate number.",
  strict({ channel_id: ChannelId, ...PageOnly }),
  Paged(Type.Object({ ...MemberCard.properties, senate_number: Type.Integer(), since: Type.String({ format: 'date-time' }) })),
  { access: { channel_id: 'any' } },
);

export const myChannel = channelCall('myChannel', 'POST', 'The channels the member follows.', strict(PageOnly), Paged(Channel), { group: 'Account and profile' });

export const cancelChannel = channelCall(
  'cancelChannel',
  'POST',
  'Stops following a channel.',
  strict({ channel_id: ChannelId }),
  Type.Null(),
  { group: 'Account and profile', access: { channel_id: 'any' } },
);
