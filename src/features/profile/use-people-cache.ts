import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { CallName } from '../../../schemas/api/index.ts';
import type { BodyOf, DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { meAtom } from '../../api/session.ts';
import { openLocalDb } from '../../store/database.ts';
import { formCall, type FormResult } from '../auth/form-result.ts';

const REFRESH_AT_MOST = 24;

/**
 * After a change (a request accepted, a skill added, a photo deleted…) every saved answer of the
 * calls it touches is fetched again and saved, so every screen showing them — on this tab and
 * others — updates from the local store, the way the rest of the app does.
 */
export const refreshSaved = async (userId: number, names: readonly CallName[]): Promise<void> => {
  const db = await openLocalDb(userId);
  // The answers seen most recently are the ones on screen; older ones refresh when opened again.
  const found = await db.cache.find({ selector: { name: { $in: [...names] } } }).exec();
  const docs = found.sort((a, b) => b.fetchedAt - a.fetchedAt).slice(0, REFRESH_AT_MOST);
  await Promise.all(
    docs.map(async (doc) => {
      const body = JSON.parse(doc.key.slice(doc.name.length + 1)) as BodyOf<CallName>;
      try {
        const data = await api.call(doc.name as CallName, body, { quiet: true });
        await doc.incrementalPatch({ data: { value: data }, fetchedAt: Date.now() });
      } catch {
        // Unreachable, or gone (an album deleted): the saved copy stays; a screen showing it asks again and says why.
      }
    }),
  );
};

/**
 * Runs a change through the one HTTP client — success messages and refusals (9999) appear as
 * toasts as everywhere else — then refreshes the saved answers it affects. Failures come back
 * as a FormResult for the form to show by its field.
 */
export const useChange = () => {
  const me = useAtomValue(meAtom);
  return useCallback(
    async <N extends CallName>(name: N, body: BodyOf<N>, refresh: readonly CallName[]): Promise<FormResult<DataOf<N>>> => {
      const result = await formCall(() => api.call(name, body));
      if (result.ok && me) await refreshSaved(me.user_id, refresh);
      return result;
    },
    [me],
  );
};

/** No answer came back (network, timeout): the form says so instead of the raw error. */
export const unreachable = (result: { ok: false; status: number }) => result.status === 0;
