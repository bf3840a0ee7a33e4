import { showToast } from '../app/toasts.ts';
import { currentLang } from '../i18n/i18n.ts';
import { createApiClient } from './client.ts';
import { getToken } from './token.ts';
import { endSession } from './session.ts';

declare const __APP_VERSION__: string;

/** The client every feature hook uses, wired to the page: token, language, toasts, sign-out. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: '/api',
  chatBaseUrl: '/chat/api',
  version: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
  lang: currentLang,
  getToken,
  signOut: () => endSession({ remember: true }),
  warn: (message) => showToast('warn', message),
  popup: (message) => showToast('success', message),
});
