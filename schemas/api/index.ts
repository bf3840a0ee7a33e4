import { callsOf } from '../call.ts';
import * as account from './account.ts';
import * as auth from './auth.ts';
import * as career from './career.ts';
import * as channels from './channels.ts';
import * as chat from './chat.ts';
import * as clubs from './clubs.ts';
import * as feed from './feed.ts';
import * as media from './media.ts';
import * as notifications from './notifications.ts';
import * as people from './people.ts';
import * as profile from './profile.ts';
import * as security from './security.ts';
import * as push from './push.ts';
import * as shared from './shared.ts';

/** Every call the server serves, by name: the client's types and the OpenAPI document come from here. */
export const CALLS = {
  ...callsOf(shared),
  ...callsOf(auth),
  ...callsOf(account),
  ...callsOf(security),
  ...callsOf(feed),
  ...callsOf(notifications),
  ...callsOf(clubs),
  ...callsOf(channels),
  ...callsOf(chat),
  ...callsOf(push),
  ...callsOf(people),
  ...callsOf(profile),
  ...callsOf(career),
  ...callsOf(media),
} as const;

export type Calls = typeof CALLS;
export type CallName = keyof Calls;
