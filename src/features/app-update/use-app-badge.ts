import { useEffect } from 'react';
import { setBadge } from './badge.ts';

/**
 * Keeps the app icon's badge at `count` (the unread total from the local store); null leaves the
 * badge as it is (not known yet, e.g. before the first sync).
 */
export const useAppBadge = (count: number | null) => {
  useEffect(() => {
    if (count !== null) void setBadge(count);
  }, [count]);
};
