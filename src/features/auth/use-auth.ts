import { useCallback, useEffect, useState } from 'react';
import type { BodyOf, DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { endSession, startSession } from '../../api/session.ts';
import { formCall, type FormResult } from './form-result.ts';
import { setSignInStep } from './sign-in-store.ts';
import { stepOf, type SignInStep } from './sign-in-step.ts';


/** A server-made captcha image, with a way to get a new one. */
export const useCaptcha = () => {
  const [captcha, setCaptcha] = useState<DataOf<'captcha'> | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    try {
      const next = await api.call('captcha', {}, { quiet: true });
      setFailed(false);
      setCaptcha(next);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    let cancelled = false;
    api.call('captcha', {}, { quiet: true }).then(
      (first) => !cancelled && setCaptcha(first),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return { captcha, failed, refresh };
};

/** Signs in; when the account needs another step, remembers it and says which. */
export const useSignIn = () =>
  useCallback(async (body: BodyOf<'login'>, redirect?: string): Promise<FormResult & { step?: SignInStep['kind'] }> => {
    const result = await formCall(() => api.call('login', body, { quiet: true }));
    if (result.ok) {
      setSignInStep(null);
      startSession(result.data.token, result.data.user_info);
      return result;
    }
    const step = stepOf(result, redirect);
    if (step) setSignInStep(step);
    return step ? { ...result, step: step.kind } : result;
  }, []);

export const useSignUp = () =>
  useCallback(async (body: BodyOf<'register'>): Promise<FormResult> => {
    const result = await formCall(() => api.call('register', body, { quiet: true }));
    if (result.ok) startSession(result.data.token, result.data.user_info);
    return result;
  }, []);

/** Signs out on the server, then forgets the session here whatever the server said. */
export const useSignOut = () =>
  useCallback(async () => {
    try {
      await api.call('signOut', {}, { quiet: true });
    } finally {
      endSession({ remember: false });
    }
  }, []);

/** Reactivates a deleted account within its grace period and signs it in. */
export const useReactivate = () =>
  useCallback(async (reactivateToken: string): Promise<FormResult> => {
    const result = await formCall(() => api.call('reactivate', { reactivate_token: reactivateToken }, { quiet: true }));
    if (result.ok) {
      setSignInStep(null);
      startSession(result.data.token, result.data.user_info);
    }
    return result;
  }, []);
