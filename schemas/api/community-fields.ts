import { Type, type TSchema } from '@sinclair/typebox';

/**
 * Field schemas shared by the community calls (feed, notifications, clubs, channels), so a post
 * id or a page number is the same rule in every call that takes one.
 */
export const ID_MAX = 2_147_483_647;
export const PAGE_MAX = 100_000;
export const PAGE_SIZE_MAX = 50;
export const PAGE_SIZE_DEFAULT = 20;
/** Spec section 9: up to 9 images on a post, each at most 5 MB (checked by the upload). */
export const POST_IMAGES_MAX = 9;
export const URL_MAX = 1000;

export const Id = (what: string) => Type.Integer({ minimum: 1, maximum: ID_MAX, 'x-rule': `must be the id of ${what}` });

export const Page = Type.Optional(
  Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, 'x-rule': `must be a whole number from 1 to ${PAGE_MAX}` }),
);
export const PageSize = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: PAGE_SIZE_DEFAULT,
    'x-rule': `must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
  }),
);

/** The id the member's device made when they acted (UUID v7): the server stores it once, so a resend is a no-op. */
export const ClientId = Type.String({ format: 'uuid', maxLength: 36, 'x-rule': 'must be a UUID made by the client' });

/** Text a member writes: trimmed by the server, at least one character that is not a space. */
export const Text = (max: number) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', 'x-rule': `must have 1 to ${max} characters and not only spaces` });

/** Optional longer text (an introduction, a description); empty clears it. */
export const OptionalText = (max: number) => Type.String({ maxLength: max, 'x-rule': `must have at most ${max} characters` });

/** An address of an uploaded file or a page: http(s), or a path on this server. */
export const WEB_URL_PATTERN = '^(https?://[^\\s<>"]+|/[^\\s<>"/][^\\s<>"]*)$';
export const WebUrl = Type.String({
  minLength: 1,
  maxLength: URL_MAX,
  pattern: WEB_URL_PATTERN,
  examples: ['https://example.org/image.png'],
  'x-rule': 'must be an http(s) address or a path on this server',
});

/** A page of a list: the rows, where it is, and whether more follow. */
export const Paged = <T extends TSchema>(row: T) =>
  Type.Object({ list: Type.Array(row), page: Type.Integer(), page_size: Type.Integer(), has_more: Type.Boolean() });

export const MemberCard = Type.Object({ user_id: Type.Integer(), nick_name: Type.String(), avatar: Type.String() });
