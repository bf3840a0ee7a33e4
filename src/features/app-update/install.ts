import { atom, getDefaultStore, useAtomValue } from 'jotai';

/**
 * Installing the app. Chromium offers it through `beforeinstallprompt`, which we keep so the
 * member installs from our own "Install" button; iOS has no prompt, only Share → Add to Home
 * Screen, which we explain (web push works there only once installed).
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const promptAtom = atom<BeforeInstallPromptEvent | null>(null);
const installedAtom = atom(false);

/** Running as the installed app (its own window), not in a browser tab. */
export const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone and iPad, also iPadOS that reports itself as a Mac. */
export const isIos = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

/** Call once at start-up, before the browser fires the event. */
export const listenForInstallPrompt = () => {
  const store = getDefaultStore();
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: the member installs from our button
    store.set(promptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    store.set(promptAtom, null);
    store.set(installedAtom, true);
  });
};

export type InstallState =
  | { kind: 'installed' }
  | { kind: 'prompt'; install: () => Promise<boolean> }
  | { kind: 'ios' }
  /** The browser installs from its own menu, or not at all. */
  | { kind: 'browser-menu' };

export const useInstall = (): InstallState => {
  const prompt = useAtomValue(promptAtom);
  const installed = useAtomValue(installedAtom);
  if (installed || isStandalone()) return { kind: 'installed' };
  if (prompt) {
    return {
      kind: 'prompt',
      install: async () => {
        await prompt.prompt();
        const { outcome } = await prompt.userChoice;
        // A prompt can be shown once; the browser fires a new event when it may be offered again.
        getDefaultStore().set(promptAtom, null);
        return outcome === 'accepted';
      },
    };
  }
  return isIos() ? { kind: 'ios' } : { kind: 'browser-menu' };
};
