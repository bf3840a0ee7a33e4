import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLangCode } from '../../../schemas/languages.ts';
import { showToast } from '../../app/toasts.ts';
import { useLanguage } from './use-language.ts';

/** The language picker of the header and of settings. */
export const LanguageSelect = ({ showLabel = false }: { showLabel?: boolean }) => {
  const { lang, languages, setLanguage } = useLanguage();
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="row" style={{ gap: '0.4rem' }}>
      <label htmlFor={id} className={showLabel ? undefined : 'visually-hidden'}>
        {t('settings.language')}
      </label>
      <select
        id={id}
        className="input"
        value={lang}
        data-testid="language-select"
        onChange={(e) => {
          const next = e.target.value;
          if (isLangCode(next)) setLanguage(next).catch(() => showToast('warn', t('errors.languageUnavailable')));
        }}
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.bcp47}>
            {l.name}
          </option>
        ))}
      </select>
    </span>
  );
};
