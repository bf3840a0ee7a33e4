import { useCallback } from 'react';
import type { BodyOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { formCall } from './form-result.ts';

/** The 6-digit payment password: a mailed code to set or reset it, or the current one to change it. */
export const usePaymentPassword = () => ({
  sendCode: useCallback(() => formCall(() => api.call('forgotPaymentPassword', {}, { quiet: true })), []),
  save: useCallback((body: BodyOf<'resetPaymentPassword'>) => formCall(() => api.call('resetPaymentPassword', body, { quiet: true })), []),
});
