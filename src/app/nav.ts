/** The main navigation; a feature adds its entry when its screen exists. */
export const NAV_ITEMS = [
  { to: '/newsfeeds', label: 'nav.feed', icon: '⌂' },
  { to: '/chat', label: 'nav.chat', icon: '✉' },
  { to: '/friend-request', label: 'friends.nav', icon: '⚇' },
  { to: '/notification', label: 'nav.notifications', icon: '⚑' },
  { to: '/club', label: 'nav.clubs', icon: '◎' },
  { to: '/jci-organizations', label: 'nav.organizations', icon: '☷' },
  { to: '/profile', label: 'profile.nav', icon: '☺' },
  { to: '/settings', label: 'nav.settings', icon: '⚙' },
] as const;
