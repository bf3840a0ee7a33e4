import { getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * The sign-in token, kept in localStorage so every tab shares it (a rotation in one tab reaches
 * the others through the storage event). Presence of a token is the login state (spec section 4).
 */
export const TOKEN_KEY = 'mn.token';

export const tokenAtom = atomWithStorage<string | null>(
  TOKEN_KEY,
  null,
  createJSONStorage<string | null>(() => localStorage),
  { getOnInit: true },
);

const store = () => getDefaultStore();
export const getToken = (): string | null => store().get(tokenAtom);
export const setToken = (token: string) => store().set(tokenAtom, token);
export const clearToken = () => store().set(tokenAtom, null);
