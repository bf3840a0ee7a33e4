/**
 * The service worker: the app's files for offline starts, the shell for every app route, images
 * kept for a while, the outbox sent by Background Sync while no tab is open, and push
 * notifications. API calls are never cached here: the local store is the page's offline copy.
 * Built by vite-plugin-pwa (injectManifest); registered by src/features/app-update/register-sw.ts.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG } from '../src/store/background-sync.ts';
import { SKIP_WAITING } from '../src/features/app-update/messages.ts';
import { forgetNotification, openFromNotification, showPush } from './notifications.ts';
import { drainOutbox } from './outbox-sync.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync's event; not in TypeScript's libraries yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any app route, also a deep link opened offline, is the one page: the shell renders from the
// local store. Calls, development pages and files (a name with a dot) are left to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/chat\/api(\/|$)/, /^\/dev(\/|$)/, /^\/socket\.io(\/|$)/, /^\/uploads\//, /\/[^/?]+\.[^/?]+$/],
  }),
);

// Uploaded images (photos, avatars) never change at their address: the cache answers first,
// keeping the last 200 for 30 days.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'mn-uploads',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the member chooses "Reload" in the page, so one page never runs
// two versions; the first version takes over at once (there is nothing to mix with).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
clientsClaim();

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drainOutbox());
});

self.addEventListener('push', (event) => event.waitUntil(showPush(event)));

self.addEventListener('notificationclose', (event) => forgetNotification(event.notification));

self.addEventListener('notificationclick', (event) => {
  const opening = openFromNotification(event.notification);
  event.waitUntil(opening);
});
