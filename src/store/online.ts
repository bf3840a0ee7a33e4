import { atom } from 'jotai';

/** Whether the browser believes it is online; the chat socket adds its own state on top. */
export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);
onlineAtom.onMount = (set) => {
  const up = () => set(true);
  const down = () => set(false);
  window.addEventListener('online', up);
  window.addEventListener('offline', down);
  set(navigator.onLine);
  return () => {
    window.removeEventListener('online', up);
    window.removeEventListener('offline', down);
  };
};
