import { useTranslation } from 'react-i18next';
import { usePush } from '../app-update/use-push.ts';
import { Button } from '../../ui/button.tsx';

/** "Notifications on this device": on or off, and what to do when the browser or device says no. */
export const PushRow = () => {
  const { t } = useTranslation();
  const { status, failure, turnOn, turnOff } = usePush();
  const on = status.kind === 'on';
  return (
    <div className="device-row" data-testid="push-row">
      <div className="stack-tight">
        <h3>
          {t('pwa.push.title')}{' '}
          {(status.kind === 'on' || status.kind === 'off') && (
            <span className="status-badge" data-on={on}>
              {on ? t('pwa.push.on') : t('pwa.push.off')}
            </span>
          )}
        </h3>
        <p className="muted">{t('pwa.push.what')}</p>
        {status.kind === 'blocked' && <p role="alert">{t('pwa.push.blocked')}</p>}
        {status.kind === 'needs-install' && <p>{t('pwa.push.needsInstall')}</p>}
        {status.kind === 'unsupported' && <p>{t('pwa.push.unsupported')}</p>}
        {status.kind === 'off' && status.dismissed && <p>{t('pwa.push.dismissed')}</p>}
        {failure && <p role="alert">{failure.kind === 'network' ? t('pwa.push.network') : t('pwa.push.failed', { message: failure.message })}</p>}
      </div>
      {status.kind === 'off' && <Button onClick={turnOn}>{t('pwa.push.turnOn')}</Button>}
      {status.kind === 'on' && (
        <Button variant="secondary" onClick={turnOff}>
          {t('pwa.push.turnOff')}
        </Button>
      )}
    </div>
  );
};
