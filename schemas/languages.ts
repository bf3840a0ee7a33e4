/** The six interface languages (spec section 1); `en` is the default. */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', bcp47: 'en' },
  { code: 'ar', name: 'العربية', dir: 'rtl', bcp47: 'ar' },
  { code: 'chi', name: '中文', dir: 'ltr', bcp47: 'zh' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr', bcp47: 'hi' },
  { code: 'gr', name: 'Ελληνικά', dir: 'ltr', bcp47: 'el' },
  { code: 'fr', name: 'Français', dir: 'ltr', bcp47: 'fr' },
] as const;

export type LangCode = (typeof LANGUAGES)[number]['code'];
export const LANG_CODES: LangCode[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANG: LangCode = 'en';

export const isLangCode = (value: unknown): value is LangCode =>
  typeof value === 'string' && (LANG_CODES as string[]).includes(value);

/** Locale files are `locales/<lang>/<namespace>.json`; i18next namespaces, one per area. */
export const NAMESPACES = ['common', 'auth', 'legal', 'server'] as const;
export type Namespace = (typeof NAMESPACES)[number];
