/** Messages between the page and the service worker about versions (workbox-window sends this one). */
export const SKIP_WAITING = 'SKIP_WAITING';
