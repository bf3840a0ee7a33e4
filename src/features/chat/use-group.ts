import { useCallback, useEffect, useState } from 'react';
import type { DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { refreshChatLists } from './engine/engine.ts';

/** A group's members, read from the server when the details open (membership is not replicated). */
export const useGroupMembers = (groupId: number, open: boolean) => {
  const [members, setMembers] = useState<DataOf<'getGroupUserList'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setMembers(await api.call('getGroupUserList', { group_id: groupId }, { quiet: true }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [groupId]);
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    api.call('getGroupUserList', { group_id: groupId }, { quiet: true }).then(
      (list) => !cancelled && setMembers(list),
      (e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [groupId, open]);
  return { members, error, reload };
};

/** Group changes: each is a call; the server tells every member's devices through the socket. */
export const useGroupActions = (groupId: number) => ({
  rename: (name: string) => api.call('updateGroupName', { group_id: groupId, name }),
  setNotice: (notice: string) => api.call('updateGroupNotice', { group_id: groupId, notice }),
  setIntro: (intro: string) => api.call('editGroupIntro', { group_id: groupId, intro }),
  setAlias: (alias: string) => api.call('updateGroupAlias', { group_id: groupId, alias }),
  invite: (userIds: number[]) => api.call('inviteFriendGroup', { group_id: groupId, user_ids: userIds }),
  remove: (userId: number) => api.call('removeGroupUser', { group_id: groupId, user_id: userId }),
  exit: async () => {
    await api.call('exitGroup', { group_id: groupId });
    await refreshChatLists();
  },
});

export const createGroup = async (name: string, memberIds: number[]) => {
  const group = await api.call('createGroup', { name, member_ids: memberIds });
  await refreshChatLists();
  return group;
};
