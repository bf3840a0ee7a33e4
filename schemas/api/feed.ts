import { Type } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';

/** A post's text: 1 to 5000 characters (counted as the server counts them: code points), not only spaces. */
export const POST_CONTENT_MAX = 5000;
export const FEED_PAGE_SIZE_DEFAULT = 20;
/** Deep enough for any reader, and keeps the row offset far inside PostgreSQL's range. */
export const FEED_PAGE_MAX = 100_000;
/** Post ids are PostgreSQL `integer`s. */
const POST_ID_MAX = 2_147_483_647;
export const FEED_PAGE_SIZE_MAX = 50;
export const POST_VISIBILITIES = ['public', 'friends'] as const;

export const PostVisibility = StringEnum(POST_VISIBILITIES);

export const Post = Type.Object({
  post_id: Type.Integer(),
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  content: Type.String(),
  visibility: PostVisibility,
  created_at: Type.String({ format: 'date-time' }),
  /** Whether the signed-in member wrote it (and so may delete it). */
  is_mine: Type.Boolean(),
});

const GROUP = 'Home and feed';

export const createPost = defineCall({
  name: 'createPost',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Publishes a post to the news feed; the text is stored trimmed.',
  body: Type.Object(
    {
      content: Type.String({
        minLength: 1,
        maxLength: POST_CONTENT_MAX,
        pattern: '\\S',
        'x-rule': `must have 1 to ${POST_CONTENT_MAX} characters and not only spaces`,
      }),
      visibility: PostVisibility,
    },
    { additionalProperties: false },
  ),
  data: Post,
});

export const homePage = defineCall({
  name: 'homePage',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "One page of the member's news feed, newest first: public posts and the member's own.",
  body: Type.Object(
    {
      page: Type.Optional(
        Type.Integer({ minimum: 1, maximum: FEED_PAGE_MAX, default: 1, 'x-rule': `must be a whole number from 1 to ${FEED_PAGE_MAX}` }),
      ),
      page_size: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: FEED_PAGE_SIZE_MAX,
          default: FEED_PAGE_SIZE_DEFAULT,
          'x-rule': `must be a whole number from 1 to ${FEED_PAGE_SIZE_MAX}`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  data: Type.Object({
    list: Type.Array(Post),
    page: Type.Integer(),
    page_size: Type.Integer(),
    has_more: Type.Boolean(),
  }),
});

export const delUserPost = defineCall({
  name: 'delUserPost',
  group: GROUP,
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "Deletes one of the signed-in member's own posts; it leaves every feed at once.",
  body: Type.Object({ post_id: Type.Integer({ minimum: 1, maximum: POST_ID_MAX, 'x-rule': 'must be the id of a post' }) }, { additionalProperties: false }),
  data: Type.Null(),
});
