import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looksLikeEmail } from '../../../schemas/rules.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { CodeField } from '../auth/code-field.tsx';
import { FormMessage } from '../auth/form-status.tsx';
import { useChangeEmail } from '../auth/use-security.ts';

/** Moving the account to a new e-mail address, proven with a code sent there. */
export const SecurityEmail = ({ email, onChanged }: { email: string; onChanged: () => unknown }) => {
  const { t } = useTranslation();
  const { sendCode, confirm } = useChangeEmail();
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const send = async () => {
    const value = next.trim();
    if (!looksLikeEmail(value)) return setError(t('settings.security.rules.email'));
    setError(null);
    setDone(null);
    const result = await sendCode(value);
    if (result.ok) setSentTo(result.data.sent_to);
    else setError(result.message);
  };
  const apply = async () => {
    if (!/^\d{6}$/.test(code)) return setError(t('settings.security.rules.code'));
    setError(null);
    const result = await confirm(next.trim(), code);
    if (result.ok) {
      setDone(result.data.email);
      setSentTo(null);
      setNext('');
      setCode('');
      void onChanged();
    } else setError(result.message);
  };

  return (
    <section className="stack security-part" aria-labelledby="email-heading">
      <h3 id="email-heading">{t('settings.security.emailTitle')}</h3>
      <p dir="auto">{t('settings.security.emailNow', { email })}</p>
      <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field
          label={t('settings.security.newEmail')}
          type="email"
          name="new_email"
          autoComplete="email"
          value={next}
          onChange={(e) => {
            setNext(e.target.value);
            setSentTo(null);
          }}
          error={sentTo ? null : error}
          required
        />
        {sentTo && (
          <>
            <p role="status">{t('settings.security.codeSentTo', { email: sentTo })}</p>
            <CodeField label={t('settings.security.code')} name="email_code" value={code} onChange={setCode} error={error} />
          </>
        )}
        {done && <FormMessage kind="success">{t('settings.security.emailChanged', { email: done })}</FormMessage>}
        <div className="row">
          {sentTo ? (
            <>
              <Button type="submit" onClick={apply}>
                {t('settings.security.confirmEmail')}
              </Button>
              <Button variant="ghost" onClick={send}>
                {t('settings.security.sendAgain')}
              </Button>
            </>
          ) : (
            <Button type="submit" variant="secondary" onClick={send}>
              {t('settings.security.sendCode')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
};
