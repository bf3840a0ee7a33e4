import { useCallback, useEffect, useState } from 'react';
import { failure, type FormResult } from './form-result.ts';

/** What a screen shows while data it needs is on its way: loading, the data, or the failure. */
export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; error: Extract<FormResult, { ok: false }> };

/**
 * Loads once on mount (and again on `reload`), for screens whose data must be fresh from the
 * server: security settings and sign-in steps, which are never shown from a stale copy.
 * `load` null means there is nothing to load (the screen says why).
 */
export const useLoaded = <T>(load: (() => Promise<T>) | null): Loaded<T> & { reload: () => Promise<void> } => {
  // Keyed by the loader, so a new loader shows 'loading' until its own answer arrives.
  const [loaded, setLoaded] = useState<{ load: typeof load; value: Loaded<T> } | null>(null);
  // A reload keeps what is shown until the new answer is in, so forms below keep their state;
  // a failed reload over shown data leaves the data (the action that asked for it reports).
  const reload = useCallback(async () => {
    if (!load) return;
    try {
      const data = await load();
      setLoaded({ load, value: { state: 'ready', data } });
    } catch (e) {
      setLoaded((prev) => (prev?.load === load && prev.value.state === 'ready' ? prev : { load, value: { state: 'error', error: failure(e) } }));
    }
  }, [load]);
  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    load().then(
      (data) => !cancelled && setLoaded({ load, value: { state: 'ready', data } }),
      (e: unknown) => !cancelled && setLoaded({ load, value: { state: 'error', error: failure(e) } }),
    );
    return () => {
      cancelled = true;
    };
  }, [load]);
  const value: Loaded<T> = loaded?.load === load ? loaded.value : { state: 'loading' };
  return { ...value, reload };
};
