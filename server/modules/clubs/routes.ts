import { sql, type SQL } from 'drizzle-orm';
import * as calls from '../../../schemas/api/clubs.ts';
import { PAGE_SIZE_DEFAULT } from '../../../schemas/api/community-fields.ts';
import { notFound } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import { addComment } from '../feed/comments.ts';
import { insertPost } from '../feed/post-writes.ts';
import { postFor } from '../feed/post-views.ts';
import { clubPostsPage } from '../feed/posts.ts';
import {
  addMedia,
  applyForAdmin,
  clubTotals,
  createClub,
  decideApplication,
  dissolveClub,
  editClub,
  joinClub,
  leaveClub,
  moderateMember,
  setAdmin,
  transferLeadership,
} from './club-actions.ts';
import { applicationsPage, clubView, likePattern, mediaPage, mediaView, pageOfClubs, peoplePage, personView } from './club-views.ts';
import { clubFor, requireActiveMember, requireManager } from './membership.ts';

const size = (pageSize: number | undefined) => pageSize ?? PAGE_SIZE_DEFAULT;

export const clubCalls = [
  implement(calls.getGroupList, async ({ keyword, category, kind, channel_id, page = 1, page_size }, { deps, member }) => {
    const where: SQL[] = [sql`true`];
    const words = (keyword ?? '').trim();
    if (words) where.push(sql`c.name ilike ${likePattern(words)}`);
    if (category) where.push(sql`c.category = ${category}`);
    if (kind === 'organisation') where.push(sql`c.channel_id is not null`);
    if (kind === 'interest') where.push(sql`c.channel_id is null`);
    if (channel_id !== undefined) where.push(sql`c.channel_id = ${channel_id}`);
    return pageOfClubs(deps.db, member.userId, sql.join(where, sql` and `), page, size(page_size));
  }),
  implement(calls.getIAddGroupList, async ({ page = 1, page_size }, { deps, member }) =>
    pageOfClubs(deps.db, member.userId, sql`c.creator_id = ${member.userId}`, page, size(page_size)),
  ),
  implement(calls.getIJoinGroupList, async ({ page = 1, page_size }, { deps, member }) =>
    pageOfClubs(deps.db, member.userId, sql`me.status = 'active'`, page, size(page_size)),
  ),
  implement(calls.getGroupPostList, async ({ club_id, page = 1, page_size }, { deps, member }) => {
    await clubFor(deps.db, club_id);
    await requireActiveMember(deps.db, club_id, member.userId);
    return clubPostsPage(deps.db, member.userId, club_id, page, size(page_size));
  }),

  implement(calls.addGroup, async (body, { deps, member }) => {
    const id = await createClub(deps.db, member.userId, {
      name: body.name,
      intro: body.intro,
      category: body.category,
      joinMode: body.join_mode,
      avatar: body.avatar,
      cover: body.cover,
      contact: body.contact,
    });
    return clubView(deps.db, member.userId, id);
  }),
  implement(calls.updateGroupInfo, async ({ club_id, join_mode, ...fields }, { deps, member }) => {
    await editClub(deps.db, member.userId, club_id, { ...fields, joinMode: join_mode });
    return clubView(deps.db, member.userId, club_id);
  }),
  implement(calls.updateGroupBack, async ({ club_id, cover }, { deps, member }) => {
    await editClub(deps.db, member.userId, club_id, { cover });
    return clubView(deps.db, member.userId, club_id);
  }),
  implement(calls.delGroup, async ({ club_id }, { deps, member }) => {
    await dissolveClub(deps, member.userId, club_id);
    return null;
  }),
  implement(calls.userExitGroup, async ({ club_id }, { deps, member }) => {
    await leaveClub(deps.db, member.userId, club_id);
    return null;
  }),
  implement(calls.addGroupPost, async ({ client_id, club_id, content, images }, { deps, member }) => {
    await clubFor(deps.db, club_id);
    await requireActiveMember(deps.db, club_id, member.userId);
    return insertPost(deps.db, member.userId, { clientId: client_id, content, images, visibility: 'club', clubId: club_id });
  }),
  implement(calls.getGroupTotal, async ({ club_id }, { deps, member }) => clubTotals(deps.db, member.userId, club_id)),
  implement(calls.joinGroup, async ({ club_id, message }, { deps, member }) => {
    await joinClub(deps, member.userId, club_id, message ?? '');
    return clubView(deps.db, member.userId, club_id);
  }),
  implement(calls.getGroupInfo, async ({ club_id }, { deps, member }) => clubView(deps.db, member.userId, club_id)),
  implement(calls.groupPostComment, async (body, { deps, member }) =>
    addComment(deps, member.userId, { clientId: body.client_id, postId: body.post_id, content: body.content, replyToId: body.reply_to_id, clubOnly: true }),
  ),
  implement(calls.getGroupMember, async ({ club_id, list = 'members', page = 1, page_size }, { deps, member }) => {
    await clubFor(deps.db, club_id);
    if (list === 'applications' || list === 'banned') await requireManager(deps.db, club_id, member.userId);
    if (list === 'applications') return applicationsPage(deps.db, club_id, page, size(page_size));
    return peoplePage(deps.db, member.userId, club_id, list, page, size(page_size));
  }),
  implement(calls.getGroupPhoto, async ({ club_id, page = 1, page_size }, { deps, member }) => {
    await clubFor(deps.db, club_id);
    await requireActiveMember(deps.db, club_id, member.userId);
    return mediaPage(deps.db, member.userId, club_id, 'photo', page, size(page_size));
  }),
  implement(calls.getGroupVideo, async ({ club_id, page = 1, page_size }, { deps, member }) => {
    await clubFor(deps.db, club_id);
    await requireActiveMember(deps.db, club_id, member.userId);
    return mediaPage(deps.db, member.userId, club_id, 'video', page, size(page_size));
  }),
  implement(calls.updateGroupAdmin, async ({ club_id, user_id, admin }, { deps, member }) => {
    await setAdmin(deps, member.userId, club_id, user_id, admin);
    return personView(deps.db, club_id, user_id);
  }),
  implement(calls.transferLeader, async ({ club_id, user_id }, { deps, member }) => {
    await transferLeadership(deps, member.userId, club_id, user_id);
    return clubView(deps.db, member.userId, club_id);
  }),
  implement(calls.kickOutGroup, async ({ club_id, user_id, action = 'remove' }, { deps, member }) => {
    await moderateMember(deps, member.userId, club_id, user_id, action);
    return null;
  }),
  implement(calls.applyJoinGroup, async ({ application_id, approve }, { deps, member }) => {
    await decideApplication(deps, member.userId, application_id, approve);
    return null;
  }),
  implement(calls.applyGroupAdmin, async ({ club_id, message }, { deps, member }) => {
    await applyForAdmin(deps, member.userId, club_id, message ?? '');
    return clubView(deps.db, member.userId, club_id);
  }),
  implement(calls.getGroupPostInfo, async ({ post_id }, { deps, member }) => {
    const post = await postFor(deps.db, member.userId, post_id);
    if (!post || post.club_id === null) throw notFound('club post');
    return post;
  }),
  implement(calls.addClubPhoto, async ({ club_id, url, caption }, { deps, member }) =>
    mediaView(deps.db, await addMedia(deps.db, member.userId, club_id, { kind: 'photo', url, caption })),
  ),
  implement(calls.addClubVideo, async ({ club_id, url, cover, caption }, { deps, member }) =>
    mediaView(deps.db, await addMedia(deps.db, member.userId, club_id, { kind: 'video', url, cover, caption })),
  ),
];
