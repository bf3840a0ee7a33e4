/* The lists of posts a member reads: the news feed, a member's posts, a club's, a channel's. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfPosts } from './post-views.ts';

/**
 * One page of the news feed of `viewerId`, newest first; one extra row tells whether more follow.
 * Visibility (post-views.ts `canSee`) already leaves out members blocked either way, friends-only
 * posts of non-friends and clubs the viewer is not in; the feed also leaves out posts the viewer
 * hid or reported, and channel posts of channels they do not follow.
 */
export const feedPage = (db: Db, viewerId: number, page: number, pageSize: number) =>
  pageOfPosts(
    db,
    viewerId,
    sql`p.id not in (select h.post_id from post_hides h where h.user_id = ${viewerId})
      and (p.visibility <> 'channel' or p.user_id = ${viewerId}
           or exists (select 1 from channel_follows f where f.channel_id = p.channel_id and f.user_id = ${viewerId}))`,
    page,
    pageSize,
  );

/** A member's own posts (public and friends-only) as far as the viewer may see them: a profile's posts tab. */
export const memberPostsPage = (db: Db, viewerId: number, authorId: number, page: number, pageSize: number) =>
  pageOfPosts(db, viewerId, sql`p.user_id = ${authorId} and p.visibility in ('public', 'friends')`, page, pageSize);

export const clubPostsPage = (db: Db, viewerId: number, clubId: number, page: number, pageSize: number) =>
  pageOfPosts(db, viewerId, sql`p.club_id = ${clubId}`, page, pageSize);

export const channelPostsPage = (db: Db, viewerId: number, channelId: number, page: number, pageSize: number) =>
  pageOfPosts(db, viewerId, sql`p.channel_id = ${channelId}`, page, pageSize);
