import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider, getDefaultStore, useAtomValue } from 'jotai';
import { Direction } from 'radix-ui';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../schemas/languages.ts';
import { onSessionEnd } from './api/session.ts';
import { meAtom } from './api/session.ts';
import { applyTheme, resolvedThemeAtom } from './app/theme.ts';
import { initI18n } from './i18n/i18n.ts';
import { fetchLanguage } from './features/settings/use-language.ts';
import { removeLocalDb } from './store/database.ts';
import { router } from './app/router.tsx';
import './ui/styles.css';

const App = () => {
  const theme = useAtomValue(resolvedThemeAtom);
  const { i18n } = useTranslation();
  const dir = LANGUAGES.find((l) => l.code === i18n.language)?.dir ?? 'ltr';
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <Direction.Provider dir={dir}>
      <RouterProvider router={router} />
    </Direction.Provider>
  );
};

// A member's local data goes with their session.
let lastMember = getDefaultStore().get(meAtom)?.user_id;
getDefaultStore().sub(meAtom, () => {
  lastMember = getDefaultStore().get(meAtom)?.user_id ?? lastMember;
});
onSessionEnd(() => (lastMember ? removeLocalDb(lastMember) : undefined));

const start = async () => {
  applyTheme(getDefaultStore().get(resolvedThemeAtom));
  await initI18n(fetchLanguage);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <JotaiProvider store={getDefaultStore()}>
        <App />
      </JotaiProvider>
    </StrictMode>,
  );
};
void start();
