import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { useInstall } from './install.ts';

/** The "Install the app" row of settings: our button where the browser offers it, guidance elsewhere. */
export const InstallRow = () => {
  const { t } = useTranslation();
  const state = useInstall();
  const [declined, setDeclined] = useState(false);
  return (
    <div className="device-row" data-testid="install-row">
      <div className="stack-tight">
        <h3>{t('pwa.install.title')}</h3>
        {state.kind === 'installed' && <p className="muted">{t('pwa.install.installed')}</p>}
        {state.kind === 'prompt' && <p className="muted">{t('pwa.install.why')}</p>}
        {state.kind === 'ios' && <p className="muted">{t('pwa.install.ios')}</p>}
        {state.kind === 'browser-menu' && <p className="muted">{t('pwa.install.browserMenu')}</p>}
        {declined && <p className="muted">{t('pwa.install.declined')}</p>}
      </div>
      {state.kind === 'prompt' && (
        <Button onClick={async () => setDeclined(!(await state.install()))}>{t('pwa.install.button')}</Button>
      )}
    </div>
  );
};
