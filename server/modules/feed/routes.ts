import { createPost, delUserPost, FEED_PAGE_SIZE_DEFAULT, homePage } from '../../../schemas/api/feed.ts';
import { implement } from '../../http/context.ts';
import { createPost as insertPost, deletePost, feedPage } from './posts.ts';

export const feedCalls = [
  implement(createPost, async (body, { deps, member }) => insertPost(deps.db, member.userId, body)),

  implement(homePage, async (body, { deps, member }) =>
    feedPage(deps.db, member.userId, body.page ?? 1, body.page_size ?? FEED_PAGE_SIZE_DEFAULT),
  ),

  implement(delUserPost, async (body, { deps, member }) => {
    await deletePost(deps.db, member.userId, body.post_id);
    return null;
  }),
];
