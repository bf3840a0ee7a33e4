/**
 * The route guard of spec section 2, as a pure function so every rule is tested without a
 * browser. The router calls it before each navigation.
 */
export const SIGN_IN = '/auth/sign-in1';
export const HOME = '/newsfeeds';
export const ERROR = '/error';

/** Auth pages a member without a token needs: signing in, signing up, and getting back in. */
export const PUBLIC_AUTH_PAGES = [
  '/auth/sign-in1',
  '/auth/sign-up1',
  '/auth/authentication',
  '/auth/password-reset-before',
  '/auth/password-reset',
  '/auth/2fa-reset',
  '/auth/recovery',
  '/auth/locked',
  '/auth/account-recovery-before',
  '/auth/account-recovery-after',
];
export const PUBLIC_PAGES = [...PUBLIC_AUTH_PAGES, '/privacyAndPolicyAndUser', '/privacyandpolicy', '/CSAE', '/judgeScore', ERROR];

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export const isPublicPath = (pathname: string): boolean => PUBLIC_PAGES.includes(normalise(pathname));

export type GuardDecision = { redirect: string; search?: Record<string, string> } | null;

/**
 * @param href the wanted address (path and query), remembered for after sign-in
 * @param isKnown whether any route matches the path; unknown paths go to /error, token or not
 */
export const guard = (pathname: string, href: string, hasToken: boolean, isKnown: boolean): GuardDecision => {
  const path = normalise(pathname);
  if (!isKnown) return { redirect: ERROR };
  if (path === '/') return { redirect: hasToken ? HOME : SIGN_IN };
  if (hasToken && path === SIGN_IN) return { redirect: HOME };
  if (!hasToken && !isPublicPath(path)) return { redirect: SIGN_IN, search: { redirect: href } };
  return null;
};

/** Where to go after signing in: the remembered address if it is one of ours, else home. */
export const afterSignIn = (redirect: unknown): string =>
  typeof redirect === 'string' && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith(SIGN_IN)
    ? redirect
    : HOME;
