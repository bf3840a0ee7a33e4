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

const routeTree = rootRoute.addChildren([
  indexRoute,
  signIn,
  signUp,
  legal('/privacyAndPolicyAndUser', 'terms'),
  legal('/privacyandpolicy', 'privacy'),
  legal('/CSAE', 'csae'),
  errorRoute,
  shellRoute.addChildren([
    inShell('/newsfeeds', page(() => import('../features/feed/feed-page.tsx'), 'FeedPage')),
    inShell('/settings', page(() => import('../features/settings/settings-page.tsx'), 'SettingsPage')),
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

/** The token is refreshed on every route change (spec section 2); a refused one signs out. */
router.subscribe('onResolved', () => {
  if (!getToken()) return;
  api.call('verifyToken', {}, { quiet: true }).then(
    (data) => {
      if (getToken()) setToken(data.token);
    },
    () => undefined, // 952798 already signed out in the client; offline keeps the session
  );
});
