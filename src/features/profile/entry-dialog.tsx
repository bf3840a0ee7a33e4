import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { FormResult } from '../auth/form-result.ts';
import { unreachable } from './use-people-cache.ts';

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'month' | 'select' | 'url';
  required?: boolean;
  max?: number;
  hint?: string;
  options?: { value: string; label: string }[];
}

export type Values = Record<string, string>;

/**
 * A dialog form for one entry (a school, a job, a project…): labelled fields, the rule of each
 * checked before sending, and the server's answer shown by the field it names.
 */
export const EntryDialog = ({
  open,
  onOpenChange,
  title,
  fields,
  initial,
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  fields: FieldSpec[];
  initial: Values;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<FormResult>;
}) => {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const base = useId();

  const check = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const f of fields) {
      const v = (values[f.name] ?? '').trim();
      if (f.required && !v) out[f.name] = t('people.required');
      else if (f.max && [...v].length > f.max) out[f.name] = t('people.tooLong', { max: f.max });
      else if (f.kind === 'url' && v && !/^https?:\/\/\S+$/.test(v)) out[f.name] = t('people.url');
    }
    if (values.end && values.start && values.end < values.start) out.end = t('people.endBeforeStart');
    return out;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    const result = await onSubmit(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
    if (result.ok) return onOpenChange(false);
    if (result.field && fields.some((f) => f.name === result.field)) setErrors({ [result.field]: result.message });
    else setFormError(unreachable(result) ? t('people.network') : result.message);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form className="stack people-form" onSubmit={(e) => e.preventDefault()} noValidate>
        {fields.map((f) => {
          const id = `${base}-${f.name}`;
          const error = errors[f.name];
          const describedBy = [error ? `${id}-error` : null, f.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
          const common = {
            id,
            name: f.name,
            value: values[f.name] ?? '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy,
            required: f.required,
          };
          const set = (v: string) => setValues((old) => ({ ...old, [f.name]: v }));
          return (
            <div className="field" key={f.name}>
              <label htmlFor={id}>
                {f.label}
                {!f.required && <span className="muted"> {t('people.optional')}</span>}
              </label>
              {f.kind === 'textarea' ? (
                <textarea {...common} dir="auto" rows={3} onChange={(e) => set(e.target.value)} />
              ) : f.kind === 'select' ? (
                <select {...common} onChange={(e) => set(e.target.value)}>
                  <option value="">{t('people.choose')}</option>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...common} type={f.kind === 'month' ? 'month' : f.kind === 'url' ? 'url' : 'text'} dir={f.kind === 'text' ? 'auto' : undefined} onChange={(e) => set(e.target.value)} />
              )}
              {f.hint && (
                <span id={`${id}-hint`} className="field-hint">
                  {f.hint}
                </span>
              )}
              {error && (
                <span id={`${id}-error`} className="field-error" role="alert">
                  {error}
                </span>
              )}
            </div>
          );
        })}
        {formError && (
          <p className="alert" role="alert">
            {formError}
          </p>
        )}
        <div className="row people-dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" onClick={submit}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
