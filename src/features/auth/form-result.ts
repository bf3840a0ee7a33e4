import { Status } from '../../../schemas/status.ts';
import { CallError } from '../../api/client.ts';

/** The outcome of a form call: done (with the answer), or the field the server named and its message. */
export type FormResult<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; field: string | null; message: string; status: number; data: unknown };

export const failure = (e: unknown): Extract<FormResult, { ok: false }> => {
  if (e instanceof CallError) {
    const field = e.cause_ === 'answer' && e.status === Status.validation ? (/^([a-z_]+)[:.[]/.exec(e.message)?.[1] ?? null) : null;
    return { ok: false, field, message: e.message, status: e.status, data: e.data };
  }
  return { ok: false, field: null, message: e instanceof Error ? e.message : String(e), status: 0, data: null };
};

/** Runs a call for a form and turns a failure into a FormResult instead of a throw. */
export const formCall = async <T>(run: () => Promise<T>): Promise<FormResult<T>> => {
  try {
    return { ok: true, data: await run() };
  } catch (e) {
    return failure(e);
  }
};
