import { useCallback } from 'react';
import type { CLUB_CATEGORIES, CLUB_LISTS } from '../../../schemas/api/clubs.ts';
import type { BodyOf, DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { useCachedCall } from '../../store/cache.ts';
import { attempt, failed, type ActionResult } from '../feed/use-feed.ts';

type Category = (typeof CLUB_CATEGORIES)[number];

/** Clubs to discover, by name and category (interest clubs, or an organisation's working groups). */
export const useDiscoverClubs = (filter: { keyword: string; category: Category | ''; kind: 'interest' | 'organisation'; channelId?: number; page: number }) =>
  useCachedCall('getGroupList', {
    kind: filter.kind,
    ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.channelId ? { channel_id: filter.channelId } : {}),
    page: filter.page,
    page_size: 20,
  });
export const useMyClubs = (page: number) => useCachedCall('getIJoinGroupList', { page, page_size: 20 });
export const useCreatedClubs = (page: number) => useCachedCall('getIAddGroupList', { page, page_size: 20 });

export const useClub = (clubId: number) => useCachedCall('getGroupInfo', { club_id: clubId });
export const useClubTotals = (clubId: number) => useCachedCall('getGroupTotal', { club_id: clubId });
export const useClubPeople = (clubId: number, list: (typeof CLUB_LISTS)[number], page: number) =>
  useCachedCall('getGroupMember', { club_id: clubId, list, page, page_size: 20 });
export const useClubPhotos = (clubId: number, page: number) => useCachedCall('getGroupPhoto', { club_id: clubId, page, page_size: 24 });
export const useClubVideos = (clubId: number, page: number) => useCachedCall('getGroupVideo', { club_id: clubId, page, page_size: 12 });

/** Everything one does in a club; each answers done, or why not. */
export const useClubActions = () => ({
  create: useCallback(async (body: BodyOf<'addGroup'>): Promise<{ ok: true; club: DataOf<'addGroup'> } | Exclude<ActionResult, { ok: true }>> => {
    try {
      return { ok: true, club: await api.call('addGroup', body, { quiet: true }) };
    } catch (e) {
      return failed(e) as Exclude<ActionResult, { ok: true }>;
    }
  }, []),
  edit: useCallback((body: BodyOf<'updateGroupInfo'>) => attempt(() => api.call('updateGroupInfo', body, { quiet: true })), []),
  cover: useCallback((body: BodyOf<'updateGroupBack'>) => attempt(() => api.call('updateGroupBack', body, { quiet: true })), []),
  join: useCallback((clubId: number, message: string) => attempt(() => api.call('joinGroup', { club_id: clubId, ...(message.trim() ? { message } : {}) }, { quiet: true })), []),
  leave: useCallback((clubId: number) => attempt(() => api.call('userExitGroup', { club_id: clubId }, { quiet: true })), []),
  applyAdmin: useCallback((clubId: number, message: string) => attempt(() => api.call('applyGroupAdmin', { club_id: clubId, ...(message.trim() ? { message } : {}) }, { quiet: true })), []),
  dissolve: useCallback((clubId: number) => attempt(() => api.call('delGroup', { club_id: clubId }, { quiet: true })), []),
  setAdmin: useCallback((clubId: number, userId: number, admin: boolean) => attempt(() => api.call('updateGroupAdmin', { club_id: clubId, user_id: userId, admin }, { quiet: true })), []),
  transfer: useCallback((clubId: number, userId: number) => attempt(() => api.call('transferLeader', { club_id: clubId, user_id: userId }, { quiet: true })), []),
  kick: useCallback((clubId: number, userId: number, action: 'remove' | 'ban' | 'unban') => attempt(() => api.call('kickOutGroup', { club_id: clubId, user_id: userId, action }, { quiet: true })), []),
  decide: useCallback((applicationId: number, approve: boolean) => attempt(() => api.call('applyJoinGroup', { application_id: applicationId, approve }, { quiet: true })), []),
  addPhoto: useCallback((body: BodyOf<'addClubPhoto'>) => attempt(() => api.call('addClubPhoto', body, { quiet: true })), []),
  addVideo: useCallback((body: BodyOf<'addClubVideo'>) => attempt(() => api.call('addClubVideo', body, { quiet: true })), []),
});
