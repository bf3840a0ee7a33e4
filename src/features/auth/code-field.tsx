import type { ReactNode } from 'react';
import { Field } from '../../ui/field.tsx';

/** A six-digit code from an authenticator app or a mail: digits only, offered by the phone's keyboard. */
export const CodeField = ({
  label,
  value,
  onChange,
  error,
  hint,
  name = 'code',
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  name?: string;
}) => (
  <Field
    label={label}
    name={name}
    className="code-input"
    inputMode="numeric"
    autoComplete="one-time-code"
    pattern="[0-9]{6}"
    maxLength={6}
    value={value}
    error={error}
    hint={hint}
    onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
    required
  />
);

/** A six-digit payment password: hidden as typed, digits only. */
export const PinField = ({
  label,
  name,
  value,
  onChange,
  error,
  autoComplete = 'off',
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete?: string;
}) => (
  <Field
    label={label}
    name={name}
    type="password"
    className="code-input"
    inputMode="numeric"
    autoComplete={autoComplete}
    pattern="[0-9]{6}"
    maxLength={6}
    value={value}
    error={error}
    onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
    required
  />
);
