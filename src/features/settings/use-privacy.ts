import { useCallback } from 'react';
import type { BodyOf } from '../../api/client.ts';
import { useCachedCall } from '../../store/cache.ts';
import { useChange } from '../profile/use-people-cache.ts';

/** Who may see each guarded part of the profile, and changing it. */
export const usePrivacy = () => useCachedCall('getPrivacy', {});
/** Which notifications the member wants, and changing them. */
export const useNotificationSettings = () => useCachedCall('getNotification', {});

export const useSettingsActions = () => {
  const change = useChange();
  return {
    setPrivacy: useCallback((body: BodyOf<'PrivacySet'>) => change('PrivacySet', body, ['getPrivacy']), [change]),
    setNotifications: useCallback((body: BodyOf<'notificationSet'>) => change('notificationSet', body, ['getNotification']), [change]),
  };
};

/** Keeps the member's time zone on the server too (getMyTimeArea), so other devices and mails can use it. */
export const useSaveTimeZone = () => {
  const change = useChange();
  return useCallback((zone: string) => change('editUser', { time_zone: zone }, ['getMyTimeArea', 'getNewUserInfo']), [change]);
};
