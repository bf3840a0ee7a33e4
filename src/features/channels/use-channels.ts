import { useCallback } from 'react';
import type { CHAPTER_LEVELS } from '../../../schemas/api/channels.ts';
import type { BodyOf, DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { useCachedCall } from '../../store/cache.ts';
import { attempt, failed, type ActionResult } from '../feed/use-feed.ts';

type Level = (typeof CHAPTER_LEVELS)[number];

/** Channels under one (or the top of the hierarchy), or found by name; from this device's copy at once. */
export const useChannelList = (query: { parentId?: number; keyword?: string; level?: Level; page: number }) =>
  useCachedCall('channelList', {
    ...(query.parentId ? { parent_id: query.parentId } : {}),
    ...(query.keyword?.trim() ? { keyword: query.keyword.trim() } : {}),
    ...(query.level ? { level: query.level } : {}),
    page: query.page,
    page_size: 50,
  });
export const useMyChannels = (page: number) => useCachedCall('myChannel', { page, page_size: 50 });
export const useChannel = (id: number) => useCachedCall('channelDetail', { channel_id: id });
export const useChannelAbout = (id: number) => useCachedCall('channelAbout', { channel_id: id });
export const useChannelTwins = (id: number) => useCachedCall('channelTwinning', { channel_id: id });
export const useChannelFiles = (id: number, page: number) => useCachedCall('channelFile', { channel_id: id, page, page_size: 20 });
export const useBoards = (id: number) => useCachedCall('getOrganizationCareerList', { channel_id: id });
export const useChapterMembers = (id: number, keyword: string, page: number) =>
  useCachedCall('getOrganizationMembersList', { channel_id: id, ...(keyword.trim() ? { keyword: keyword.trim() } : {}), page, page_size: 30 });
export const useSenators = (id: number, page: number) => useCachedCall('getOrganizationSenateList', { channel_id: id, page, page_size: 30 });
export const useMyPlaces = () => useCachedCall('userAuth', {});

export const useChannelActions = () => ({
  follow: useCallback((channelId: number, follow: boolean) => attempt(() => api.call('channelFollow', { channel_id: channelId, follow }, { quiet: true })), []),
  unfollow: useCallback((channelId: number) => attempt(() => api.call('cancelChannel', { channel_id: channelId }, { quiet: true })), []),
  createGroup: useCallback(async (body: BodyOf<'createOrganizationGroup'>): Promise<{ ok: true; club: DataOf<'createOrganizationGroup'> } | Exclude<ActionResult, { ok: true }>> => {
    try {
      return { ok: true, club: await api.call('createOrganizationGroup', body, { quiet: true }) };
    } catch (e) {
      return failed(e) as Exclude<ActionResult, { ok: true }>;
    }
  }, []),
});
