import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cached } from '../../store/cache.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import type { FormResult } from '../auth/form-result.ts';
import { CachedView } from './cached-states.tsx';
import { EntryDialog, type FieldSpec, type Values } from './entry-dialog.tsx';

export interface EntryListProps<T> {
  id: string;
  title: string;
  empty: string;
  cached: Cached<T[]> & { refresh: () => Promise<void> };
  mine: boolean;
  fields: FieldSpec[];
  idOf: (item: T) => number;
  labelOf: (item: T) => string;
  valuesOf: (item: T | null) => Values;
  render: (item: T) => ReactNode;
  save: (id: number | null, values: Values) => Promise<FormResult>;
  remove: (id: number) => Promise<FormResult>;
  addLabel: string;
}

/** A profile list (education, jobs, projects): read by everyone who may see the profile, edited by its owner. */
export const EntryList = <T,>(props: EntryListProps<T>) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = `${props.id}-heading`;
  return (
    <section className="card stack people-section" aria-labelledby={headingId}>
      <div className="row people-section-head">
        <h2 id={headingId} className="h3">
          {props.title}
        </h2>
        {props.mine && (
          <Button variant="secondary" disabled={!online} onClick={() => setEditing({ item: null })}>
            {props.addLabel}
          </Button>
        )}
      </div>
      <CachedView cached={props.cached}>
        {(items) =>
          items.length === 0 ? (
            <p className="muted">{props.empty}</p>
          ) : (
            <ul className="people-entries">
              {items.map((item) => (
                <li key={props.idOf(item)} className="people-entry">
                  <div className="people-entry-body">{props.render(item)}</div>
                  {props.mine && (
                    <div className="row">
                      <Button variant="ghost" disabled={!online} onClick={() => setEditing({ item })} aria-label={t('people.editNamed', { name: props.labelOf(item) })}>
                        {t('people.edit')}
                      </Button>
                      <Button variant="ghost" disabled={!online} onClick={() => setRemoving(item)} aria-label={t('people.removeNamed', { name: props.labelOf(item) })}>
                        {t('actions.delete')}
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </CachedView>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {editing && (
        <EntryDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={editing.item ? t('people.editTitle', { name: props.labelOf(editing.item) }) : props.addLabel}
          fields={props.fields}
          initial={props.valuesOf(editing.item)}
          submitLabel={t('actions.save')}
          onSubmit={(values) => props.save(editing.item ? props.idOf(editing.item) : null, values)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('people.removeTitle', { name: removing ? props.labelOf(removing) : '' })}
        description={t('people.removeBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={async () => {
          if (!removing) return;
          setError(null);
          const result = await props.remove(props.idOf(removing));
          if (!result.ok) setError(result.message);
        }}
      />
    </section>
  );
};
