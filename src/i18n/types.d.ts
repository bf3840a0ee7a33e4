import type common from '../../locales/en/common.json';
import type auth from '../../locales/en/auth.json';
import type legal from '../../locales/en/legal.json';
import type server from '../../locales/en/server.json';

// Translation keys are typed from the English files: a missing key is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; auth: typeof auth; legal: typeof legal; server: typeof server };
  }
}
