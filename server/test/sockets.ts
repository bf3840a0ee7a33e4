import { io as connect, type Socket } from 'socket.io-client';
import type { TestServer } from './harness.ts';

/**
 * A socket.io client connected to the test server (listening on a free port from the first
 * call), with the client_id the server gave it; not bound to anyone yet.
 */
export const openSocket = async (server: TestServer): Promise<{ socket: Socket; clientId: string }> => {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  return new Promise((resolve) => socket.once('client_id', ({ client_id }: { client_id: string }) => resolve({ socket, clientId: client_id })));
};
