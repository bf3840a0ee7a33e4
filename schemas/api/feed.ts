import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { defineCall, StringEnum, type CallDef } from '../call.ts';
import {
  ClientId,
  Id,
  MemberCard,
  OptionalText,
  Page,
  Paged,
  PageSize,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  POST_IMAGES_MAX,
  Text,
  WebUrl,
} from './community-fields.ts';

/** A post's text: 1 to 5000 characters (counted as the server counts them: code points), not only spaces. */
export const POST_CONTENT_MAX = 5000;
export const COMMENT_CONTENT_MAX = 2000;
export const LOCATION_MAX = 200;
export const REPORT_DETAILS_MAX = 500;
export const FEED_PAGE_SIZE_DEFAULT = PAGE_SIZE_DEFAULT;
/** Deep enough for any reader, and keeps the row offset far inside PostgreSQL's range. */
export const FEED_PAGE_MAX = PAGE_MAX;
export const FEED_PAGE_SIZE_MAX = PAGE_SIZE_MAX;
/** How many replies each comment brings along in a comment page; the rest load on demand. */
export const REPLIES_PREVIEW = 3;
/** Who a member can address a post of their own to; club and channel posts come from their own calls. */
export const POST_VISIBILITIES = ['public', 'friends'] as const;
/** Everyone, the author's friends, a club's members, or a channel's page. */
export const POST_AUDIENCES = ['public', 'friends', 'club', 'channel'] as const;
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'violence', 'nudity', 'false_information', 'other'] as const;
export const TERMS = ['community_guidelines', 'reporting'] as const;

export const PostVisibility = StringEnum(POST_VISIBILITIES);
export const PostAudience = StringEnum(POST_AUDIENCES);

const PostId = Id('a post');
const CommentId = Id('a comment');
const PostContent = Text(POST_CONTENT_MAX);
const Images = Type.Array(WebUrl, { maxItems: POST_IMAGES_MAX, 'x-rule': `must list at most ${POST_IMAGES_MAX} images` });
const Location = OptionalText(LOCATION_MAX);
const PageOnly = { page: Page, page_size: PageSize };

/** A post this one shares, as far as the reader may see it (`available` false once gone or hidden). */
export const SharedPost = Type.Object({
  post_id: Type.Integer(),
  available: Type.Boolean(),
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});

export const Post = Type.Object({
  post_id: Type.Integer(),
  /** The id the author's device made, so a post written offline is recognised when it arrives. */
  client_id: Type.Union([Type.String(), Type.Null()]),
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  visibility: PostAudience,
  club_id: Type.Union([Type.Integer(), Type.Null()]),
  club_name: Type.String(),
  /** A channel post is shown as the channel's, written by one of its board members. */
  channel_id: Type.Union([Type.Integer(), Type.Null()]),
  channel_name: Type.String(),
  channel_avatar: Type.String(),
  location: Type.String(),
  shared: Type.Union([SharedPost, Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  edited_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  like_count: Type.Integer(),
  comment_count: Type.Integer(),
  share_count: Type.Integer(),
  liked: Type.Boolean(),
  /** Whether the signed-in member wrote it (and so may edit it). */
  is_mine: Type.Boolean(),
  /** The author, or a moderator of its club or channel. */
  can_delete: Type.Boolean(),
});
export type PostView = Static<typeof Post>;

export const Comment = Type.Object({
  comment_id: Type.Integer(),
  client_id: Type.Union([Type.String(), Type.Null()]),
  post_id: Type.Integer(),
  /** The top-level ("lord") comment a reply ("vice") sits under; null for a top-level comment. */
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  /** Whom a reply answers. */
  reply_to: Type.Union([MemberCard, Type.Null()]),
  content: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  like_count: Type.Integer(),
  liked: Type.Boolean(),
  is_mine: Type.Boolean(),
  can_delete: Type.Boolean(),
});
export type CommentView = Static<typeof Comment>;

export const LordComment = Type.Object({
  ...Comment.properties,
  reply_count: Type.Integer(),
  /** The first replies, oldest first; getPostCommentInfo pages through all of them. */
  replies: Type.Array(Comment),
});
export type LordCommentView = Static<typeof LordComment>;

export const HomeAd = Type.Object({
  ad_id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  /** Where a click goes: an http(s) address or a path in the app; empty for none. */
  link: Type.String(),
});

const GROUP = 'Home and feed';

const feedCall = <const N extends string, B extends Parameters<typeof defineCall>[0]['body'], D extends Parameters<typeof defineCall>[0]['data']>(
  name: N,
  method: 'GET' | 'POST',
  summary: string,
  body: B,
  data: D,
  options: { access?: CallDef['access'] } = {},
) => defineCall({ name, group: GROUP, method, base: 'main', enc: null, summary, body, data, access: options.access });

const strict = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });

export const getHomeAd = feedCall('getHomeAd', 'GET', 'The home carousel: the advertisements running now, in their order.', strict({}), Type.Array(HomeAd));

export const getHomeAdLift = feedCall('getHomeAdLift', 'GET', 'The advertisements beside the feed, running now.', strict({}), Type.Array(HomeAd));

export const adHitsIncr = feedCall(
  'adHitsIncr',
  'POST',
  'Counts a click on an advertisement.',
  strict({ ad_id: Id('an advertisement') }),
  Type.Object({ ad_id: Type.Integer(), hits: Type.Integer() }),
  { access: { ad_id: 'any' } },
);

export const homePage = feedCall(
  'homePage',
  'POST',
  "One page of the member's news feed, newest first: public posts, friends' posts for friends, the member's own, and posts of their clubs and followed channels; without blocked members and hidden posts.",
  strict(PageOnly),
  Paged(Post),
);

export const userPostList = feedCall(
  'userPostList',
  'GET',
  "A member's posts that the signed-in member may see, newest first (a profile's posts tab).",
  strict({ user_id: Id('a member'), ...PageOnly }),
  Paged(Post),
  { access: { user_id: 'visible' } },
);

export const getUserPostList = defineCall({
  name: 'getUserPostList',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "The signed-in member's own posts (or another member's, as far as they may be seen), newest first.",
  body: strict({ user_id: Type.Optional(Id('a member')), ...PageOnly }),
  data: Paged(Post),
  access: { user_id: 'visible' },
});

export const createPost = feedCall(
  'createPost',
  'POST',
  'Publishes a post (text, up to 9 images, a place, or a share of another post); the text is stored trimmed. Sending the same client_id again returns the stored post.',
  strict({
    client_id: Type.Optional(ClientId),
    content: PostContent,
    visibility: PostVisibility,
    images: Type.Optional(Images),
    location: Type.Optional(Location),
    share_post_id: Type.Optional(PostId),
  }),
  Post,
  { access: { client_id: 'key', share_post_id: 'visible' } },
);

export const updatePostInfo = feedCall(
  'updatePostInfo',
  'POST',
  "Edits one of the member's own posts: text, audience, images or place.",
  strict({
    post_id: PostId,
    content: Type.Optional(PostContent),
    visibility: Type.Optional(PostVisibility),
    images: Type.Optional(Images),
    location: Type.Optional(Location),
  }),
  Post,
  { access: { post_id: 'owner' } },
);

export const delUserPost = feedCall(
  'delUserPost',
  'POST',
  'Deletes a post (its author, or a moderator of its club or channel); it leaves every feed at once.',
  strict({ post_id: PostId }),
  Type.Null(),
  { access: { post_id: 'owner' } },
);

const LikeState = Type.Object({ like_count: Type.Integer(), liked: Type.Boolean() });

export const likePost = feedCall(
  'likePost',
  'POST',
  'Likes a post, or takes the like back (`like: false`); a member likes a post at most once, so a resend changes nothing.',
  strict({ post_id: PostId, like: Type.Optional(Type.Boolean({ default: true })) }),
  Type.Object({ post_id: Type.Integer(), ...LikeState.properties }),
  { access: { post_id: 'visible' } },
);

export const getPostLike = feedCall(
  'getPostLike',
  'GET',
  'Who liked a post, most recent first.',
  strict({ post_id: PostId, ...PageOnly }),
  Paged(Type.Object({ ...MemberCard.properties, liked_at: Type.String({ format: 'date-time' }) })),
  { access: { post_id: 'visible' } },
);

export const getPostShare = feedCall(
  'getPostShare',
  'GET',
  'The shares of a post that the member may see, most recent first.',
  strict({ post_id: PostId, ...PageOnly }),
  Paged(Type.Object({ ...MemberCard.properties, share_post_id: Type.Integer(), content: Type.String(), created_at: Type.String({ format: 'date-time' }) })),
  { access: { post_id: 'visible' } },
);

export const postComment = feedCall(
  'postComment',
  'POST',
  'Comments on a post, or replies to a comment (`reply_to_id`): two levels, replies sit under their top-level comment. Sending the same client_id again returns the stored comment.',
  strict({
    client_id: Type.Optional(ClientId),
    post_id: PostId,
    content: Text(COMMENT_CONTENT_MAX),
    reply_to_id: Type.Optional(CommentId),
  }),
  Comment,
  { access: { client_id: 'key', post_id: 'visible', reply_to_id: 'visible' } },
);

export const likePostComment = feedCall(
  'likePostComment',
  'POST',
  'Likes a comment, or takes the like back (`like: false`).',
  strict({ comment_id: CommentId, like: Type.Optional(Type.Boolean({ default: true })) }),
  Type.Object({ comment_id: Type.Integer(), ...LikeState.properties }),
  { access: { comment_id: 'visible' } },
);

export const delUserPostCommentLord = feedCall(
  'delUserPostCommentLord',
  'POST',
  "Deletes a top-level comment and its replies (the comment's author, the post's author, or a moderator).",
  strict({ comment_id: CommentId }),
  Type.Null(),
  { access: { comment_id: 'owner' } },
);

export const delUserPostCommentVice = feedCall(
  'delUserPostCommentVice',
  'POST',
  "Deletes a reply (the reply's author, the post's author, or a moderator).",
  strict({ comment_id: CommentId }),
  Type.Null(),
  { access: { comment_id: 'owner' } },
);

export const getPostCommentInfo = feedCall(
  'getPostCommentInfo',
  'POST',
  'One top-level comment with a page of its replies, oldest first.',
  strict({ comment_id: CommentId, ...PageOnly }),
  Type.Object({ comment: Comment, reply_count: Type.Integer(), replies: Paged(Comment) }),
  { access: { comment_id: 'visible' } },
);

export const getPostComment = feedCall(
  'getPostComment',
  'POST',
  "A page of a post's top-level comments, oldest first, each with its first replies.",
  strict({ post_id: PostId, ...PageOnly }),
  Paged(LordComment),
  { access: { post_id: 'visible' } },
);

export const getPostInfo = feedCall(
  'getPostInfo',
  'POST',
  'One post, if the member may see it.',
  strict({ post_id: PostId }),
  Post,
  { access: { post_id: 'visible' } },
);

export const hidePosts = feedCall(
  'hidePosts',
  'POST',
  "Hides a post from the member's own feed, or shows it again (`hide: false`).",
  strict({ post_id: PostId, hide: Type.Optional(Type.Boolean({ default: true })) }),
  Type.Null(),
  { access: { post_id: 'visible' } },
);

export const complain = feedCall(
  'complain',
  'POST',
  'Reports a post or a comment with a reason; a reported post leaves the reporter’s feed. Reporting the same thing again changes nothing.',
  strict({
    target: StringEnum(['post', 'comment'] as const),
    target_id: Id('the post or comment'),
    reason: StringEnum(REPORT_REASONS),
    details: Type.Optional(OptionalText(REPORT_DETAILS_MAX)),
  }),
  Type.Object({ already_reported: Type.Boolean() }),
  { access: { target_id: 'visible' } },
);

export const termDetail = feedCall(
  'termDetail',
  'POST',
  "The community terms that apply to posting and reporting, in the member's language.",
  strict({ term: StringEnum(TERMS) }),
  Type.Object({ term: Type.String(), title: Type.String(), content: Type.String() }),
);

export const Place = Type.Object({
  place_id: Type.String(),
  name: Type.String(),
  address: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
});

export const getGoogleSearchNearby = feedCall(
  'getGoogleSearchNearby',
  'POST',
  'Places near a point, to tag a post with; answers 9999 when no places provider is configured on this server.',
  strict({
    lat: Type.Number({ minimum: -90, maximum: 90, 'x-rule': 'must be a latitude from -90 to 90' }),
    lng: Type.Number({ minimum: -180, maximum: 180, 'x-rule': 'must be a longitude from -180 to 180' }),
    keyword: Type.Optional(OptionalText(100)),
    radius: Type.Optional(Type.Integer({ minimum: 1, maximum: 50_000, default: 1500, 'x-rule': 'must be a whole number of metres from 1 to 50000' })),
  }),
  Type.Array(Place),
);
