import { useAtomValue } from 'jotai';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { dismissToast, toastsAtom } from '../app/toasts.ts';

/** Renders the toast queue; warnings stay longer and are announced assertively. */
export const Toaster = () => {
  const toasts = useAtomValue(toastsAtom);
  const { t } = useTranslation();
  return (
    <Toast.Provider swipeDirection="right" label={t('toast.region')}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className="toast"
          data-kind={toast.kind}
          type={toast.kind === 'warn' ? 'foreground' : 'background'}
          duration={toast.kind === 'warn' ? 8000 : 4000}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
        >
          <Toast.Description dir="auto">{toast.message}</Toast.Description>
          <Toast.Close className="btn" data-variant="ghost" aria-label={t('actions.close')}>
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
};
