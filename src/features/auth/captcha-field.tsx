import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../api/client.ts';

export interface CaptchaFieldProps {
  captcha: DataOf<'captcha'> | null;
  failed: boolean;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  onRefresh: () => void;
}

/** The captcha picture, a button for a new one, and the answer input. */
export const CaptchaField = ({ captcha, failed, value, error, onChange, onRefresh }: CaptchaFieldProps) => {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('captcha.label')}</label>
      <div className="captcha">
        {captcha ? (
          <img src={captcha.image} alt={t('captcha.alt')} width={150} height={50} data-captcha-id={captcha.captcha_id} />
        ) : (
          <span className="muted">{failed ? t('captcha.failed') : t('captcha.loading')}</span>
        )}
        <button type="button" className="btn" data-variant="secondary" onClick={onRefresh}>
          {t('captcha.refresh')}
        </button>
      </div>
      <input
        id={id}
        name="captcha_code"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
};
