import { useAtom } from 'jotai';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { appUpdateAtom } from './register-sw.ts';

/**
 * "A new version is ready — Reload": shown until the member reloads or puts it off, at the top
 * so it never hides the toasts or the message composer at the bottom.
 */
export const UpdateBanner = () => {
  const { t } = useTranslation();
  const [update, setUpdate] = useAtom(appUpdateAtom);
  const reload = () => (update?.kind === 'ready' ? update.apply() : window.location.reload());
  return (
    <Toast.Provider swipeDirection="up" label={t('pwa.update.region')}>
      {update && (
        <Toast.Root
          className="toast app-update"
          type="foreground"
          duration={Infinity}
          data-testid="app-update"
          onOpenChange={(open) => {
            if (!open) setUpdate(null);
          }}
        >
          <Toast.Description>{update.kind === 'ready' ? t('pwa.update.ready') : t('pwa.update.activated')}</Toast.Description>
          <div className="row">
            <Toast.Action asChild altText={t('pwa.update.reload')}>
              <Button onClick={reload}>{t('pwa.update.reload')}</Button>
            </Toast.Action>
            <Toast.Close asChild>
              <Button variant="ghost">{t('pwa.update.later')}</Button>
            </Toast.Close>
          </div>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport app-update-viewport" />
    </Toast.Provider>
  );
};
