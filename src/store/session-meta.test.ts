import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { createStore } from 'jotai';
import { openOutbox, type OutboxDb } from './outbox.ts';

// The token and member atoms keep themselves in localStorage, which Node lacks: a plain one.
const stored = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, String(v)),
  removeItem: (k: string) => void stored.delete(k),
  clear: () => stored.clear(),
  key: (i: number) => [...stored.keys()][i] ?? null,
  get length() {
    return stored.size;
  },
};

const { tokenAtom } = await import('../api/token.ts');
const { meAtom } = await import('../api/session.ts');
const { mirrorSessionMeta } = await import('./session-meta.ts');

const me = { user_id: 10001, nick_name: 'Amal', avatar: '', email: 'amal@example.org' };

describe('The session the service worker sends the outbox with', () => {
  let db: OutboxDb;
  afterEach(async () => {
    await db.delete();
  });

  test('follows sign-in, token rotation and the language, and is gone at sign-out', async () => {
    db = openOutbox('test-session-meta');
    const store = createStore();
    let lang = 'en';
    const mirror = mirrorSessionMeta(db, store, () => lang);
    await mirror.settled();
    expect(await db.meta.get('session')).toBeUndefined();

    store.set(tokenAtom, 'token-1');
    store.set(meAtom, me);
    await mirror.settled();
    expect(await db.meta.get('session')).toEqual({ key: 'session', token: 'token-1', userId: 10001, lang: 'en' });

    lang = 'ar';
    store.set(tokenAtom, 'token-2'); // verifyToken rotated it
    await mirror.settled();
    expect(await db.meta.get('session')).toEqual({ key: 'session', token: 'token-2', userId: 10001, lang: 'ar' });

    store.set(tokenAtom, null);
    store.set(meAtom, null);
    await mirror.settled();
    expect(await db.meta.get('session')).toBeUndefined();
    mirror.stop();
  });
});
