import { atom } from 'jotai';

/**
 * The connection as a member sees it (always shown in the header): no network, connecting to
 * the server, catching up (pulling what was missed and sending what was queued), or live.
 */
export type Connection = { state: 'offline' } | { state: 'connecting' } | { state: 'syncing' } | { state: 'online' };

export const connectionAtom = atom<Connection>({ state: 'connecting' });
