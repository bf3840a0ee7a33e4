/**
 * The server side of `npm run bench:chat`, in a process of its own so the measured server never
 * shares an event loop with the thousand clients that load it (as in a deployment).
 *
 *   node --import tsx scripts/bench-chat-server.ts ours|raw
 *
 * `ours` starts the members' network over a fresh database (PGlite in memory, or
 * BENCH_DATABASE_URL) with CLIENTS members — pairs of friends and groups of GROUP_SIZE — and, when
 * BIG is set, a conversation of BIG messages between the first two; `raw` starts a bare socket.io
 * relay, the baseline. Either prints one JSON line (its address and members) and runs until SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { Server } from 'socket.io';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { conversationMembers, conversations, messages } from '../server/db/schema/index.ts';
import { loadOrCreateKeyPair } from '../server/http/crypto.ts';
import { createSession } from '../server/modules/auth/tokens.ts';
import { createUser } from '../server/modules/auth/users.ts';
import { hashPassword } from '../server/modules/auth/passwords.ts';
import { ensureDirect } from '../server/modules/chat/conversations.ts';
import { befriend } from '../server/modules/friends/relations.ts';

export const GROUP_SIZE = 10;

export interface BenchServer {
  url: string;
  engine?: string;
  members: { id: number; token: string }[];
  groups: number[];
}

const raw = async (): Promise<{ info: BenchServer; close: () => Promise<void> }> => {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => {
    socket.emit('client_id', { client_id: socket.id });
    socket.on('join', (room: string) => void socket.join(room));
    socket.on('say', (room: string, payload: unknown) => io.to(room).emit('said', payload));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  return { info: { url, members: [], groups: [] }, close: () => io.close() };
};

const ours = async (): Promise<{ info: BenchServer; close: () => Promise<void> }> => {
  const clients = Number(process.env.CLIENTS ?? 1000);
  const big = Number(process.env.BIG ?? 0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mn-bench-'));
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }),
    clientDir: path.resolve(process.env.CLIENT_DIR ?? 'dist'),
  };
  const app = await buildApp({ config, database, keys: loadOrCreateKeyPair(dir), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const db = database.db;

  // Members straight through the services (one shared password hash keeps set-up fast).
  const passwordHash = await hashPassword('Bench1234');
  const members: BenchServer['members'] = [];
  for (let i = 0; i < clients; i++) {
    const user = (await createUser(db, { email: `bench${i}@example.org`, password: '', nickName: `Bench ${i}`, passwordHash }))!;
    members.push({ id: user.id, token: (await createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'bench' })).token });
  }
  for (let i = 0; i + 1 < clients; i += 2) await befriend(db, members[i]!.id, members[i + 1]!.id);
  const groups: number[] = [];
  for (let g = 0; g * GROUP_SIZE < clients; g++) {
    const [conv] = await db.insert(conversations).values({ kind: 'group', name: `Group ${g}`, ownerId: members[g * GROUP_SIZE]!.id }).returning();
    const ids = members.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE).map((m) => m.id);
    await db.insert(conversationMembers).values(ids.map((userId, k) => ({ conversationId: conv!.id, userId, role: k === 0 ? 'owner' : 'member' })));
    groups.push(conv!.id);
  }
  if (big > 0 && members.length >= 2) {
    // A long history between the first two members, written as the server would have: consecutive
    // orders, alternating senders, a second apart, the newest now.
    const [a, b] = [members[0]!.id, members[1]!.id];
    const conv = await ensureDirect(db, a, b);
    await db.execute(sql`
      insert into ${messages} (id, conversation_id, seq, rev, sender_id, msg_type, content, send_time)
      select gen_random_uuid(), ${conv.id}, g, g, case when g % 2 = 0 then ${a}::int else ${b}::int end, 1,
             'Message ' || g, now() - make_interval(secs => ${big} - g)
      from generate_series(1, ${big}) g`);
    await db.update(conversations).set({ counter: big, lastMessageAt: new Date() }).where(sql`id = ${conv.id}`);
  }
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { info: { url, engine: database.engine, members, groups }, close: () => app.close() };
};

// Imported by the bench for its types and constants; started only when run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = await (process.argv[2] === 'raw' ? raw() : ours());
  process.stdout.write(`${JSON.stringify(started.info)}\n`);
  process.once('SIGTERM', () => void started.close().finally(() => process.exit(0)));
}
