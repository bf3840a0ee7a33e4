import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGUAGES, NAMESPACES, isLangCode, type LangCode } from '../../schemas/languages.ts';
import enCommon from '../../locales/en/common.json';
import enAuth from '../../locales/en/auth.json';
import enLegal from '../../locales/en/legal.json';
import enServer from '../../locales/en/server.json';

/**
 * Interface texts come from getWebLanguageData and are kept in localStorage, so a reload
 * without a connection still shows the chosen language. The English files are bundled only as
 * the last fallback, for a first visit whose language call fails.
 */
export const LANG_KEY = 'mn.lang';
const cacheKey = (lang: LangCode) => `mn.locale.${lang}`;

export const bundledEnglish = { common: enCommon, auth: enAuth, legal: enLegal, server: enServer };

interface CachedLocale {
  version: string;
  resources: Record<string, Record<string, unknown>>;
}

export const storedLang = (): LangCode => {
  const saved = localStorage.getItem(LANG_KEY);
  if (isLangCode(saved)) return saved;
  return DEFAULT_LANG;
};

const readCache = (lang: LangCode): CachedLocale | null => {
  try {
    const raw = localStorage.getItem(cacheKey(lang));
    return raw ? (JSON.parse(raw) as CachedLocale) : null;
  } catch {
    return null;
  }
};

export type FetchLanguage = (lang: LangCode) => Promise<CachedLocale>;

const addResources = (lang: LangCode, resources: CachedLocale['resources']) => {
  for (const ns of NAMESPACES) i18next.addResourceBundle(lang, ns, resources[ns] ?? {}, true, true);
};

export const applyDirection = (lang: LangCode) => {
  const meta = LANGUAGES.find((l) => l.code === lang)!;
  document.documentElement.lang = meta.bcp47;
  document.documentElement.dir = meta.dir;
};

/** Loads one language: from the cache at once when there is one, refreshed from the server. */
export const loadLanguage = async (lang: LangCode, fetchLanguage: FetchLanguage): Promise<void> => {
  const cached = readCache(lang);
  if (cached) addResources(lang, cached.resources);
  const fresh = fetchLanguage(lang).then((data) => {
    if (data.version !== cached?.version) {
      localStorage.setItem(cacheKey(lang), JSON.stringify(data));
      addResources(lang, data.resources);
    }
  });
  if (cached) {
    fresh.catch(() => undefined); // offline: the cached texts stand
    return;
  }
  try {
    await fresh;
  } catch {
    if (lang !== DEFAULT_LANG) throw new Error(`language ${lang} could not be loaded`);
    addResources(DEFAULT_LANG, bundledEnglish);
  }
};

export const initI18n = async (fetchLanguage: FetchLanguage): Promise<void> => {
  await i18next.use(initReactI18next).init({
    lng: storedLang(),
    fallbackLng: DEFAULT_LANG,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const lang = storedLang();
  await loadLanguage(DEFAULT_LANG, fetchLanguage);
  if (lang !== DEFAULT_LANG) await loadLanguage(lang, fetchLanguage).catch(() => undefined);
  applyDirection(lang);
};

export const changeLanguage = async (lang: LangCode, fetchLanguage: FetchLanguage): Promise<void> => {
  await loadLanguage(lang, fetchLanguage);
  localStorage.setItem(LANG_KEY, lang);
  await i18next.changeLanguage(lang);
  applyDirection(lang);
};

export const currentLang = (): LangCode => (isLangCode(i18next.language) ? i18next.language : DEFAULT_LANG);
