import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { CodeField } from '../auth/code-field.tsx';
import { FormMessage } from '../auth/form-status.tsx';
import { useAuthenticatorSetup, useEmailTwoFactor } from '../auth/use-security.ts';

type TwoFactor = 'off' | 'google' | 'email';

/** What the panel is doing: showing the state, setting up the app, or waiting for a mailed code. */
type Mode =
  | { kind: 'idle' }
  | { kind: 'app'; qr: DataOf<'getGoogleQrcode'> }
  | { kind: 'email-on'; sentTo: string }
  | { kind: 'off'; sentTo: string };

/** Two-step verification: an authenticator app (QR code) or codes by e-mail, and turning it off. */
export const SecurityTwoFactor = ({ state, email, onChanged }: { state: TwoFactor; email: string; onChanged: () => unknown }) => {
  const { t } = useTranslation();
  const app = useAuthenticatorSetup();
  const mail = useEmailTwoFactor();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);

  const reset = (next: Mode) => {
    setMode(next);
    setCode('');
    setError(null);
  };
  const startApp = async () => {
    setDone(null);
    const result = await app.start();
    if (result.ok) reset({ kind: 'app', qr: result.data });
    else setError(result.message);
  };
  const startEmail = async (purpose: 'two_factor_on' | 'two_factor_off') => {
    setDone(null);
    const result = await mail.sendCode(purpose);
    if (result.ok) reset({ kind: purpose === 'two_factor_on' ? 'email-on' : 'off', sentTo: result.data.sent_to });
    else setError(result.message);
  };
  const confirm = async () => {
    if (!/^\d{6}$/.test(code)) return setError(t('settings.security.rules.code'));
    const result = mode.kind === 'app' ? await app.confirm(code) : mode.kind === 'email-on' ? await mail.turnOn(code) : await mail.turnOff(code);
    if (!result.ok) {
      setCode('');
      return setError(result.message);
    }
    setDone(mode.kind === 'app' ? t('settings.security.appOn') : mode.kind === 'email-on' ? t('settings.security.emailOn') : t('settings.security.off'));
    reset({ kind: 'idle' });
    void onChanged();
  };

  const stateText = state === 'google' ? t('settings.security.stateApp') : state === 'email' ? t('settings.security.stateEmail', { email }) : t('settings.security.stateOff');

  return (
    <section className="stack security-part" aria-labelledby="twofactor-heading">
      <h3 id="twofactor-heading">{t('settings.security.twoFactorTitle')}</h3>
      <p data-testid="two-factor-state">
        <span className="status-badge" data-on={state !== 'off'}>
          {state === 'off' ? t('settings.security.badgeOff') : t('settings.security.badgeOn')}
        </span>{' '}
        {stateText}
      </p>
      {done && <FormMessage kind="success">{done}</FormMessage>}

      {mode.kind === 'idle' && (
        <>
          <div className="row">
            {state !== 'google' && (
              <Button variant="secondary" onClick={startApp}>
                {t('settings.security.useApp')}
              </Button>
            )}
            {state === 'google' && (
              <Button variant="secondary" onClick={startApp}>
                {t('settings.security.newApp')}
              </Button>
            )}
            {state !== 'email' && (
              <Button variant="secondary" onClick={() => startEmail('two_factor_on')}>
                {t('settings.security.useEmail')}
              </Button>
            )}
            {state !== 'off' && (
              <Button variant="danger" onClick={() => setConfirmOff(true)} lockMs={0}>
                {t('settings.security.turnOff')}
              </Button>
            )}
          </div>
          {state === 'off' && <p className="muted">{t('settings.security.twoFactorWhy')}</p>}
          {error && <FormMessage>{error}</FormMessage>}
        </>
      )}

      {mode.kind !== 'idle' && (
        <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
          {mode.kind === 'app' ? (
            <div className="totp-setup">
              <img className="qr-code" src={mode.qr.qrcode} width={200} height={200} alt={t('settings.security.qrAlt')} />
              <div className="stack">
                <p>{t('settings.security.scan')}</p>
                <p>
                  {t('settings.security.orKey')}{' '}
                  <code className="secret" data-testid="totp-secret" dir="ltr">
                    {mode.qr.secret}
                  </code>
                </p>
              </div>
            </div>
          ) : (
            <p role="status">{t('settings.security.codeSentTo', { email: mode.sentTo })}</p>
          )}
          <CodeField
            label={mode.kind === 'app' ? t('settings.security.appCode') : t('settings.security.code')}
            name="two_factor_code"
            value={code}
            onChange={setCode}
            error={error}
          />
          <div className="row">
            <Button type="submit" variant={mode.kind === 'off' ? 'danger' : 'primary'} onClick={confirm}>
              {mode.kind === 'off' ? t('settings.security.confirmOff') : t('settings.security.confirmOn')}
            </Button>
            <Button variant="ghost" onClick={() => reset({ kind: 'idle' })} lockMs={0}>
              {t('actions.cancel')}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={t('settings.security.offTitle')}
        description={t('settings.security.offBody')}
        confirmLabel={t('settings.security.offSendCode')}
        onConfirm={() => startEmail('two_factor_off')}
      />
    </section>
  );
};
