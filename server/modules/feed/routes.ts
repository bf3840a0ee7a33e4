import * as calls from '../../../schemas/api/feed.ts';
import { PAGE_SIZE_DEFAULT } from '../../../schemas/api/community-fields.ts';
import { Answer } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import type { MessageKey } from '../../http/messages.ts';
import { translate } from '../../http/messages.ts';
import { adsOf, countHit } from './ads.ts';
import { addComment, commentPage, commentThread, deleteComment, likeComment } from './comments.ts';
import { likePost, likersPage, sharesPage } from './likes.ts';
import { hidePost, report } from './moderation.ts';
import { searchNearby } from './places.ts';
import { feedPage, memberPostsPage } from './posts.ts';
import { deletePost, insertPost, updatePost } from './post-writes.ts';
import { postFor } from './post-views.ts';
import { notFound } from '../../http/answer.ts';

const TERM_TEXTS: Record<(typeof calls.TERMS)[number], { title: MessageKey; content: MessageKey }> = {
  community_guidelines: { title: 'termCommunityGuidelinesTitle', content: 'termCommunityGuidelinesBody' },
  reporting: { title: 'termReportingTitle', content: 'termReportingBody' },
};

const size = (pageSize: number | undefined) => pageSize ?? PAGE_SIZE_DEFAULT;

export const feedCalls = [
  implement(calls.getHomeAd, async (_body, { deps }) => adsOf(deps.db, 'carousel')),
  implement(calls.getHomeAdLift, async (_body, { deps }) => adsOf(deps.db, 'lift')),
  implement(calls.adHitsIncr, async ({ ad_id }, { deps }) => countHit(deps.db, ad_id)),

  implement(calls.homePage, async ({ page = 1, page_size }, { deps, member }) => feedPage(deps.db, member.userId, page, size(page_size))),
  implement(calls.userPostList, async ({ user_id, page = 1, page_size }, { deps, member }) =>
    memberPostsPage(deps.db, member.userId, user_id, page, size(page_size)),
  ),
  implement(calls.getUserPostList, async ({ user_id, page = 1, page_size }, { deps, member }) =>
    memberPostsPage(deps.db, member.userId, user_id ?? member.userId, page, size(page_size)),
  ),

  implement(calls.createPost, async (body, { deps, member }) =>
    insertPost(deps.db, member.userId, {
      clientId: body.client_id,
      content: body.content,
      visibility: body.visibility,
      images: body.images,
      location: body.location,
      sharePostId: body.share_post_id,
    }),
  ),
  implement(calls.updatePostInfo, async ({ post_id, ...changes }, { deps, member }) => updatePost(deps.db, member.userId, post_id, changes)),
  implement(calls.delUserPost, async ({ post_id }, { deps, member }) => {
    await deletePost(deps.db, member.userId, post_id);
    return null;
  }),
  implement(calls.getPostInfo, async ({ post_id }, { deps, member }) => {
    const post = await postFor(deps.db, member.userId, post_id);
    if (!post) throw notFound('post');
    return post;
  }),

  implement(calls.likePost, async ({ post_id, like = true }, { deps, member }) => likePost(deps, member.userId, post_id, like)),
  implement(calls.getPostLike, async ({ post_id, page = 1, page_size }, { deps, member }) => likersPage(deps.db, member.userId, post_id, page, size(page_size))),
  implement(calls.getPostShare, async ({ post_id, page = 1, page_size }, { deps, member }) => sharesPage(deps.db, member.userId, post_id, page, size(page_size))),

  implement(calls.postComment, async (body, { deps, member }) =>
    addComment(deps, member.userId, { clientId: body.client_id, postId: body.post_id, content: body.content, replyToId: body.reply_to_id }),
  ),
  implement(calls.likePostComment, async ({ comment_id, like = true }, { deps, member }) => likeComment(deps, member.userId, comment_id, like)),
  implement(calls.delUserPostCommentLord, async ({ comment_id }, { deps, member }) => {
    await deleteComment(deps.db, member.userId, comment_id, 'lord');
    return null;
  }),
  implement(calls.delUserPostCommentVice, async ({ comment_id }, { deps, member }) => {
    await deleteComment(deps.db, member.userId, comment_id, 'vice');
    return null;
  }),
  implement(calls.getPostComment, async ({ post_id, page = 1, page_size }, { deps, member }) => commentPage(deps.db, member.userId, post_id, page, size(page_size))),
  implement(calls.getPostCommentInfo, async ({ comment_id, page = 1, page_size }, { deps, member }) =>
    commentThread(deps.db, member.userId, comment_id, page, size(page_size)),
  ),

  implement(calls.hidePosts, async ({ post_id, hide = true }, { deps, member }) => {
    await hidePost(deps.db, member.userId, post_id, hide);
    return null;
  }),
  implement(calls.complain, async ({ target, target_id, reason, details }, { deps, member }) => {
    const result = await report(deps.db, member.userId, { target, targetId: target_id, reason, details });
    return new Answer(result, result.already_reported ? 'reportAlready' : 'reportReceived', true);
  }),
  implement(calls.termDetail, async ({ term }, { lang }) => ({
    term,
    title: translate(lang, TERM_TEXTS[term].title),
    content: translate(lang, TERM_TEXTS[term].content),
  })),
  implement(calls.getGoogleSearchNearby, async ({ lat, lng, keyword, radius = 1500 }, { lang }) =>
    searchNearby({ lat, lng, radius, keyword: (keyword ?? '').trim(), lang }),
  ),
];
