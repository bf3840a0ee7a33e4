/* Factories for the community tests: members, posts, chapters with boards, and a listening socket. */
import { io as connect, type Socket } from 'socket.io-client';
import type { PostView } from '../../../schemas/api/feed.ts';
import type { ServerToClient } from '../../../schemas/socket-events.ts';
import { blocks, channelBoard, chapters, profiles } from '../../db/schema/index.ts';
import type { TestServer } from '../../test/harness.ts';
import type { createMember } from '../../test/members.ts';

export type M = Awaited<ReturnType<typeof createMember>>;

export interface Page<T> {
  list: T[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/** Calls as a member, with the call's own method. */
export const caller = (server: TestServer) => {
  const as = <T = unknown>(who: M, name: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST') => server.call<T>(name, body, { token: who.token, method });
  return {
    as,
    post: (who: M, content: string, extra: Record<string, unknown> = {}) => as<PostView>(who, 'createPost', { content, visibility: 'public', ...extra }),
    feedIds: async (who: M) => (await as<Page<PostView>>(who, 'homePage', { page_size: 50 })).data!.list.map((p) => p.post_id),
  };
};

export const block = (server: TestServer, blocker: M, blocked: M) => server.database.db.insert(blocks).values({ blockerId: blocker.userId, blockedId: blocked.userId });

/** A chain of chapters from the global one down to a local one, named after `tag`. */
export const chapterTree = async (server: TestServer, tag: string) => {
  const db = server.database.db;
  const add = async (name: string, level: string, parentId: number | null, country = '') =>
    (await db.insert(chapters).values({ name: `${name} ${tag}`, level, parentId, country }).returning({ id: chapters.id }))[0]!.id;
  const global = await add('Global', 'global', null);
  const area = await add('Area', 'area', global);
  const national = await add('National', 'national', area, 'FR');
  const regional = await add('Regional', 'regional', national, 'FR');
  const local = await add('Local', 'local', regional, 'FR');
  return { global, area, national, regional, local };
};

export const seatOnBoard = (server: TestServer, channelId: number, who: M, year: number, title = 'President') =>
  server.database.db.insert(channelBoard).values({ channelId, userId: who.userId, title, year });

export const joinChapter = (server: TestServer, who: M, chapterId: number) =>
  server.database.db.insert(profiles).values({ userId: who.userId, chapterId }).onConflictDoUpdate({ target: profiles.userId, set: { chapterId } });

/** A socket bound to a member through the real `bind` call; it records every event it receives. */
export const listen = async (server: TestServer, who: M) => {
  const address = server.app.server.address();
  if (!address || typeof address === 'string') await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const socket: Socket<ServerToClient> = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  const clientId = await new Promise<string>((resolve) => socket.once('client_id', ({ client_id }) => resolve(client_id)));
  const res = await server.call('bind', { client_id: clientId }, { token: who.token, chat: true });
  if (res.status !== 200) throw new Error(`bind failed: ${res.msg}`);
  const events: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  /** Resolves with the first event of this name for which `match` holds (waits up to 5 s). */
  const next = <T>(event: string, match: (payload: T) => boolean = () => true) =>
    new Promise<T>((resolve, reject) => {
      const found = events.find((e) => e.event === event && match(e.payload as T));
      if (found) return resolve(found.payload as T);
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
      const handler = (name: string, payload: unknown) => {
        if (name !== event || !match(payload as T)) return;
        clearTimeout(timer);
        socket.offAny(handler);
        resolve(payload as T);
      };
      socket.onAny(handler);
    });
  return { socket, events, next, close: () => socket.close() };
};
