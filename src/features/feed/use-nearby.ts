import { useCallback, useState } from 'react';
import type { DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { failed } from './use-feed.ts';

type Places = DataOf<'getGoogleSearchNearby'>;

export type Nearby =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'searching' }
  | { state: 'found'; places: Places }
  | { state: 'failed'; reason: 'denied' | 'unavailable' | 'server'; message: string };

/**
 * Places near the member, to tag a post with: the browser's position (only when they ask), then
 * the server's places provider. When the server has none, its answer says nearby search is off.
 */
export const useNearby = () => {
  const [nearby, setNearby] = useState<Nearby>({ state: 'idle' });
  const search = useCallback(() => {
    if (!('geolocation' in navigator)) return setNearby({ state: 'failed', reason: 'unavailable', message: '' });
    setNearby({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setNearby({ state: 'searching' });
        api
          .call('getGoogleSearchNearby', { lat: pos.coords.latitude, lng: pos.coords.longitude }, { quiet: true })
          .then((places) => setNearby({ state: 'found', places }))
          .catch((e: unknown) => {
            const result = failed(e);
            setNearby({ state: 'failed', reason: 'server', message: result.ok ? '' : result.error.message });
          });
      },
      (err) => setNearby({ state: 'failed', reason: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable', message: '' }),
      { timeout: 15_000, maximumAge: 300_000 },
    );
  }, []);
  const reset = useCallback(() => setNearby({ state: 'idle' }), []);
  return { nearby, search, reset };
};
