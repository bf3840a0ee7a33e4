import { useCallback } from 'react';
import { api } from '../../api/instance.ts';
import { formCall } from './form-result.ts';

/** Asking for a password-reset mail, and setting the new password from its link. */
export const useForgotPassword = () =>
  useCallback((email: string) => formCall(() => api.call('forgotPassword', { email }, { quiet: true })), []);

export const useResetPassword = () =>
  useCallback(
    (token: string, password: string, confirmPassword: string) =>
      formCall(() => api.call('resetPassword', { token, password, confirm_password: confirmPassword }, { quiet: true })),
    [],
  );

/** Asking for the two-factor reset mail, and using its link. */
export const useResetTwoFactor = () => ({
  request: useCallback((email: string) => formCall(() => api.call('reset2fa', { email }, { quiet: true })), []),
  confirm: useCallback((token: string) => formCall(() => api.call('reset2fa', { token }, { quiet: true })), []),
});
