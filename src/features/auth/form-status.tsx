import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';

/** A form's message after sending: a warning (role alert) or a confirmation (role status). */
export const FormMessage = ({ kind = 'error', children }: { kind?: 'error' | 'success'; children: ReactNode }) =>
  kind === 'error' ? (
    <p className="alert" role="alert">
      {children}
    </p>
  ) : (
    <p className="notice" role="status">
      {children}
    </p>
  );

/** Loading, shown with a spinner and announced politely. */
export const Loading = ({ label }: { label?: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="muted" style={{ textAlign: 'center' }}>
        {label ?? t('app.loading')}
      </p>
    </div>
  );
};

/** A load that failed: what happened, and a way to try again. */
export const LoadFailed = ({ message, onRetry }: { message: string; onRetry: () => unknown }) => {
  const { t } = useTranslation();
  return (
    <div className="stack" role="alert">
      <p className="alert">{t('errors.loadFailed', { message })}</p>
      <div>
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </div>
    </div>
  );
};
