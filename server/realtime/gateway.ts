import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { conversationRoom, userRoom, type ClientToServer, type ServerToClient } from '../../schemas/socket-events.ts';

/**
 * The socket.io side of the server. A socket learns its client_id on connecting and receives
 * nothing until `bind` ties it to a member (and `bindGroup` to their groups), after every
 * reconnect (spec section 7). Fan-out goes through rooms, so several processes can share it
 * behind an adapter.
 */
export type Io = Server<ClientToServer, ServerToClient>;
type Emit = <E extends keyof ServerToClient>(event: E, ...args: Parameters<ServerToClient[E]>) => void;

export interface Realtime {
  io: Io | null;
  /** Ties a connected socket to a member; false when no such socket is connected here. */
  bindSocket(clientId: string, userId: number): Promise<boolean>;
  joinConversations(clientId: string, conversationIds: number[]): Promise<boolean>;
  /** Puts every socket of a member into, or out of, a conversation's room. */
  addToConversation(userId: number, conversationId: number): void;
  removeFromConversation(userId: number, conversationId: number): void;
  toUsers(userIds: number[]): { emit: Emit };
  toConversation(conversationId: number): { emit: Emit };
  /** Whether any socket of the member is bound here (push notifications go to the others). */
  isOnline(userId: number): Promise<boolean>;
  close(): Promise<void>;
}

const noop: { emit: Emit } = { emit: () => {} };

export const attachRealtime = (server: HttpServer): Realtime => {
  const io: Io = new Server(server, { path: '/socket.io', serveClient: false, pingInterval: 10_000, pingTimeout: 8_000 });
  io.on('connection', (socket) => {
    socket.emit('client_id', { client_id: socket.id });
  });
  const socketOf = (clientId: string) => io.sockets.sockets.get(clientId);
  return {
    io,
    async bindSocket(clientId, userId) {
      const socket = socketOf(clientId);
      if (!socket) return false;
      // A socket belongs to one member: rebinding to another drops the old rooms.
      for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
      await socket.join(userRoom(userId));
      socket.data = { userId };
      return true;
    },
    async joinConversations(clientId, conversationIds) {
      const socket = socketOf(clientId);
      if (!socket) return false;
      await socket.join(conversationIds.map(conversationRoom));
      return true;
    },
    addToConversation(userId, conversationId) {
      io.in(userRoom(userId)).socketsJoin(conversationRoom(conversationId));
    },
    removeFromConversation(userId, conversationId) {
      io.in(userRoom(userId)).socketsLeave(conversationRoom(conversationId));
    },
    toUsers(userIds) {
      if (userIds.length === 0) return noop;
      return { emit: (event, ...args) => io.to(userIds.map(userRoom)).emit(event, ...args) };
    },
    toConversation(conversationId) {
      return { emit: (event, ...args) => io.to(conversationRoom(conversationId)).emit(event, ...args) };
    },
    async isOnline(userId) {
      return (await io.in(userRoom(userId)).fetchSockets()).length > 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Only the transports are closed (not a socket.io "server disconnect", after which clients
        // would not come back): clients reconnect to the next process by themselves.
        // The HTTP server itself is closed by Fastify.
        io.engine.close();
        resolve();
      }),
  };
};
