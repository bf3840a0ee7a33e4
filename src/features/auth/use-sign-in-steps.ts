import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { Status } from '../../../schemas/status.ts';
import type { BodyOf, DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { startSession } from '../../api/session.ts';
import { setSignInStep, signInStepAtom } from './sign-in-store.ts';
import { liveSecondFactor, stepOf } from './sign-in-step.ts';
import { formCall, type FormResult } from './form-result.ts';
import { useLoaded } from './use-loaded.ts';

type Answers = BodyOf<'problemLogin'>['answers'];

/** A finished sign-in starts the session; a locking answer (10088) moves the flow to the locked screen. */
const settle = (result: FormResult<DataOf<'login2fa'>>) => {
  if (result.ok) {
    setSignInStep(null);
    startSession(result.data.token, result.data.user_info);
    return result;
  }
  if (result.status === Status.locked) setSignInStep(stepOf(result));
  return result;
};

/** The second factor of a sign-in: the code from the app or the mail, and a new mail when asked. */
export const useSecondFactor = () => {
  const step = liveSecondFactor(useAtomValue(signInStepAtom));
  const token = step?.login_token ?? null;
  const submit = useCallback(
    async (code: string) => (token ? settle(await formCall(() => api.call('login2fa', { login_token: token, code }, { quiet: true }))) : null),
    [token],
  );
  const resend = useCallback(
    async () => (token ? formCall(() => api.call('emailGet2faStatus', { login_token: token, resend: true }, { quiet: true })) : null),
    [token],
  );
  return { step, submit, resend };
};

/** Signing in with the security questions when the second factor cannot be used. */
export const useQuestionSignIn = () => {
  const step = liveSecondFactor(useAtomValue(signInStepAtom));
  const token = step?.login_token ?? null;
  const load = useCallback(() => api.call('getLoginProblem', { login_token: token! }, { quiet: true }), [token]);
  const questions = useLoaded(token ? load : null);
  const submit = useCallback(
    async (answers: Answers) => (token ? settle(await formCall(() => api.call('problemLogin', { login_token: token, answers }, { quiet: true }))) : null),
    [token],
  );
  return { step, questions, submit };
};

/** Unlocking a locked account with its security questions. */
export const useUnlock = () => {
  const step = useAtomValue(signInStepAtom);
  const locked = step?.kind === 'locked' ? step : null;
  const token = locked?.unlock_token ?? null;
  const load = useCallback(() => api.call('getUnfreezeProblem', { unlock_token: token! }, { quiet: true }), [token]);
  const questions = useLoaded(token ? load : null);
  const submit = useCallback(
    async (answers: Answers) => {
      if (!token) return null;
      const result = await formCall(() => api.call('applyUnfreeze', { unlock_token: token, answers }, { quiet: true }));
      if (result.ok) setSignInStep(null);
      return result;
    },
    [token],
  );
  return { locked, questions, submit };
};
