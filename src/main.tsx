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
import { stopChatEngine } from './features/chat/engine/engine.ts';
import { closeLive } from './realtime/live.ts';
import { router } from './app/router.tsx';
import { UpdateBanner } from './features/app-update/update-banner.tsx';
import { listenForInstallPrompt } from './features/app-update/install.ts';
import { startServiceWorker } from './features/app-update/register-sw.ts';
import { stopPushAtSignOut } from './features/app-update/push-subscription.ts';
import { mirrorSessionMeta } from './store/session-meta.ts';
import './ui/styles.css';

const App = () => {
  const theme = useAtomValue(resolvedThemeAtom);
  const { i18n } = useTranslation();
  const dir = LANGUAGES.find((l) => l.code === i18n.language)?.dir ?? 'ltr';
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <Direction.Provider dir={dir}>
      <RouterProvider router={router} />
      <UpdateBanner />
    </Direction.Provider>
  );
};

// A member's local data goes with their session.
let lastMember = getDefaultStore().get(meAtom)?.user_id;
getDefaultStore().sub(meAtom, () => {
  lastMember = getDefaultStore().get(meAtom)?.user_id ?? lastMember;
});
onSessionEnd(async () => {
  stopChatEngine();
  closeLive();
  if (lastMember) await removeLocalDb(lastMember);
});

// The installable app: install prompt, service worker, and what the worker needs with no tab open.
listenForInstallPrompt();
stopPushAtSignOut();

const start = async () => {
  applyTheme(getDefaultStore().get(resolvedThemeAtom));
  startServiceWorker();
  await initI18n(fetchLanguage);
  mirrorSessionMeta();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <JotaiProvider store={getDefaultStore()}>
        <App />
      </JotaiProvider>
    </StrictMode>,
  );
};
void start();
