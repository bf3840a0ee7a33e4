/** The main navigation; a feature adds its entry when its screen exists. */
export const NAV_ITEMS = [
  { to: '/newsfeeds', label: 'nav.feed', icon: '⌂' },
  { to: '/settings', label: 'nav.settings', icon: '⚙' },
] as const;
