import { useCallback, useEffect, useState } from 'react';
import { CallError, type BodyOf, type DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { endSession, startSession } from '../../api/session.ts';

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

/** The outcome of a form call: done, or the field the server named and its message. */
export type FormResult = { ok: true } | { ok: false; field: string | null; message: string; status: number };

const failure = (e: unknown): FormResult => {
  if (e instanceof CallError) {
    const field = e.cause_ === 'answer' && e.status === 4001 ? (/^([a-z_]+):/.exec(e.message)?.[1] ?? null) : null;
    return { ok: false, field, message: e.message, status: e.status };
  }
  return { ok: false, field: null, message: String(e), status: 0 };
};

export const useSignIn = () =>
  useCallback(async (body: BodyOf<'login'>): Promise<FormResult> => {
    try {
      const data = await api.call('login', body, { quiet: true });
      startSession(data.token, data.user_info);
      return { ok: true };
    } catch (e) {
      return failure(e);
    }
  }, []);

export const useSignUp = () =>
  useCallback(async (body: BodyOf<'register'>): Promise<FormResult> => {
    try {
      const data = await api.call('register', body, { quiet: true });
      startSession(data.token, data.user_info);
      return { ok: true };
    } catch (e) {
      return failure(e);
    }
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
