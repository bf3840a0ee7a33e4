/**
 * Friend lists, live: a socket bound to the member's room (through `bind`, after every
 * (re)connect) hears `friends:changed` — a request arrived, was accepted, a friendship ended, a
 * block — and refreshes the saved answers of the friend screens, which then update by themselves.
 * Started by the people screens; it keeps listening until the member signs out.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServer, ServerToClient } from '../../../schemas/socket-events.ts';
import { api } from '../../api/instance.ts';
import { meAtom, onSessionEnd } from '../../api/session.ts';
import { refreshSaved } from '../profile/use-people-cache.ts';
import { FRIEND_CALLS } from './use-friends.ts';

let live: { userId: number; socket: Socket<ServerToClient, ClientToServer> } | null = null;

const stop = () => {
  live?.socket.close();
  live = null;
};

const start = (userId: number) => {
  if (live?.userId === userId) return;
  stop();
  const socket: Socket<ServerToClient, ClientToServer> = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
  live = { userId, socket };
  socket.on('client_id', ({ client_id }) => {
    // Bound again after every reconnect; what changed while away is fetched once bound.
    api.call('bind', { client_id }, { quiet: true }).then(
      () => refreshSaved(userId, FRIEND_CALLS),
      () => undefined,
    );
  });
  socket.on('friends:changed', () => void refreshSaved(userId, FRIEND_CALLS));
};

onSessionEnd(stop);

export const useFriendsLive = () => {
  const me = useAtomValue(meAtom);
  useEffect(() => {
    if (me) start(me.user_id);
  }, [me]);
};
