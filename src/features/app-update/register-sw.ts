import { atom, getDefaultStore } from 'jotai';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds only; `npm run dev` has none) and follows its
 * versions. A new version never takes over a page by itself: it waits until the member chooses
 * "Reload" (update-banner.tsx), then the page reloads once on it, so no page runs two versions.
 */
export type AppUpdate =
  /** A new version is installed and waiting; `apply` switches to it and reloads this tab. */
  | { kind: 'ready'; apply: () => void }
  /** Another tab switched to the new version; this tab's files are gone from the cache. */
  | { kind: 'activated' };

export const appUpdateAtom = atom<AppUpdate | null>(null);

const HOUR = 60 * 60 * 1000;

export const startServiceWorker = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const store = getDefaultStore();
  const wb = new Workbox('/sw.js', { scope: '/' });
  let applying = false;
  wb.addEventListener('waiting', () => {
    store.set(appUpdateAtom, {
      kind: 'ready',
      apply: () => {
        applying = true;
        wb.messageSkipWaiting();
      },
    });
  });
  wb.addEventListener('controlling', (event) => {
    // The first version taking over an uncontrolled page changes nothing the member sees.
    if (!event.isUpdate && !event.isExternal) return;
    if (applying) window.location.reload();
    else store.set(appUpdateAtom, { kind: 'activated' });
  });
  wb.register().then(
    () => {
      // Long-lived tabs look for a new version now and then, not only on navigation.
      setInterval(() => void wb.update().catch(() => undefined), HOUR);
    },
    // No worker (private mode, or blocked by policy): the app works, just not offline.
    (err: unknown) => console.warn('service worker not registered', err),
  );
};
