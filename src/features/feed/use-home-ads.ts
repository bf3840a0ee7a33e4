import { useCallback } from 'react';
import { api } from '../../api/instance.ts';
import { useCachedCall } from '../../store/cache.ts';

/** The advertisements running now, from this device's copy at once. */
export const useHomeAds = (placement: 'carousel' | 'lift') => {
  const carousel = useCachedCall('getHomeAd', {});
  const lift = useCachedCall('getHomeAdLift', {});
  return placement === 'carousel' ? carousel : lift;
};

/** Counts a click on an advertisement; a failure never stops the member from following it. */
export const useAdClick = () =>
  useCallback((ad: { ad_id: number }) => {
    void api.call('adHitsIncr', { ad_id: ad.ad_id }, { quiet: true }).catch(() => undefined);
  }, []);
