import { getDefaultStore } from 'jotai';
import { useCallback } from 'react';
import type { BodyOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { endSession, meAtom } from '../../api/session.ts';
import { useCachedCall } from '../../store/cache.ts';
import { formCall } from './form-result.ts';
import { useLoaded } from './use-loaded.ts';

/**
 * The signed-in member's security settings: password, second factor, security questions,
 * e-mail address, login history, deleting the account. Each change is a call of its own.
 */
const loadStatus = () => api.call('emailGet2faStatus', {}, { quiet: true });
export const useSecurityStatus = () => useLoaded(loadStatus);

export const useChangePassword = () =>
  useCallback((body: BodyOf<'updatePassword'>) => formCall(() => api.call('updatePassword', body, { quiet: true })), []);

/** A new authenticator secret with its QR code, and confirming it with the app's code. */
export const useAuthenticatorSetup = () => ({
  start: useCallback(() => formCall(() => api.call('getGoogleQrcode', {}, { quiet: true })), []),
  confirm: useCallback((code: string) => formCall(() => api.call('bindGoogleToken', { type: 'google', code }, { quiet: true })), []),
});

/** E-mail codes as the second factor: a code to turn them on, or a code to turn two-factor off. */
export const useEmailTwoFactor = () => ({
  sendCode: useCallback(
    (purpose: 'two_factor_on' | 'two_factor_off') => formCall(() => api.call('sandEditCode', { purpose }, { quiet: true })),
    [],
  ),
  turnOn: useCallback((code: string) => formCall(() => api.call('bindGoogleToken', { type: 'email', code }, { quiet: true })), []),
  turnOff: useCallback((code: string) => formCall(() => api.call('off2faEmail', { code }, { quiet: true })), []),
});

/** Moving the account to another e-mail address; the member's card follows. */
export const useChangeEmail = () => ({
  sendCode: useCallback((email: string) => formCall(() => api.call('sandEditCode', { purpose: 'edit_email', email }, { quiet: true })), []),
  confirm: useCallback(async (email: string, code: string) => {
    const result = await formCall(() => api.call('editEmail', { email, code }, { quiet: true }));
    if (result.ok) {
      const store = getDefaultStore();
      const me = store.get(meAtom);
      if (me) store.set(meAtom, { ...me, email: result.data.email });
    }
    return result;
  }, []),
});

const loadQuestions = () => api.call('problemsList', {}, { quiet: true });
export const useSecurityQuestions = () => ({
  list: useLoaded(loadQuestions),
  save: useCallback((body: BodyOf<'login2faProblemAdd'>) => formCall(() => api.call('login2faProblemAdd', body, { quiet: true })), []),
});

/** One page of the sign-in history, shown from this device's copy when offline. */
export const useLoginHistory = (page: number, pageSize: number) => useCachedCall('loginLogList', { page, page_size: pageSize });

/** Deletes the account after the password is confirmed, then ends the session here. */
export const useDeleteAccount = () =>
  useCallback(async (password: string) => {
    const result = await formCall(() => api.call('deleteAccount', { password }, { quiet: true }));
    if (result.ok) endSession({ remember: false });
    return result;
  }, []);
