import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';
import { getToken, setToken } from '../api/token.ts';
import { setNavigator } from '../api/session.ts';
import { api } from '../api/instance.ts';
import { Toaster } from '../ui/toaster.tsx';
import { guard } from './guard.ts';
import { loadWithRetry } from './lazy-page.ts';
import { Shell } from './shell.tsx';
import { RouteFailure } from '../features/errors/error-page.tsx';

/** A page part loaded on demand, with the 120 s timeout and retries of spec section 9. */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): RouteComponent =>
  lazyRouteComponent(() => loadWithRetry(load), name) as RouteComponent;

const rootRoute = createRootRoute({
  beforeLoad: ({ location }) => {
    const matches = router.matchRoutes(location.pathname, location.search);
    const isKnown = !matches.some((m) => m.routeId === splatRoute.id);
    const decision = guard(location.pathname, location.href, getToken() !== null, isKnown);
    if (decision) throw redirect({ to: decision.redirect, search: decision.search, replace: true });
  },
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  errorComponent: RouteFailure,
});

const publicRoute = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const signIn = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/sign-in1',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: page(() => import('../features/auth/sign-in-page.tsx'), 'SignInPage'),
});
const signUp = publicRoute('/auth/sign-up1', page(() => import('../features/auth/sign-up-page.tsx'), 'SignUpPage'));
/** Pages opened from a mailed link read its token from the query (spec section 7). */
const withToken = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' ? { token: search.token } : {};
const tokenRoute = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, validateSearch: withToken, component });
const accountRoutes = [
  publicRoute('/auth/authentication', page(() => import('../features/auth/authentication-page.tsx'), 'AuthenticationPage')),
  publicRoute('/auth/password-reset-before', page(() => import('../features/auth/password-reset-pages.tsx'), 'PasswordResetBeforePage')),
  tokenRoute('/auth/password-reset', page(() => import('../features/auth/password-reset-pages.tsx'), 'PasswordResetPage')),
  tokenRoute('/auth/2fa-reset', page(() => import('../features/auth/two-factor-reset-page.tsx'), 'TwoFactorResetPage')),
  publicRoute('/auth/recovery', page(() => import('../features/auth/recovery-page.tsx'), 'RecoveryPage')),
  publicRoute('/auth/locked', page(() => import('../features/auth/locked-page.tsx'), 'LockedPage')),
  publicRoute('/auth/account-recovery-before', page(() => import('../features/auth/account-recovery-pages.tsx'), 'AccountRecoveryBeforePage')),
  publicRoute('/auth/account-recovery-after', page(() => import('../features/auth/account-recovery-pages.tsx'), 'AccountRecoveryAfterPage')),
  // These three need a signed-in member: the guard sends a visitor without a token to sign-in.
  publicRoute('/auth/delete-account', page(() => import('../features/auth/delete-account-page.tsx'), 'DeleteAccountPage')),
  publicRoute('/auth/RecoverPayWord', page(() => import('../features/auth/payment-password-pages.tsx'), 'RecoverPayWordPage')),
  publicRoute('/auth/reset-payword', page(() => import('../features/auth/payment-password-pages.tsx'), 'ResetPayWordPage')),
];
const legal = (path: string, doc: 'terms' | 'privacy' | 'csae') =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: page(
      () => import('../features/legal/legal-page.tsx').then((m) => ({ Page: () => <m.LegalPage doc={doc} /> })),
      'Page',
    ),
  });
const errorRoute = publicRoute('/error', page(() => import('../features/errors/error-page.tsx'), 'ErrorPage'));
const splatRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });

/** Pages inside the signed-in shell. */
const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: Shell, errorComponent: RouteFailure });
const inShell = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => shellRoute, path, component, errorComponent: RouteFailure });
/** A positive whole number from the query, for pages that show one thing by id (`?id=`). */
const idOf = (value: unknown): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};
const withId = (path: string, component: RouteComponent) =>
  createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch: (search: Record<string, unknown>): { id?: number } => (idOf(search.id) ? { id: idOf(search.id)! } : {}),
    component,
    errorComponent: RouteFailure,
  });

const routeTree = rootRoute.addChildren([
  indexRoute,
  signIn,
  signUp,
  ...accountRoutes,
  legal('/privacyAndPolicyAndUser', 'terms'),
  legal('/privacyandpolicy', 'privacy'),
  legal('/CSAE', 'csae'),
  errorRoute,
  shellRoute.addChildren([
    inShell('/newsfeeds', page(() => import('../features/feed/feed-page.tsx'), 'FeedPage')),
    inShell('/newsfeeds/$id', page(() => import('../features/feed/feed-page.tsx'), 'PostPage')),
    inShell('/notification', page(() => import('../features/notifications/notification-page.tsx'), 'NotificationPage')),
    inShell('/club', page(() => import('../features/clubs/club-list-page.tsx'), 'ClubListPage')),
    withId('/clubDet', page(() => import('../features/clubs/club-detail-page.tsx'), 'ClubDetailPage')),
    withId('/contactClub', page(() => import('../features/clubs/club-detail-page.tsx'), 'ContactClubPage')),
    inShell('/group', page(() => import('../features/clubs/club-list-page.tsx'), 'GroupListPage')),
    withId('/group-detail', page(() => import('../features/clubs/club-detail-page.tsx'), 'GroupDetailPage')),
    createRoute({
      getParentRoute: () => shellRoute,
      path: '/jci-organizations',
      validateSearch: (search: Record<string, unknown>): { parent?: number } => (idOf(search.parent) ? { parent: idOf(search.parent)! } : {}),
      component: page(() => import('../features/channels/organizations-page.tsx'), 'OrganizationsPage'),
      errorComponent: RouteFailure,
    }),
    withId('/organization-detail', page(() => import('../features/channels/organization-detail-page.tsx'), 'OrganizationDetailPage')),
    inShell('/settings', page(() => import('../features/settings/settings-page.tsx'), 'SettingsPage')),
    createRoute({
      getParentRoute: () => shellRoute,
      path: '/profile',
      validateSearch: (search: Record<string, unknown>): { user_id?: number } => (idOf(search.user_id) ? { user_id: idOf(search.user_id)! } : {}),
      component: page(() => import('../features/profile/profile-page.tsx'), 'ProfilePage'),
      errorComponent: RouteFailure,
    }),
    inShell('/friend-request', page(() => import('../features/friends/friend-request-page.tsx'), 'FriendRequestPage')),
    createRoute({
      getParentRoute: () => shellRoute,
      path: '/search-result',
      validateSearch: (search: Record<string, unknown>): { keyword?: string; field?: 'all' | 'name' | 'chapter' | 'skill' } => ({
        ...(typeof search.keyword === 'string' ? { keyword: search.keyword.slice(0, 100) } : {}),
        ...(['name', 'chapter', 'skill'].includes(String(search.field)) ? { field: search.field as 'name' | 'chapter' | 'skill' } : {}),
      }),
      component: page(() => import('../features/friends/search-page.tsx'), 'SearchResultPage'),
      errorComponent: RouteFailure,
    }),
    createRoute({
      getParentRoute: () => shellRoute,
      path: '/chat',
      validateSearch: (search: Record<string, unknown>): { c?: string } => (typeof search.c === 'string' ? { c: search.c } : {}),
      component: page(() => import('../features/chat/chat-page.tsx'), 'ChatPage'),
      errorComponent: RouteFailure,
    }),
    inShell('/authorize', page(() => import('../features/auth/authorize-page.tsx'), 'AuthorizePage')),
  ] as AnyRoute[]),
  splatRoute,
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

setNavigator((to, search) => {
  void router.navigate({ to, search: search ?? {}, replace: true });
});

/**
 * The token is refreshed on route changes (spec section 2); a refused one signs out. One rotation
 * at a time and at most one every 30 s: two rotations in flight could leave this tab holding a
 * token the server no longer accepts. A reply is applied only if it rotated the token still held.
 */
const ROTATE_EVERY_MS = 30_000;
let rotating = false;
let lastRotation = 0;
router.subscribe('onResolved', () => {
  const sent = getToken();
  if (!sent || rotating || Date.now() - lastRotation < ROTATE_EVERY_MS) return;
  rotating = true;
  api
    .call('verifyToken', {}, { quiet: true })
    .then(
      (data) => {
        lastRotation = Date.now();
        if (getToken() === sent) setToken(data.token);
      },
      () => undefined, // 952798 already signed out in the client; offline keeps the session
    )
    .finally(() => {
      rotating = false;
    });
});
