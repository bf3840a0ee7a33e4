/**
 * One socket per signed-in member and page, shared by every live feature (chat, notifications,
 * friends). After each (re)connect it binds the socket to the member's room once (`bind`), then
 * tells each feature, which catches up on what it missed while away. Features listen to their
 * events on `liveSocket()` and take their listeners off when they stop; the socket itself goes
 * with the session.
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServer, ServerToClient } from '../../schemas/socket-events.ts';
import { api } from '../api/instance.ts';

export type LiveSocket = Socket<ServerToClient, ClientToServer>;
type OnBound = (clientId: string) => void | Promise<void>;

let live: { userId: number; socket: LiveSocket; boundAs: string | null } | null = null;
const boundHandlers = new Set<OnBound>();

const bindAfterConnect = (userId: number, socket: LiveSocket, clientId: string, attempt = 0) => {
  api.call('bind', { client_id: clientId }, { quiet: true }).then(
    () => {
      if (live?.socket !== socket || socket.id !== clientId) return;
      live.boundAs = clientId;
      for (const fn of boundHandlers) void Promise.resolve(fn(clientId)).catch(() => undefined);
    },
    () => {
      // A server still starting: try again while this connection lasts.
      const delay = Math.min(30_000, 1000 * 2 ** attempt);
      setTimeout(() => {
        if (live?.socket === socket && socket.connected && socket.id === clientId) bindAfterConnect(userId, socket, clientId, attempt + 1);
      }, delay);
    },
  );
};

/** The member's socket, connecting it on first use (a new member closes the previous one's). */
export const liveSocket = (userId: number): LiveSocket => {
  if (live?.userId === userId) return live.socket;
  closeLive();
  const socket: LiveSocket = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
  live = { userId, socket, boundAs: null };
  socket.on('client_id', ({ client_id }) => bindAfterConnect(userId, socket, client_id));
  socket.on('disconnect', (reason) => {
    if (live?.socket === socket) live.boundAs = null;
    // socket.io does not reconnect by itself after a server-side disconnect; a member always wants to.
    if (reason === 'io server disconnect') setTimeout(() => live?.socket === socket && socket.connect(), 1000);
  });
  return socket;
};

/**
 * Runs `fn` each time the socket is bound (after every reconnect), and at once if it is bound
 * already, so a feature started late still catches up. Returns the way to stop.
 */
export const onBound = (fn: OnBound): (() => void) => {
  boundHandlers.add(fn);
  if (live?.boundAs) void Promise.resolve(fn(live.boundAs)).catch(() => undefined);
  return () => boundHandlers.delete(fn);
};

/** Closes the socket (the session ended). */
export const closeLive = () => {
  live?.socket.close();
  live = null;
};
