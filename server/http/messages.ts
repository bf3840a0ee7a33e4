import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import type { i18n } from 'i18next';
import type enServer from '../../locales/en/server.json';
import { DEFAULT_LANG, LANG_CODES, NAMESPACES, isLangCode, type LangCode } from '../../schemas/languages.ts';

export const localesDir = path.resolve(import.meta.dirname, '../../locales');

export type LocaleBundle = Record<string, Record<string, unknown>>;

/** All namespaces of one language, read from `locales/<lang>/<ns>.json`. */
export const readLocale = (lang: LangCode): LocaleBundle =>
  Object.fromEntries(
    NAMESPACES.map((ns) => {
      const file = path.join(localesDir, lang, `${ns}.json`);
      return [ns, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {}];
    }),
  );

let instance: i18n | undefined;

/** Server messages in the member's language (the `lang` header), English where one is missing. */
export const messages = (): i18n => {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      initAsync: false,
      fallbackLng: DEFAULT_LANG,
      ns: ['server'],
      defaultNS: 'server',
      interpolation: { escapeValue: false },
      resources: Object.fromEntries(LANG_CODES.map((lang) => [lang, { server: readLocale(lang).server ?? {} }])),
    });
  }
  return instance;
};

export const langOf = (header: unknown): LangCode => (isLangCode(header) ? header : DEFAULT_LANG);

/** A key of locales/en/server.json: a message the server can send. */
export type MessageKey = keyof typeof enServer;

export const translate = (lang: LangCode, key: MessageKey, params: Record<string, string | number> = {}): string =>
  messages().getFixedT(lang, 'server')(key, params);
