import { atom, getDefaultStore } from 'jotai';

/** Messages shown as toasts: warnings from the server (spec section 8) and popups. */
export interface ToastItem {
  id: number;
  kind: 'warn' | 'info' | 'success';
  message: string;
}

export const toastsAtom = atom<ToastItem[]>([]);
let nextId = 1;

export const showToast = (kind: ToastItem['kind'], message: string) => {
  const store = getDefaultStore();
  // The same message twice in a row (a retried call) is shown once.
  const current = store.get(toastsAtom);
  if (current.some((t) => t.message === message && t.kind === kind)) return;
  store.set(toastsAtom, [...current.slice(-3), { id: nextId++, kind, message }]);
};

export const dismissToast = (id: number) => {
  const store = getDefaultStore();
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
};
