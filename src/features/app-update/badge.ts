/**
 * The unread count on the installed app's icon (Badging API), where the browser has it: Chromium
 * on desktop and Android for installed apps, Safari for apps on the Home Screen. Works in the page
 * and in the service worker (a push sets it while no tab is open). Resolves false where there is
 * no badge.
 */
export const setBadge = async (count: number): Promise<boolean> => {
  const nav = (globalThis as { navigator?: Partial<Pick<Navigator, 'setAppBadge' | 'clearAppBadge'>> }).navigator;
  if (!nav?.setAppBadge || !nav.clearAppBadge) return false;
  try {
    if (count > 0) await nav.setAppBadge(Math.floor(count));
    else await nav.clearAppBadge();
    return true;
  } catch {
    // Not installed, or the member turned badges off: nothing to show, nothing to fix.
    return false;
  }
};
