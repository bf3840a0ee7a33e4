import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { CallName } from '../../schemas/api/index.ts';
import { CallError, type BodyOf, type DataOf } from '../api/client.ts';
import { api } from '../api/instance.ts';
import { meAtom } from '../api/session.ts';
import { onlineAtom } from './online.ts';
import { openLocalDb } from './database.ts';

/** Call name + parameters, with keys sorted, as the cache document's key. */
export const cacheKey = (name: string, body: unknown): string => {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]))
        : value;
  return `${name}:${JSON.stringify(sorted(body))}`;
};

export type Cached<T> =
  | { state: 'loading' }
  /** Offline, and nothing saved on this device for this call yet. */
  | { state: 'offline' }
  | { state: 'ready'; data: T; fetchedAt: number; refreshing: boolean; error: CallError | null }
  | { state: 'error'; error: CallError };

/**
 * Renders a call's answer from the local store and refreshes it from the server: shows what it
 * last saw at once (also offline), and the new answer as soon as it arrives.
 */
export const useCachedCall = <N extends CallName>(name: N, body: BodyOf<N>): Cached<DataOf<N>> & { refresh: () => Promise<void> } => {
  const me = useAtomValue(meAtom);
  const online = useAtomValue(onlineAtom);
  const key = cacheKey(name, body);
  // What the device has for this key: undefined until read, null when nothing is saved.
  const [local, setLocal] = useState<{ key: string; doc: { data: DataOf<N>; fetchedAt: number } | null } | null>(null);
  // The outcome of the last fetch per key; a key without one is still being fetched.
  const [fetched, setFetched] = useState<{ key: string; error: CallError | null } | null>(null);
  const [manual, setManual] = useState<string | null>(null);

  useEffect(() => {
    if (!me) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void openLocalDb(me.user_id).then((db) => {
      if (cancelled) return;
      const sub = db.cache.findOne(key).$.subscribe((doc) => {
        setLocal({ key, doc: doc ? { data: doc.data.value as DataOf<N>, fetchedAt: doc.fetchedAt } : null });
      });
      unsubscribe = () => sub.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [me, key]);

  /** Fetches the answer and saves it; screens see it through the subscription above. */
  const load = useCallback(async (): Promise<CallError | null> => {
    if (!me) return null;
    try {
      const data = await api.call(name, JSON.parse(key.slice(name.length + 1)) as BodyOf<N>, { quiet: true });
      const db = await openLocalDb(me.user_id);
      await db.cache.upsert({ key, name, data: { value: data }, fetchedAt: Date.now() });
      return null;
    } catch (e) {
      return e instanceof CallError ? e : new CallError(0, String(e), null, 'network');
    }
  }, [me, key, name]);

  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    void load().then((error) => {
      if (!cancelled) setFetched({ key, error });
    });
    return () => {
      cancelled = true;
    };
  }, [load, online, key]);

  const refresh = useCallback(async () => {
    setManual(key);
    const error = await load();
    setFetched({ key, error });
    setManual(null);
  }, [load, key]);

  const read = local?.key === key ? local : null;
  const mine = read?.doc ?? null;
  const done = fetched?.key === key ? fetched : null;
  const status = { refreshing: manual === key || (online && !done), error: done?.error ?? null };
  if (mine) return { state: 'ready', data: mine.data, fetchedAt: mine.fetchedAt, refreshing: status.refreshing, error: status.error, refresh };
  if (!read) return { state: 'loading', refresh };
  if (!online) return { state: 'offline', refresh };
  if (status.error) return { state: 'error', error: status.error, refresh };
  return { state: 'loading', refresh };
};
