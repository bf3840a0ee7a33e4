import { getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { clearToken, setToken } from './token.ts';

/** The signed-in member's own card, kept beside the token so the shell renders offline. */
export interface Me {
  user_id: number;
  nick_name: string;
  avatar: string;
  email: string;
}

export const meAtom = atomWithStorage<Me | null>('mn.me', null, createJSONStorage<Me | null>(() => localStorage), {
  getOnInit: true,
});

type Navigate = (to: string, search?: Record<string, string>) => void;
let navigate: Navigate = (to) => window.location.assign(to);
const onEndHandlers = new Set<() => Promise<void> | void>();

/** The router registers how to navigate; the local store registers how to forget a member. */
export const setNavigator = (fn: Navigate) => {
  navigate = fn;
};
export const onSessionEnd = (fn: () => Promise<void> | void) => {
  onEndHandlers.add(fn);
  return () => onEndHandlers.delete(fn);
};

export const startSession = (token: string, me: Me) => {
  setToken(token);
  getDefaultStore().set(meAtom, me);
};

/**
 * Ends the session on this device: forgets the token and the member's local data, then goes to
 * sign-in, remembering where the member was when `remember` is set (spec section 2).
 */
export const endSession = ({ remember }: { remember: boolean }) => {
  const here = window.location.pathname + window.location.search;
  clearToken();
  getDefaultStore().set(meAtom, null);
  for (const fn of onEndHandlers) void Promise.resolve(fn()).catch(() => undefined);
  if (window.location.pathname !== '/auth/sign-in1') {
    navigate('/auth/sign-in1', remember && here !== '/' ? { redirect: here } : undefined);
  }
};
