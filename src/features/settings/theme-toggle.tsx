import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { resolvedThemeAtom, themeChoiceAtom } from '../../app/theme.ts';

/** One click flips between light and dark; the choice is remembered. */
export const ThemeToggle = () => {
  const [, setChoice] = useAtom(themeChoiceAtom);
  const resolved = useAtomValue(resolvedThemeAtom);
  const { t } = useTranslation();
  const next = resolved === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn"
      data-variant="ghost"
      data-testid="theme-toggle"
      aria-label={t(next === 'dark' ? 'settings.useDark' : 'settings.useLight')}
      title={t(next === 'dark' ? 'settings.useDark' : 'settings.useLight')}
      onClick={() => setChoice(next)}
    >
      <span aria-hidden="true">{resolved === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
};
