import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLangCode, type LangCode } from '../../../schemas/languages.ts';
import { api } from '../../api/instance.ts';
import { changeLanguage, currentLang, type FetchLanguage } from '../../i18n/i18n.ts';

/** Fetches one language's texts through the language data call. */
export const fetchLanguage: FetchLanguage = (lang) => api.call('getWebLanguageData', { lang }, { quiet: true });

/** The interface language and a way to change it (the whole layout follows, RTL for Arabic). */
export const useLanguage = () => {
  const { i18n } = useTranslation();
  const lang: LangCode = isLangCode(i18n.language) ? i18n.language : currentLang();
  return {
    lang,
    languages: LANGUAGES,
    setLanguage: (next: LangCode) => changeLanguage(next, fetchLanguage),
  };
};
