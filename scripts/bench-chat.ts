/**
 * npm run bench:chat — chat fan-out, outbox flush and conversation opening, printed as tables
 * (and written to .tmp/bench-chat.json). A measurement, not a test: it never fails on numbers.
 *
 *   CLIENTS=1000 RATE=200 SECONDS=10 npm run bench:chat
 *
 * The servers run in processes of their own (scripts/bench-chat-server.ts); the clients here.
 * 1. Fan-out: CLIENTS socket.io clients, bound as members in pairs of friends (1:1) and in groups
 *    of 10; senders call sendChat / sendGroup at RATE messages/s in total; each receiver records
 *    send→receive latency. Beside it, in the same run, a raw socket.io server relays the same
 *    pattern (client emit → server emit to a room), the baseline.
 * 2. Outbox flush: 1,000 messages queued while offline, drained through the real client code
 *    (src/store/outbox.ts + the HTTP client) against the server.
 * 3. Opening a conversation of BIG (100,000) messages held in the replica, in Chromium: from the
 *    click on the conversation to its newest messages painted. Needs `npm run build` and Chromium
 *    (CHROMIUM_PATH, default /usr/bin/chromium); BENCH_BROWSER=0 skips it.
 * PARTS=fanout,flush,open picks parts.
 */
import 'fake-indexeddb/auto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { directKey } from '../server/modules/chat/keys.ts';
import { createApiClient } from '../src/api/client.ts';
import { drain, enqueue, openOutbox } from '../src/store/outbox.ts';
import { GROUP_SIZE, type BenchServer } from './bench-chat-server.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const RATE = Number(process.env.RATE ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 10);
const BIG = Number(process.env.BIG ?? 100_000);
/** Which parts to run: PARTS=fanout,flush,open (all by default). */
const PARTS = new Set((process.env.PARTS ?? 'fanout,flush,open').split(',').map((p) => p.trim()));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Starts a bench server in its own process and reads the one line it prints when ready. */
const startServer = async (mode: 'ours' | 'raw', env: Record<string, string> = {}) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-chat-server.ts', mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [null])])) as [string | null];
  if (!line) throw new Error(`bench server (${mode}) exited before it was ready`);
  return {
    info: JSON.parse(line) as BenchServer,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
};

const baseline = async (): Promise<{ direct: Result; group: Result }> => {
  const server = await startServer('raw');
  const clients = await connectAll(server.info.url, CLIENTS);
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
  await server.stop();
  return { direct: results[0]!, group: results[1]! };
};

const callOf = (url: string) => async (token: string, name: string, body: unknown) => {
  const res = await fetch(`${url}/chat/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
  return (await res.json()) as { status: number };
};

const fanOut = async ({ url, members, groups }: BenchServer): Promise<Record<'direct' | 'group', Result>> => {
  const call = callOf(url);
  const sockets = await connectAll(url, CLIENTS);
  for (let i = 0; i < CLIENTS; i += 100) {
    await Promise.all(
      sockets.slice(i, i + 100).map(async (s, k) => {
        await call(members[i + k]!.token, 'bind', { client_id: s.id });
        await call(members[i + k]!.token, 'bindGroup', { client_id: s.id });
      }),
    );
  }
  const ours = {} as Record<'direct' | 'group', Result>;
  for (const mode of ['direct', 'group'] as const) {
    const latencies: number[] = [];
    const sentAt = new Map<string, number>();
    const handler = (m: { id: string }) => {
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
  return ours;
};

/** 1,000 messages queued while offline, drained through the real client code. */
const outboxFlush = async ({ url, members }: BenchServer) => {
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
  return { sent: flushed.sent.length, ms: performance.now() - t0 };
};

/**
 * Runs in the page: clicks the conversation and times it until its newest message is in the DOM
 * and the next frame has painted. Text, not a function, because the TypeScript runner would wrap
 * a function with helpers the page does not have.
 */
const OPEN_AND_TIME = `async ({ key, newest }) => {
  const messages = () => document.querySelector('[data-testid="messages"]');
  const start = performance.now();
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (messages()?.textContent?.includes(newest)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  document.querySelector('[data-testid="room-' + key + '"]').click();
  await done;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return { ms: performance.now() - start, rows: messages().querySelectorAll('[data-testid="message"]').length };
}`;

interface OpenResult {
  syncSeconds: number;
  clicks: number[];
  rows: number;
  reloadMs: number;
}

/**
 * A member whose replica holds BIG messages of one conversation (pulled by the app itself from
 * the server) opens it from the conversation list: from the click to its newest message painted.
 */
const openInBrowser = async (): Promise<OpenResult | string> => {
  if (process.env.BENCH_BROWSER === '0') return 'skipped (BENCH_BROWSER=0)';
  if (!fs.existsSync(CHROMIUM)) return `skipped: no Chromium at ${CHROMIUM}`;
  if (!fs.existsSync('dist/index.html')) return 'skipped: run `npm run build` first';
  const server = await startServer('ours', { CLIENTS: '2', BIG: String(BIG), CLIENT_DIR: 'dist' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const [a, b] = server.info.members as [BenchServer['members'][0], BenchServer['members'][0]];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Signed in as the first member: what the app stores after signing in (src/api/session.ts).
    const me = { user_id: a.id, nick_name: 'Bench 0', avatar: '', email: 'bench0@example.org' };
    await context.addInitScript(
      ([token, me]) => {
        if (localStorage.getItem('mn.token')) return;
        localStorage.setItem('mn.token', JSON.stringify(token));
        localStorage.setItem('mn.me', JSON.stringify(me));
      },
      [a.token, me] as const,
    );
    const page = await context.newPage();
    const key = directKey(a.id, b.id);
    const newest = `Message ${BIG}`;
    const t0 = performance.now();
    await page.goto(`${server.info.url}/chat`);
    // The first sync pulls the whole history into the replica; "online" means it is in.
    await page.getByTestId('connection').and(page.locator('[data-state="online"]')).waitFor({ timeout: 900_000 });
    const syncSeconds = (performance.now() - t0) / 1000;
    await page.getByTestId(`room-${key}`).waitFor();
    const clicks: number[] = [];
    let rows = 0;
    // Twenty reopenings: a browser's frame timings vary by a few ms, so a median of five was noise.
    for (let i = 0; i < 21; i++) {
      const opened = await page.evaluate<{ ms: number; rows: number }>(`(${OPEN_AND_TIME})(${JSON.stringify({ key, newest })})`);
      clicks.push(opened.ms);
      rows = opened.rows;
      // Switch to another conversation (the members' group) before opening it again, as a member would.
      await page.locator('[data-testid^="room-g"]').first().click();
      await page.locator('.chat-conversation h2', { hasText: 'Group' }).waitFor();
      await page.waitForTimeout(200);
    }
    // A cold start straight into the conversation: page load, app start, replica open, render.
    await page.goto(`${server.info.url}/chat?c=${key}`);
    await page.getByTestId('messages').getByText(newest, { exact: true }).waitFor();
    const reloadMs = await page.evaluate(() => performance.now());
    return { syncSeconds, clicks, rows, reloadMs };
  } finally {
    await browser.close();
    await server.stop();
  }
};

const row = (name: string, r: Result, base?: Result) => ({
  run: name,
  'p50 ms': r.p50.toFixed(1),
  'p99 ms': r.p99.toFixed(1),
  delivered: `${r.delivered}/${r.expected}`,
  'msg/s': r.perSecond.toFixed(0),
  'vs baseline': base ? (r.perSecond / base.perSecond).toFixed(2) : '',
});

const main = async () => {
  console.log(`bench:chat — ${os.cpus().length} cores, ${CLIENTS} clients, ${RATE} msg/s for ${SECONDS} s; parts: ${[...PARTS].join(', ')}`);
  const report: Record<string, unknown> = { date: new Date().toISOString(), cores: os.cpus().length, clients: CLIENTS, rate: RATE, seconds: SECONDS };
  if (PARTS.has('fanout') || PARTS.has('flush')) {
    const server = await startServer('ours', { CLIENTS: String(Math.max(CLIENTS, 2)) });
    report.engine = server.info.engine;
    console.log(`engine: ${server.info.engine}`);
    if (PARTS.has('fanout')) {
      const ours = await fanOut(server.info);
      const raw = await baseline();
      report.fanout = { ours, raw };
      table('Fan-out (send → receive)', [
        row('members’ network, 1:1', ours.direct, raw.direct),
        row('raw socket.io, 1:1', raw.direct),
        row('members’ network, groups of 10', ours.group, raw.group),
        row('raw socket.io, groups of 10', raw.group),
      ]);
    }
    if (PARTS.has('flush')) {
      const flush = await outboxFlush(server.info);
      report.outboxFlushMs = flush.ms;
      table('Outbox flush after reconnect', [{ messages: flush.sent, seconds: (flush.ms / 1000).toFixed(2), 'target (s)': '≤ 10' }]);
    }
    await server.stop();
  }
  if (PARTS.has('open')) {
    const open = await openInBrowser();
    report.open = open;
    if (typeof open === 'string') console.log(`\nOpening a ${BIG}-message conversation in Chromium: ${open}`);
    else {
      const [first, ...again] = open.clicks;
      table(`Opening a conversation of ${BIG} local messages in Chromium`, [
        { what: 'first sync of the history into the replica (s, setup)', value: open.syncSeconds.toFixed(1) },
        { what: 'click in the list → newest messages painted, first open (ms)', value: first!.toFixed(1) },
        { what: `… p50 of the next ${again.length}, each from another conversation (ms)`, value: pct(again, 50).toFixed(1) },
        { what: 'message rows in the page (virtualised)', value: open.rows },
        { what: 'cold page load straight into it (ms)', value: open.reloadMs.toFixed(0) },
        { what: 'target for opening (ms)', value: '≤ 50' },
      ]);
    }
  }
  fs.mkdirSync('.tmp', { recursive: true });
  fs.writeFileSync('.tmp/bench-chat.json', JSON.stringify(report, null, 2));
  console.log('\nwritten: .tmp/bench-chat.json');
  process.exit(0);
};

await main();
