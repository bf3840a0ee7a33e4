import { describe, expect, test } from 'vitest';
import { afterSignIn, guard, HOME, SIGN_IN } from './guard.ts';

describe('The route guard of spec section 2', () => {
  test('Without a token a protected page goes to sign-in and remembers the wanted address', () => {
    expect(guard('/settings', '/settings?tab=privacy', false, true)).toEqual({
      redirect: SIGN_IN,
      search: { redirect: '/settings?tab=privacy' },
    });
  });

  test.each(['/auth/sign-in1', '/auth/sign-up1', '/auth/password-reset', '/privacyAndPolicyAndUser', '/privacyandpolicy', '/CSAE', '/judgeScore', '/error'])(
    'Without a token %s is reachable',
    (path) => {
      expect(guard(path, path, false, true)).toBeNull();
    },
  );

  test('With a token, sign-in redirects home', () => {
    expect(guard('/auth/sign-in1', '/auth/sign-in1', true, true)).toEqual({ redirect: HOME });
  });

  test('With a token, protected pages open', () => {
    expect(guard('/settings', '/settings', true, true)).toBeNull();
  });

  test('/ redirects to /newsfeeds (through sign-in without a token)', () => {
    expect(guard('/', '/', true, true)).toEqual({ redirect: HOME });
    expect(guard('/', '/', false, true)).toEqual({ redirect: SIGN_IN });
  });

  test('Unknown paths go to /error, with or without a token', () => {
    expect(guard('/no-such-page', '/no-such-page', false, false)).toEqual({ redirect: '/error' });
    expect(guard('/no-such-page', '/no-such-page', true, false)).toEqual({ redirect: '/error' });
  });

  test('After sign-in the remembered address is restored, but only one of ours', () => {
    expect(afterSignIn('/settings?tab=privacy')).toBe('/settings?tab=privacy');
    expect(afterSignIn('https://evil.example/')).toBe(HOME);
    expect(afterSignIn('//evil.example/')).toBe(HOME);
    expect(afterSignIn(undefined)).toBe(HOME);
    expect(afterSignIn('/auth/sign-in1')).toBe(HOME);
  });
});
