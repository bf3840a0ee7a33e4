import * as calls from '../../../schemas/api/people.ts';
import { PAGE_SIZE_DEFAULT } from '../../../schemas/api/people.ts';
import { Answer } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import { block, blockList, unblock } from './blocks.ts';
import { assertMayListFriends, friendList, friendTotal } from './friend-list.ts';
import { announceFriends, confirmRequest, dropRequest, listRequests, nameOf, receivedCount, sendRequest } from './requests.ts';
import { areFriends, unfriend } from './relations.ts';
import { searchMembers } from './search.ts';
import { notFound } from '../../http/answer.ts';
import { notify } from '../notifications/notify.ts';
import { notifyMember } from '../push/notify.ts';
import { inBackground } from '../../http/background.ts';

const paging = (body: { page?: number; page_size?: number }) => [body.page ?? 1, body.page_size ?? PAGE_SIZE_DEFAULT] as const;

export const friendsCalls = [
  implement(calls.friendRequest, async (body, { deps, member }) => {
    const sent = await sendRequest(deps.db, deps.realtime, member.userId, body.user_id, body.message ?? '');
    const data = { request_id: sent.request_id, status: sent.status };
    // In the app's notifications, and as a push to the member's devices when they are not connected.
    const kind = sent.status === 'accepted' ? 'friend_accepted' : 'friend_request';
    inBackground(notify(deps, { userId: body.user_id, kind, actorId: member.userId }), deps.log);
    if (sent.status === 'pending') {
      inBackground(notifyMember(
        deps,
        body.user_id,
        { kind: 'friend-request', title: member.nickName, body: body.message ?? '', icon: member.avatar, tag: 'friend-request', url: '/friend-request' },
        { from: member.userId },
      ), deps.log);
    }
    return new Answer(data, sent.status === 'accepted' ? 'friendRequestAccepted' : 'friendRequestSent', true, { name: sent.name });
  }),

  implement(calls.userFriendList, async (body, { deps, member }) =>
    friendList(deps.db, member.userId, body.user_id ?? member.userId, body.keyword ?? '', ...paging(body)),
  ),

  implement(calls.userRequestList, async (body, { deps, member }) =>
    listRequests(deps.db, member.userId, body.direction ?? 'received', ...paging(body)),
  ),

  implement(calls.userRequestConfirm, async (body, { deps, member }) => {
    const card = await confirmRequest(deps.db, deps.realtime, member.userId, body.request_id);
    inBackground(notify(deps, { userId: card.user_id, kind: 'friend_accepted', actorId: member.userId }), deps.log);
    return new Answer(card, 'friendRequestAccepted', true, { name: card.nick_name });
  }),

  implement(calls.userRequestDel, async (body, { deps, member }) => {
    const outcome = await dropRequest(deps.db, deps.realtime, member.userId, body.request_id);
    return new Answer(null, outcome === 'declined' ? 'friendRequestDeclined' : 'friendRequestCancelled', true);
  }),

  implement(calls.delFriend, async (body, { deps, member }) => {
    if (!(await areFriends(deps.db, member.userId, body.user_id))) throw notFound('friend');
    await unfriend(deps.db, member.userId, body.user_id);
    announceFriends(deps.realtime, member.userId, body.user_id);
    return new Answer(null, 'friendRemoved', true, { name: await nameOf(deps.db, body.user_id) });
  }),

  implement(calls.getUserFriendTotal, async (body, { deps, member }) => {
    const owner = body.user_id ?? member.userId;
    await assertMayListFriends(deps.db, member.userId, owner);
    return {
      total: await friendTotal(deps.db, member.userId, owner),
      requests_received: owner === member.userId ? await receivedCount(deps.db, member.userId) : 0,
    };
  }),

  implement(calls.getSearchResult, async (body, { deps, member }) =>
    searchMembers(deps.db, member.userId, body.keyword, body.field ?? 'all', ...paging(body)),
  ),

  implement(calls.searchUserList, async (body, { deps, member }) =>
    searchMembers(deps.db, member.userId, body.keyword, body.field ?? 'all', ...paging(body)),
  ),

  implement(calls.pullBlack, async (body, { deps, member }) => {
    const name = await block(deps.db, deps.realtime, member.userId, body.user_id);
    return new Answer(null, 'memberBlocked', true, { name });
  }),

  implement(calls.closePullBlack, async (body, { deps, member }) => {
    const name = await unblock(deps.db, deps.realtime, member.userId, body.user_id);
    return new Answer(null, 'memberUnblocked', true, { name });
  }),

  implement(calls.getPullBlackList, async (body, { deps, member }) => blockList(deps.db, member.userId, ...paging(body))),
];
