import i18next from 'i18next';
import { getDefaultStore } from 'jotai';
import { meAtom } from '../api/session.ts';
import { tokenAtom } from '../api/token.ts';
import { currentLang } from '../i18n/i18n.ts';
import { openOutbox, type OutboxDb, type SessionMeta } from './outbox.ts';

/**
 * Mirrors the session into the outbox's `meta` table (key 'session'): the token, the member's id
 * and the language, which the service worker sends the outbox with while no tab is open
 * (sw/outbox-sync.ts). Kept current on every change — a token rotation, a language switch — and
 * cleared at sign-out, so the worker never sends in the name of a member who left the device.
 */
type Store = ReturnType<typeof getDefaultStore>;

export const sessionSnapshot = (store: Store, lang: string): SessionMeta | null => {
  const token = store.get(tokenAtom);
  const me = store.get(meAtom);
  return token && me ? { key: 'session', token, userId: me.user_id, lang } : null;
};

export const mirrorSessionMeta = (db: OutboxDb = openOutbox(), store: Store = getDefaultStore(), lang: () => string = currentLang) => {
  // Writes go one after another, each with the state of its moment, so the last one wins.
  let writing = Promise.resolve();
  const write = () => {
    const snapshot = sessionSnapshot(store, lang());
    writing = writing
      .then(async () => {
        if (snapshot) await db.meta.put(snapshot);
        else await db.meta.delete('session');
      })
      .catch((err: unknown) => console.warn('the session could not be saved for the service worker', err));
  };
  const unsubscribe = [store.sub(tokenAtom, write), store.sub(meAtom, write)];
  i18next.on('languageChanged', write);
  write();
  return {
    /** Resolves when every change so far is written. */
    settled: () => writing,
    stop: () => {
      for (const fn of unsubscribe) fn();
      i18next.off('languageChanged', write);
    },
  };
};
