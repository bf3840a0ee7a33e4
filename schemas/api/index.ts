import { callsOf } from '../call.ts';
import * as account from './account.ts';
import * as auth from './auth.ts';
import * as chat from './chat.ts';
import * as feed from './feed.ts';
import * as security from './security.ts';
import * as shared from './shared.ts';

/** Every call the server serves, by name: the client's types and the OpenAPI document come from here. */
export const CALLS = {
  ...callsOf(shared),
  ...callsOf(auth),
  ...callsOf(account),
  ...callsOf(security),
  ...callsOf(feed),
  ...callsOf(chat),
} as const;

export type Calls = typeof CALLS;
export type CallName = keyof Calls;
