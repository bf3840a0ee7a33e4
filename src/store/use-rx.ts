import { useAtomValue } from 'jotai';
import { useLayoutEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { meAtom } from '../api/session.ts';
import { openLocalDb, openedLocalDb, type LocalDb } from './database.ts';

/**
 * Subscribes a component to an observable made from the member's local database (an RxDB query
 * or a document): `undefined` while the first value is on its way, then each new value.
 */
export const useLocal = <T>(make: (db: LocalDb) => Observable<T>, deps: unknown[]): T | undefined => {
  const me = useAtomValue(meAtom);
  const [value, setValue] = useState<{ deps: unknown[]; value: T } | undefined>(undefined);
  // Subscribed before the browser paints: a query another screen keeps live (the conversation
  // list's newest messages) answers at once from memory, so the first frame already shows it
  // rather than a loading state and a second render a task later.
  useLayoutEffect(() => {
    if (!me) return;
    let cancelled = false;
    let unsubscribe = () => {};
    const attach = (db: LocalDb) => {
      if (cancelled) return;
      const sub = make(db).subscribe((v) => setValue({ deps, value: v }));
      unsubscribe = () => sub.unsubscribe();
    };
    const ready = openedLocalDb(me.user_id);
    if (ready) attach(ready);
    else void openLocalDb(me.user_id).then(attach);
    return () => {
      cancelled = true;
      unsubscribe();
    };
    // `make` is rebuilt each render; `deps` says when its query changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me, ...deps]);
  const same = value && value.deps.length === deps.length && value.deps.every((d, i) => Object.is(d, deps[i]));
  return same ? value.value : undefined;
};
