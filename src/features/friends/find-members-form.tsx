import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_KEYWORD_MAX } from '../../../schemas/api/people.ts';
import { Button } from '../../ui/button.tsx';
import type { SearchField } from './use-friends.ts';

const FIELDS: SearchField[] = ['all', 'name', 'chapter', 'skill'];

/** Search by name, chapter or skill; the results page shows what was asked for. */
export const FindMembersForm = ({ initial = '', initialField = 'all' }: { initial?: string; initialField?: SearchField }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(initial);
  const [field, setField] = useState<SearchField>(initialField);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const fieldId = useId();
  const errorId = useId();

  const submit = () => {
    const value = keyword.trim();
    if (!/[\p{L}\p{N}]/u.test(value)) return setError(t('search.needWord'));
    setError(null);
    void navigate({ to: '/search-result', search: { keyword: value, ...(field !== 'all' ? { field } : {}) } });
  };

  return (
    <form role="search" className="card stack people-search" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="row people-search-row">
        <div className="field people-search-input">
          <label htmlFor={inputId}>{t('search.label')}</label>
          <input
            id={inputId}
            type="search"
            name="keyword"
            dir="auto"
            maxLength={SEARCH_KEYWORD_MAX}
            value={keyword}
            placeholder={t('search.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={fieldId}>{t('search.in')}</label>
          <select id={fieldId} value={field} onChange={(e) => setField(e.target.value as SearchField)}>
            {FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`search.fields.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" onClick={submit} lockMs={300}>
          {t('search.submit')}
        </Button>
      </div>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
};
