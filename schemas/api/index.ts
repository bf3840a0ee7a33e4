import { callsOf } from '../call.ts';
import * as account from './account.ts';
import * as auth from './auth.ts';
import * as shared from './shared.ts';

/** Every call the server serves, by name: the client's types and the OpenAPI document come from here. */
export const CALLS = { ...callsOf(shared), ...callsOf(auth), ...callsOf(account) } as const;

export type Calls = typeof CALLS;
export type CallName = keyof Calls;
