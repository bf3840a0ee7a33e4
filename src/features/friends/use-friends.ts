import { useCallback } from 'react';
import type { CallName } from '../../../schemas/api/index.ts';
import type { DataOf } from '../../api/client.ts';
import { useChange } from '../profile/use-people-cache.ts';
import { usePaged } from './use-paged.ts';

export type MemberCard = DataOf<'userFriendList'>['list'][number];
export type RequestItem = DataOf<'userRequestList'>['list'][number];
export type SearchHit = DataOf<'getSearchResult'>['list'][number];
export type SearchField = 'all' | 'name' | 'chapter' | 'skill';

/** Every saved answer that shows who is whose friend. */
export const FRIEND_CALLS: readonly CallName[] = [
  'userFriendList',
  'userRequestList',
  'getUserFriendTotal',
  'getNewUserInfo',
  'getSearchResult',
  'getPullBlackList',
  'getUserFriend',
];

export const FRIENDS_PAGE = 30;

/** A member's friends (one's own without `userId`), by name. */
export const useFriendList = (userId?: number) => usePaged('userFriendList', userId ? { user_id: userId, page_size: FRIENDS_PAGE } : { page_size: FRIENDS_PAGE });

/** Friend requests waiting for an answer (received) or sent and not yet answered. */
export const useRequests = (direction: 'received' | 'sent') => usePaged('userRequestList', { direction, page_size: FRIENDS_PAGE });

export const useSearchResults = (keyword: string, field: SearchField) => usePaged('getSearchResult', { keyword, field, page_size: 20 });

export const useBlockList = () => usePaged('getPullBlackList', { page_size: FRIENDS_PAGE });

/** What a member can do about another: ask, accept, decline, cancel, unfriend, block, unblock. */
export const usePeopleActions = () => {
  const change = useChange();
  return {
    ask: useCallback((userId: number, message = '') => change('friendRequest', message ? { user_id: userId, message } : { user_id: userId }, FRIEND_CALLS), [change]),
    accept: useCallback((requestId: number) => change('userRequestConfirm', { request_id: requestId }, FRIEND_CALLS), [change]),
    /** Declines a received request, or cancels a sent one. */
    drop: useCallback((requestId: number) => change('userRequestDel', { request_id: requestId }, FRIEND_CALLS), [change]),
    unfriend: useCallback((userId: number) => change('delFriend', { user_id: userId }, FRIEND_CALLS), [change]),
    block: useCallback((userId: number) => change('pullBlack', { user_id: userId }, FRIEND_CALLS), [change]),
    unblock: useCallback((userId: number) => change('closePullBlack', { user_id: userId }, FRIEND_CALLS), [change]),
  };
};
