// The outbox is Dexie over IndexedDB: Node gets an in-memory IndexedDB, before Dexie loads.
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import Dexie from 'dexie';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import type { ChatMessage } from '../../schemas/api/chat.ts';
import type { ClientToServer, ServerToClient } from '../../schemas/socket-events.ts';
import { queryRows, type Db } from '../../server/db/client.ts';
import { conversationMembers, conversations } from '../../server/db/schema/index.ts';
import { createSession } from '../../server/modules/auth/tokens.ts';
import { createUser } from '../../server/modules/auth/users.ts';
import { hashPassword } from '../../server/modules/auth/passwords.ts';
import { befriend } from '../../server/modules/friends/relations.ts';
import { chatKeyOf, directKey, groupKey } from '../../server/modules/chat/keys.ts';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import { drain, enqueue, openOutbox, type OutboxDb, type OutboxItem, type Send, type SendOutcome } from '../../src/store/outbox.ts';
import { createSend } from '../../sw/send.ts';
import type { ChaosTarget } from './targets.ts';

/**
 * The chaos run of the chat (issue 8, item 4), shared by `npm run chaos` (scripts/chaos.ts) and
 * the test suite (server/realtime/chaos.test.ts).
 *
 * K clients, each a member with its own socket.io connection and its own outbox (the real
 * src/store/outbox.ts over an in-memory IndexedDB), send messages at random moments into their
 * 1:1 conversations and groups. Half of them send like the page (src/api/client.ts with the
 * page's outcome rules), half like the service worker (sw/send.ts). Meanwhile faults are
 * injected: a client's socket is cut and its HTTP fails for a while (requests in flight then
 * lose their answers after the server handled them, the case that makes resends); answers and
 * requests are lost at random; already-sent items are sent again (re-queued, or sent beside the
 * outbox), and a second drain runs beside the first (a tab and the service worker); and the
 * server restarts. Each client does what src/features/chat/engine/engine.ts does: after every
 * (re)connect it binds the new socket, pulls both kinds from its checkpoints and drains its
 * outbox; a live `chat:message` is merged and triggers a pull; a failed pull is tried again.
 *
 * At the end, with the faults off, it waits until every outbox is empty and every client has
 * gone quiet, then compares every client's history (keyed by message id, ordered by `order`)
 * with the server's database, conversation by conversation.
 */

type Kind = 'direct' | 'group';
type Checkpoint = Record<string, number>;
type ChatSocket = Socket<ServerToClient, ClientToServer>;

export interface ChaosOptions {
  /** K: clients, one member each. */
  clients: number;
  /** Messages each client sends. */
  messages: number;
  /** Socket cuts, in total (each on a connected client, with its HTTP failing for a while). */
  disconnects: number;
  restarts: number;
  seed: number;
  /** Length of the faulty phase; messages, cuts and restarts are spread over it. */
  durationMs: number;
  /** Already-sent messages sent again (re-queued in the outbox, or sent beside it). */
  resends: number;
  /** Second drains run beside a client's own (a tab and the service worker at once). */
  concurrentDrains: number;
  /** Chance that a request never reaches the server. */
  dropRequest: number;
  /** Chance that an answer is lost after the server handled the request. */
  dropAnswer: number;
  /** How long a cut client stays offline, ms: [min, max]. */
  downMs: [number, number];
  /** Restart by SIGKILL (or by destroying every connection in process) rather than gracefully. */
  hardRestarts: boolean;
  /** How long the end may take to settle before the run is declared stuck. */
  settleMs: number;
  groupSize: number;
  /** Pull page size (small, so paging is exercised). */
  pageSize: number;
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
}

export const defaultOptions = (o: Partial<ChaosOptions> = {}): ChaosOptions => {
  const disconnects = o.disconnects ?? 1000;
  return {
    clients: 20,
    messages: 50,
    disconnects,
    restarts: 3,
    seed: 1,
    durationMs: Math.max(10_000, disconnects * 120),
    resends: Math.ceil(disconnects / 4),
    concurrentDrains: Math.ceil(disconnects / 20),
    dropRequest: 0.03,
    dropAnswer: 0.05,
    downMs: [30, 600],
    hardRestarts: false,
    settleMs: 120_000,
    groupSize: 5,
    pageSize: 50,
    ...o,
  };
};

export interface Counts {
  clients: number;
  conversations: number;
  /** Messages the clients queued (each once, whatever was resent). */
  sent: number;
  /** Messages the server holds. */
  stored: number;
  /** Socket cuts injected on connected clients. */
  disconnects: number;
  /** Socket drops the clients saw, restarts included. */
  socketDrops: number;
  restarts: number;
  /** Sends of a message beyond its first: the outbox's retries, re-queued items, second drains, sends beside the outbox. */
  resends: number;
  resendsInjected: number;
  concurrentDrains: number;
  requestsDropped: number;
  /** Answers lost after the server handled the request (at random, or by a cut). */
  answersLost: number;
  /** Answers that were not a call envelope (e.g. Fastify's 503 while the server shuts down). */
  answersNotEnvelope: number;
  /** Two enqueues of one id at once, where the second threw (the item stays one). */
  enqueueRaces: number;
  /** Outbox items the server refused (a refusal leaves the message unsent). */
  refused: number;
  /** Queued messages missing on the server, plus (participant, message) pairs missing on a client. */
  lost: number;
  lostOnServer: number;
  lostOnClients: number;
  /** One queued message stored (or held by a client) more than once, under any id. */
  duplicated: number;
  /** Messages a client holds that the server does not. */
  phantom: number;
  /** Out of place: against the server's order on a client, against the sender's queue order on the server, or a wrong `order`. */
  misordered: number;
  misorderedOnClients: number;
  misorderedAgainstSender: number;
  wrongOrderField: number;
  /** (participant, message) pairs a connected, quiet client still lacked before the final pull. */
  stale: number;
  serverErrors: number;
  harnessErrors: number;
  settled: boolean;
  elapsedS: number;
}

export interface ChaosReport {
  ok: boolean;
  options: Omit<ChaosOptions, 'log'>;
  target: string;
  counts: Counts;
  /** A few examples of each failure, for a diagnosis. */
  examples: Record<string, unknown[]>;
  serverErrors: string[];
  harnessErrors: string[];
  failures: string[];
}

export const mulberry32 = (seed: number) => {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Length of the longest strictly increasing subsequence: n minus it is how many are out of place. */
export const lisLength = (xs: number[]) => {
  const tails: number[] = [];
  for (const x of xs) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
  }
  return tails.length;
};

/**
 * The page's rule for a failed call (src/store/outbox-runner.ts `outcomeOfError`), loaded from
 * the page's own module. That module's imports read localStorage when they load, so Node gets a
 * throwaway one first.
 */
const pageOutcomeRule = async () => {
  if (typeof globalThis.localStorage === 'undefined') {
    const store = new Map<string, string>();
    globalThis.localStorage = {
      get length() {
        return store.size;
      },
      clear: () => store.clear(),
      getItem: (k: string) => store.get(k) ?? null,
      key: (i: number) => [...store.keys()][i] ?? null,
      removeItem: (k: string) => void store.delete(k),
      setItem: (k: string, v: string) => void store.set(k, String(v)),
    };
  }
  return (await import('../../src/store/outbox-runner.ts')).outcomeOfError;
};

const CONTENT = /^chaos c(\d+) #(\d+)$/;

interface Member {
  id: number;
  token: string;
}
interface Target {
  kind: Kind;
  /** The friend's user id, or the group id. */
  to: number;
  lane: string;
}
interface Queued {
  client: number;
  n: number;
  id: string;
  lane: string;
}

interface Client {
  index: number;
  member: Member;
  targets: Target[];
  sender: 'page' | 'worker';
  outbox: OutboxDb;
  outboxName: string;
  socket: ChatSocket;
  /** The page's client or the service worker's send, and the other one (for a second drain). */
  send: Send;
  otherSend: Send;
  api: ApiClient;
  /** Cut: every HTTP request fails at once. */
  offline: boolean;
  /** Bumped by every cut: requests in flight across it lose their answers. */
  epoch: number;
  boundId: string | null;
  history: Map<string, ChatMessage>;
  checkpoints: Record<Kind, Checkpoint>;
  pulls: Record<Kind, { running: Promise<boolean> | null; again: boolean; retry: ReturnType<typeof setTimeout> | null }>;
  draining: boolean;
  drainAgain: boolean;
  /** Items the server took, for resends. */
  sentItems: OutboxItem[];
  queuedCount: number;
  timers: ReturnType<typeof setTimeout>[];
}

const SEND_CALLS = new Set(['sendChat', 'sendGroup']);

/** Whether an answer is the server's call envelope, `{status: number, …}`. */
const isEnvelope = (text: string) => {
  try {
    return typeof (JSON.parse(text) as { status?: unknown } | null)?.status === 'number';
  } catch {
    return false;
  }
};

/** Members, friends and groups straight in the database (as scripts/bench-chat.ts does). */
const setUp = async (db: Db, o: ChaosOptions) => {
  const passwordHash = await hashPassword('Chaos1234');
  const members: Member[] = [];
  for (let i = 0; i < o.clients; i++) {
    const user = (await createUser(db, { email: `chaos${i}@example.org`, password: '', nickName: `Chaos ${i}`, passwordHash }))!;
    members.push({ id: user.id, token: (await createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'chaos' })).token });
  }
  const targets: Target[][] = members.map(() => []);
  const pair = async (a: number, b: number) => {
    await befriend(db, members[a]!.id, members[b]!.id);
    const lane = directKey(members[a]!.id, members[b]!.id);
    targets[a]!.push({ kind: 'direct', to: members[b]!.id, lane });
    targets[b]!.push({ kind: 'direct', to: members[a]!.id, lane });
  };
  for (let i = 0; i + 1 < o.clients; i += 2) await pair(i, i + 1);
  if (o.clients % 2 === 1 && o.clients > 2) await pair(o.clients - 1, 0);
  // Groups of `groupSize` neighbours, overlapping by one, so some members are in two.
  const step = Math.max(2, o.groupSize - 1);
  for (let start = 0, g = 0; start + 2 < o.clients; start += step, g++) {
    const idx = Array.from({ length: Math.min(o.groupSize, o.clients - start) }, (_, k) => start + k);
    const [conv] = await db.insert(conversations).values({ kind: 'group', name: `Chaos ${g}`, ownerId: members[idx[0]!]!.id }).returning();
    await db.insert(conversationMembers).values(idx.map((i, k) => ({ conversationId: conv!.id, userId: members[i]!.id, role: k === 0 ? 'owner' : 'member' })));
    for (const i of idx) targets[i]!.push({ kind: 'group', to: conv!.id, lane: groupKey(conv!.id) });
  }
  return { members, targets };
};

interface ServerRow extends Record<string, unknown> {
  id: string;
  conversation_id: number;
  seq: number;
  sender_id: number | null;
  content: string;
  msg_type: number;
  kind: string;
  low_user_id: number | null;
  high_user_id: number | null;
}

export const runChaos = async (target: ChaosTarget, options: Partial<ChaosOptions> = {}): Promise<ChaosReport> => {
  // Whatever happens, no socket or timer of the run outlives it.
  const cleanup = new Set<() => void>();
  try {
    return await run(target, defaultOptions(options), cleanup);
  } finally {
    for (const f of cleanup) f();
  }
};

const run = async (target: ChaosTarget, o: ChaosOptions, cleanup: Set<() => void>): Promise<ChaosReport> => {
  const log = o.log ?? (() => {});
  const schedule = mulberry32(o.seed);
  const chance = mulberry32(o.seed ^ 0x5bd1e995);
  const pick = <T>(xs: readonly T[], r = chance) => xs[Math.floor(r() * xs.length)]!;
  const outcomeOfError = await pageOutcomeRule();

  const stats = {
    disconnects: 0,
    socketDrops: 0,
    restarts: 0,
    resendsInjected: 0,
    concurrentDrains: 0,
    requestsDropped: 0,
    answersLost: 0,
    enqueueRaces: 0,
  };
  /** Anything the harness itself failed at (it must not hide a fault behind a crash). */
  const harnessErrors: string[] = [];
  const guard = (what: string, p: Promise<unknown>) =>
    p.catch((e: unknown) => {
      harnessErrors.push(`${what}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`.slice(0, 2000));
    });
  const attempts = new Map<string, number>();
  const refused: OutboxItem[] = [];
  const queued: Queued[] = [];
  let faults = true;
  let changes = 0;
  const answersNotEnvelope: { client: number; url: string; http: number; body: string; at: number }[] = [];
  const restartWindows: { stopAt: number; backAt?: number }[] = [];
  const refusals: { client: number; id: string; call: string; status: unknown; message: unknown; at: number }[] = [];
  /** HTTP round trips since the last progress line, ms. */
  let latencies: number[] = [];

  // Set-up, while the server is stopped.
  const setupDb = await target.openDb();
  const { members, targets } = await setUp(setupDb.db, o);
  await setupDb.close();
  await target.start();
  const base = target.url();
  const started = performance.now();
  const since = () => Math.round(performance.now() - started) / 1000;
  const runId = `${o.seed}-${Date.now().toString(36)}`;

  const merge = (c: Client, m: ChatMessage | null | undefined) => {
    if (!m || typeof m.id !== 'string') return;
    const held = c.history.get(m.id);
    if (held && held.rev >= m.rev) return;
    c.history.set(m.id, m);
    changes++;
  };

  /** fetch as this client's network gives it: cut while offline, losing requests and answers. */
  const networkOf =
    (c: Client): typeof fetch =>
    async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (c.offline) throw new TypeError('fetch failed: offline');
      const epoch = c.epoch;
      if (faults && chance() < o.dropRequest) {
        stats.requestsDropped++;
        throw new TypeError('fetch failed: request lost');
      }
      const timeout = AbortSignal.timeout(15_000);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const sentAt = performance.now();
      const res = await fetch(`${base}${url}`, { ...init, signal });
      const text = await res.text();
      latencies.push(performance.now() - sentAt);
      if (!isEnvelope(text)) {
        // Not the server's call envelope (a shutdown's 503, a proxy's page): note when, and what.
        answersNotEnvelope.push({ client: c.index, url, http: res.status, body: text.slice(0, 200), at: since() });
      }
      // The server has answered: the nasty case is losing that answer.
      if (c.epoch !== epoch || c.offline || (faults && chance() < o.dropAnswer)) {
        stats.answersLost++;
        throw new TypeError('fetch failed: answer lost');
      }
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    };

  const counted =
    (client: number, send: Send): Send =>
    async (call, body) => {
      const id = (body as { id?: string }).id ?? '';
      if (SEND_CALLS.has(call)) attempts.set(id, (attempts.get(id) ?? 0) + 1);
      const outcome = await send(call, body);
      if (!outcome.ok && outcome.refused) refusals.push({ client, id, call, status: outcome.status ?? null, message: outcome.message ?? null, at: since() });
      return outcome;
    };

  const onSent = (c: Client) => (item: OutboxItem, data: unknown) => {
    if (SEND_CALLS.has(item.call)) {
      merge(c, data as ChatMessage | null);
      if (!c.sentItems.some((s) => s.id === item.id)) c.sentItems.push(item);
    }
  };

  const pendingOf = (c: Client) => c.outbox.items.where('[userId+status]').equals([c.member.id, 'pending']).count();

  /** The page's drain runner (src/store/outbox-runner.ts kickOutbox): one drain at a time, again when asked meanwhile. */
  const kick = async (c: Client): Promise<void> => {
    if (c.draining) {
      c.drainAgain = true;
      return;
    }
    c.draining = true;
    try {
      do {
        c.drainAgain = false;
        const result = await drain(c.outbox, c.member.id, c.send, onSent(c));
        refused.push(...result.refused);
        if (result.stalled) break;
      } while (c.drainAgain);
    } catch (e) {
      log(`client ${c.index}: drain threw ${String(e)}`);
    } finally {
      c.draining = false;
    }
  };

  const live = (c: Client) => c.socket.connected && c.boundId === c.socket.id && !c.offline;

  /** One replication (RxDB's pull in the engine): from the checkpoint until nothing more; one at a time, again when asked meanwhile; retried after a failure while bound. */
  const pull = (c: Client, kind: Kind): Promise<boolean> => {
    const p = c.pulls[kind];
    if (p.running) {
      p.again = true;
      return p.running;
    }
    if (p.retry) {
      clearTimeout(p.retry);
      p.retry = null;
    }
    const job = (async () => {
      try {
        do {
          p.again = false;
          for (;;) {
            const call = kind === 'direct' ? 'getOfflineFriendsMessage' : 'getOfflineGroupMessage';
            const page = await c.api.call(call, { checkpoint: c.checkpoints[kind], limit: o.pageSize }, { quiet: true });
            for (const m of page.list) merge(c, m);
            c.checkpoints[kind] = page.checkpoint;
            if (!page.has_more) break;
          }
        } while (p.again);
        return true;
      } catch {
        p.retry = setTimeout(() => {
          p.retry = null;
          if (live(c)) void pull(c, kind);
        }, 300);
        return false;
      }
    })();
    p.running = job;
    void job.finally(() => {
      if (p.running === job) p.running = null;
    });
    return job;
  };

  /** What the engine does on `client_id`: bind, bind the groups, pull both kinds, drain; tried again while this socket lasts. */
  const catchUp = async (c: Client, clientId: string, attempt = 0): Promise<void> => {
    try {
      await c.api.call('bind', { client_id: clientId }, { quiet: true });
      await c.api.call('bindGroup', { client_id: clientId }, { quiet: true });
      if (c.socket.id !== clientId) return;
      c.boundId = clientId;
      await Promise.all([pull(c, 'direct'), pull(c, 'group'), kick(c)]);
    } catch {
      const t = setTimeout(() => {
        if (c.socket.connected && c.socket.id === clientId) void catchUp(c, clientId, attempt + 1);
      }, Math.min(2000, 100 * 2 ** attempt));
      c.timers.push(t);
    }
  };

  const clients: Client[] = members.map((member, index) => {
    const outboxName = `chaos-${runId}-${index}`;
    const socket: ChatSocket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 1000,
      autoConnect: false,
    });
    const c = { index, member, targets: targets[index]!, outboxName, socket } as Client;
    const api = createApiClient({
      fetch: networkOf(c),
      baseUrl: '/api',
      chatBaseUrl: '/chat/api',
      version: 'chaos',
      lang: () => 'en',
      getToken: () => member.token,
      signOut: () => log(`client ${index}: signed out`),
      warn: () => {},
      popup: () => {},
      timeoutMs: 10_000,
      timeoutRetries: 1,
      backoffMs: 100,
    });
    /** The page's send (src/store/outbox-runner.ts sendThroughApi, over this client's api). */
    const pageSend: Send = async (call, body) => {
      try {
        return { ok: true, data: await api.call(call as 'sendChat', body as never, { quiet: true }) } satisfies SendOutcome;
      } catch (e) {
        return outcomeOfError(e);
      }
    };
    const workerSend = createSend({ token: member.token, lang: 'en' }, networkOf(c));
    Object.assign(c, {
      sender: index % 2 === 0 ? 'page' : 'worker',
      outbox: openOutbox(outboxName),
      send: counted(index, index % 2 === 0 ? pageSend : workerSend),
      otherSend: counted(index, index % 2 === 0 ? workerSend : pageSend),
      api,
      offline: false,
      epoch: 0,
      boundId: null,
      history: new Map(),
      checkpoints: { direct: {}, group: {} },
      pulls: { direct: { running: null, again: false, retry: null }, group: { running: null, again: false, retry: null } },
      draining: false,
      drainAgain: false,
      sentItems: [],
      queuedCount: 0,
      timers: [],
    } satisfies Omit<Client, 'index' | 'member' | 'targets' | 'outboxName' | 'socket'>);
    socket.on('client_id', ({ client_id }) => void catchUp(c, client_id));
    socket.on('disconnect', (reason) => {
      c.boundId = null;
      if (reason !== 'io client disconnect') stats.socketDrops++;
      // socket.io does not come back by itself after a server-side disconnect; the engine does.
      if (reason === 'io server disconnect') c.timers.push(setTimeout(() => !c.offline && c.socket.connect(), 200));
    });
    socket.on('chat:message', (m) => {
      merge(c, m);
      void pull(c, m.group_id === null ? 'direct' : 'group');
    });
    socket.connect();
    // The runner's periodic drain (every 10 s in the page; sooner here).
    c.timers.push(
      setInterval(() => {
        if (!c.offline && c.queuedCount > 0) void kick(c);
      }, 1000),
    );
    return c;
  });

  const closeClients = () => {
    for (const c of clients) {
      for (const t of c.timers) clearTimeout(t);
      for (const p of Object.values(c.pulls)) if (p.retry) clearTimeout(p.retry);
      c.socket.removeAllListeners();
      c.socket.close();
    }
  };
  cleanup.add(() => closeClients());

  // Everyone connected and bound before the faults start.
  for (const deadline = performance.now() + 30_000; !clients.every(live) && performance.now() < deadline; ) await sleep(50);

  // The plan, from the seed: when each message is queued, each cut, each resend, each restart.
  type Event =
    | { at: number; kind: 'message'; client: number; n: number; target: number; doubleTap: boolean }
    | { at: number; kind: 'cut'; client: number; down: number; transport: boolean }
    | { at: number; kind: 'resend'; client: number; beside: boolean }
    | { at: number; kind: 'concurrent'; client: number }
    | { at: number; kind: 'restart' };
  const plan: Event[] = [];
  const T = o.durationMs;
  for (let i = 0; i < o.clients; i++) {
    if (targets[i]!.length === 0) continue;
    for (let n = 0; n < o.messages; n++) plan.push({ at: schedule() * T, kind: 'message', client: i, n, target: Math.floor(schedule() * targets[i]!.length), doubleTap: schedule() < 0.05 });
  }
  for (let k = 0; k < o.disconnects; k++) {
    plan.push({ at: schedule() * T, kind: 'cut', client: Math.floor(schedule() * o.clients), down: o.downMs[0] + schedule() * (o.downMs[1] - o.downMs[0]), transport: schedule() < 0.5 });
  }
  for (let k = 0; k < o.resends; k++) plan.push({ at: schedule() * T, kind: 'resend', client: Math.floor(schedule() * o.clients), beside: schedule() < 0.4 });
  for (let k = 0; k < o.concurrentDrains; k++) plan.push({ at: schedule() * T, kind: 'concurrent', client: Math.floor(schedule() * o.clients) });
  for (let r = 0; r < o.restarts; r++) plan.push({ at: ((r + 1) / (o.restarts + 1) + (schedule() - 0.5) * (0.5 / (o.restarts + 1))) * T, kind: 'restart' });
  plan.sort((a, b) => a.at - b.at);
  // Messages are numbered per client in the order they are queued.
  const nextN = new Array<number>(o.clients).fill(0);
  for (const e of plan) if (e.kind === 'message') e.n = nextN[e.client]!++;

  /**
   * `enqueue` looks the id up, then adds: two at once with one id both miss it, and the second
   * add fails on the unique index (one item stays, the caller gets a ConstraintError). Counted.
   */
  const enqueueOnce = async (c: Client, item: Parameters<typeof enqueue>[1]) => {
    try {
      await enqueue(c.outbox, item);
    } catch (e) {
      if ((e as { name?: string }).name !== 'ConstraintError' && (e as { inner?: { name?: string } }).inner?.name !== 'ConstraintError') throw e;
      stats.enqueueRaces++;
    }
  };

  const queue = async (c: Client, e: Extract<Event, { kind: 'message' }>) => {
    const t = c.targets[e.target]!;
    const id = uuidv7();
    const content = `chaos c${c.index} #${e.n}`;
    const item = {
      id,
      userId: c.member.id,
      call: t.kind === 'direct' ? 'sendChat' : 'sendGroup',
      body: t.kind === 'direct' ? { id, friend_id: t.to, content } : { id, group_id: t.to, content },
      lane: t.lane,
    };
    queued.push({ client: c.index, n: e.n, id, lane: t.lane });
    // A double tap that got through: the same id queued twice at once stays one item.
    await Promise.all((e.doubleTap ? [item, item] : [item]).map((i) => enqueueOnce(c, i)));
    void kick(c);
  };

  const cut = (c: Client, e: Extract<Event, { kind: 'cut' }>) => {
    stats.disconnects++;
    c.offline = true;
    c.epoch++;
    c.boundId = null;
    if (e.transport) {
      // The connection drops under the socket: socket.io reconnects by itself, maybe while HTTP still fails.
      c.socket.io.engine.close();
    } else {
      c.socket.disconnect();
    }
    c.timers.push(
      setTimeout(() => {
        c.offline = false;
        if (!e.transport) c.socket.connect();
      }, e.down),
    );
  };

  const resend = async (c: Client, beside: boolean) => {
    const item = c.sentItems.length ? pick(c.sentItems) : undefined;
    if (!item) return;
    stats.resendsInjected++;
    if (beside) {
      const outcome = await c.send(item.call, item.body);
      if (outcome.ok) merge(c, outcome.data as ChatMessage);
    } else {
      await enqueueOnce(c, { id: item.id, userId: item.userId, call: item.call, body: item.body, lane: item.lane });
      void kick(c);
    }
  };

  const restart = async () => {
    log(`restart ${stats.restarts + 1}/${o.restarts} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const t0 = performance.now();
    const window: { stopAt: number; backAt?: number } = { stopAt: since() };
    restartWindows.push(window);
    await target.stop(o.hardRestarts);
    await target.start();
    window.backAt = since();
    stats.restarts++;
    log(`  server back after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };

  const progress = setInterval(() => {
    void guard('progress', (async () => {
      const pending = (await Promise.all(clients.map(pendingOf))).reduce((a, b) => a + b, 0);
      const sorted = latencies.sort((a, b) => a - b);
      latencies = [];
      const http = sorted.length ? `${sorted.length} calls, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms` : 'no calls';
      log(
        `t=${((performance.now() - started) / 1000).toFixed(0)} s  queued ${queued.length}/${o.clients * o.messages}  cuts ${stats.disconnects}/${o.disconnects}  restarts ${stats.restarts}/${o.restarts}  waiting in outboxes ${pending}  connected ${clients.filter((c) => c.socket.connected).length}, bound ${clients.filter(live).length}/${o.clients}  http: ${http}`,
      );
    })());
  }, 5000);
  const counter = setInterval(() => {
    for (const c of clients) void pendingOf(c).then((n) => (c.queuedCount = n), () => undefined);
  }, 250);
  cleanup.add(() => clearInterval(progress));
  cleanup.add(() => clearInterval(counter));

  // The faulty phase: four timelines side by side, so a cut waiting for a connected victim (during
  // a restart) or a restart in progress holds up nothing else.
  const t0 = performance.now();
  const background: Promise<unknown>[] = [];
  const timeline = async <E extends Event>(events: E[], act: (e: E) => Promise<void> | void) => {
    for (const e of events) {
      // Always yield: when the machine is slow, overdue events must not starve the clients.
      await sleep(Math.max(0, t0 + e.at - performance.now()));
      await act(e);
    }
  };
  const cutGap = o.durationMs / Math.max(1, o.disconnects) / 2;
  let lastCut = 0;
  const of = <K extends Event['kind']>(kind: K) => plan.filter((e): e is Extract<Event, { kind: K }> => e.kind === kind);
  await Promise.all([
    timeline(of('message'), (e) => void background.push(guard('queue', queue(clients[e.client]!, e)))),
    timeline(of('cut'), async (e) => {
      // A cut always hits a connected client: the chosen one, or the next connected one; while
      // nobody is (a restart), it waits. Cuts held up so are let go at twice the planned pace,
      // not all at once (which would keep every client down until the backlog is gone).
      await sleep(Math.max(0, lastCut + cutGap - performance.now()));
      const order = clients.slice(e.client).concat(clients.slice(0, e.client));
      for (const deadline = performance.now() + o.settleMs; performance.now() < deadline; await sleep(50)) {
        const victim = order.find((c) => c.socket.connected && !c.offline);
        if (victim) {
          lastCut = performance.now();
          return cut(victim, e);
        }
      }
    }),
    timeline(plan.filter((e): e is Extract<Event, { kind: 'resend' | 'concurrent' }> => e.kind === 'resend' || e.kind === 'concurrent'), (e) => {
      const c = clients[e.client]!;
      if (e.kind === 'resend') background.push(guard('resend', resend(c, e.beside)));
      else {
        stats.concurrentDrains++;
        background.push(guard('second drain', drain(c.outbox, c.member.id, c.otherSend, onSent(c)).then((r) => refused.push(...r.refused))));
      }
    }),
    timeline(of('restart'), restart),
  ]);
  await Promise.all(background);
  faults = false;
  log(`faults over after ${((performance.now() - started) / 1000).toFixed(1)} s; settling`);

  // Settle: every client back, bound, its outbox empty, nothing running, nothing changing.
  const settleStart = performance.now();
  let settled = false;
  let quietSince = 0;
  let lastChanges = -1;
  while (performance.now() - settleStart < o.settleMs) {
    for (const c of clients) {
      if (!c.offline && !c.socket.connected && !c.socket.active) c.socket.connect();
    }
    const pending = await Promise.all(clients.map(pendingOf));
    const busy = clients.some(
      (c, i) => !live(c) || c.draining || pending[i]! > 0 || Object.values(c.pulls).some((p) => p.running !== null || p.retry !== null),
    );
    if (busy || changes !== lastChanges) {
      quietSince = performance.now();
      lastChanges = changes;
    } else if (performance.now() - quietSince > 1500) {
      settled = true;
      break;
    }
    await sleep(100);
  }
  clearInterval(progress);
  clearInterval(counter);
  // What each client held once quiet, then the final pull (what a reconnect would fetch).
  const quiet = clients.map((c) => new Set(c.history.keys()));
  for (const c of clients) {
    for (const kind of ['direct', 'group'] as const) {
      for (let i = 0; i < 20 && !(await pull(c, kind)); i++) await sleep(200);
    }
  }
  const elapsedS = (performance.now() - started) / 1000;

  closeClients();
  await target.stop();

  // The server's history, straight from its database.
  const finalDb = await target.openDb();
  const rows = await queryRows<ServerRow>(
    finalDb.db,
    sql`select m.id, m.conversation_id, m.seq, m.sender_id, m.content, m.msg_type, c.kind, c.low_user_id, c.high_user_id
        from messages m join conversations c on c.id = m.conversation_id order by m.conversation_id, m.seq`,
  );
  const membership = await finalDb.db.select({ conversationId: conversationMembers.conversationId, userId: conversationMembers.userId }).from(conversationMembers);
  await finalDb.close();

  const examples: Record<string, unknown[]> = {};
  const example = (kind: string, what: unknown) => {
    const list = (examples[kind] ??= []);
    if (list.length < 10) list.push(what);
  };
  const clientOfUser = new Map(clients.map((c) => [c.member.id, c]));
  const byConv = new Map<number, { key: string; rows: ServerRow[] }>();
  for (const r of rows) {
    const key = chatKeyOf({ kind: r.kind, id: r.conversation_id, lowUserId: r.low_user_id, highUserId: r.high_user_id });
    const entry = byConv.get(r.conversation_id) ?? { key, rows: [] };
    entry.rows.push(r);
    byConv.set(r.conversation_id, entry);
  }
  const membersOf = new Map<number, number[]>();
  for (const m of membership) membersOf.set(m.conversationId, [...(membersOf.get(m.conversationId) ?? []), m.userId]);

  let lostOnServer = 0;
  let lostOnClients = 0;
  let duplicated = 0;
  let phantom = 0;
  let misorderedOnClients = 0;
  let misorderedAgainstSender = 0;
  let wrongOrderField = 0;
  let stale = 0;

  // The server: every queued message stored once, in its conversation, by its sender.
  const storedByTag = new Map<string, ServerRow[]>();
  for (const r of rows) {
    if (!CONTENT.test(r.content)) continue;
    storedByTag.set(r.content, [...(storedByTag.get(r.content) ?? []), r]);
  }
  const seqOf = new Map(rows.map((r) => [r.id, r.seq]));
  for (const q of queued) {
    const tag = `chaos c${q.client} #${q.n}`;
    const stored = storedByTag.get(tag) ?? [];
    const right = stored.filter((r) => r.id === q.id && r.sender_id === clients[q.client]!.member.id && byConv.get(r.conversation_id)?.key === q.lane);
    if (right.length === 0) {
      lostOnServer++;
      example('lostOnServer', { ...q, stored: stored.map((r) => r.id), refused: refused.some((i) => i.id === q.id), attempts: attempts.get(q.id) ?? 0 });
    }
    if (stored.length > 1) {
      duplicated += stored.length - 1;
      example('duplicatedOnServer', { ...q, stored: stored.map((r) => ({ id: r.id, seq: r.seq })) });
    }
  }
  // Each sender's messages, per conversation, in the order they were queued (the outbox's lane order).
  const lanes = new Map<string, Queued[]>();
  for (const q of queued) lanes.set(`${q.client}|${q.lane}`, [...(lanes.get(`${q.client}|${q.lane}`) ?? []), q]);
  for (const [lane, list] of lanes) {
    const seqs = list.map((q) => seqOf.get(q.id)).filter((s): s is number => s !== undefined);
    const out = seqs.length - lisLength(seqs);
    if (out > 0) {
      misorderedAgainstSender += out;
      example('misorderedAgainstSender', { lane, queued: list.map((q) => q.n), seqs });
    }
  }

  // Each participant: exactly the server's messages, in the server's order.
  for (const [convId, conv] of byConv) {
    const serverIds = conv.rows.map((r) => r.id);
    const position = new Map(serverIds.map((id, i) => [id, i]));
    for (const userId of membersOf.get(convId) ?? []) {
      const c = clientOfUser.get(userId);
      if (!c) continue;
      const local = [...c.history.values()].filter((m) => m.chat_key === conv.key).sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
      const localIds = new Set(local.map((m) => m.id));
      for (const id of serverIds) {
        if (!localIds.has(id)) {
          lostOnClients++;
          example('lostOnClients', { client: c.index, chat_key: conv.key, id, seq: seqOf.get(id) });
        } else if (!quiet[c.index]!.has(id)) {
          stale++;
          example('stale', { client: c.index, chat_key: conv.key, id, seq: seqOf.get(id) });
        }
      }
      const tags = new Map<string, number>();
      for (const m of local) {
        if (!position.has(m.id)) {
          phantom++;
          example('phantom', { client: c.index, chat_key: conv.key, id: m.id, content: m.content });
        }
        tags.set(m.content, (tags.get(m.content) ?? 0) + 1);
        if (position.has(m.id) && m.order !== seqOf.get(m.id)) {
          wrongOrderField++;
          example('wrongOrderField', { client: c.index, id: m.id, order: m.order, seq: seqOf.get(m.id) });
        }
      }
      for (const [tag, n] of tags) {
        if (n > 1 && CONTENT.test(tag)) {
          duplicated += n - 1;
          example('duplicatedOnClient', { client: c.index, chat_key: conv.key, tag, n });
        }
      }
      const positions = local.map((m) => position.get(m.id)).filter((p): p is number => p !== undefined);
      const out = positions.length - lisLength(positions);
      if (out > 0) {
        misorderedOnClients += out;
        example('misorderedOnClients', { client: c.index, chat_key: conv.key, out });
      }
    }
  }
  // Messages a client holds in conversations the server has no message in at all.
  for (const c of clients) {
    for (const m of c.history.values()) {
      if (!seqOf.has(m.id) && ![...byConv.values()].some((v) => v.key === m.chat_key)) {
        phantom++;
        example('phantom', { client: c.index, chat_key: m.chat_key, id: m.id });
      }
    }
  }
  for (const r of refusals) example('refused', r);
  for (const a of answersNotEnvelope) example('answersNotEnvelope', a);
  if (answersNotEnvelope.length || refusals.length) examples.restartWindows = restartWindows;

  const resends = [...attempts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const serverErrors = target.errors();
  const counts: Counts = {
    clients: o.clients,
    conversations: byConv.size,
    sent: queued.length,
    stored: rows.filter((r) => CONTENT.test(r.content)).length,
    disconnects: stats.disconnects,
    socketDrops: stats.socketDrops,
    restarts: stats.restarts,
    resends,
    resendsInjected: stats.resendsInjected,
    concurrentDrains: stats.concurrentDrains,
    requestsDropped: stats.requestsDropped,
    answersLost: stats.answersLost,
    answersNotEnvelope: answersNotEnvelope.length,
    enqueueRaces: stats.enqueueRaces,
    refused: new Set(refused.map((i) => i.id)).size,
    lost: lostOnServer + lostOnClients,
    lostOnServer,
    lostOnClients,
    duplicated,
    phantom,
    misordered: misorderedOnClients + misorderedAgainstSender + wrongOrderField,
    misorderedOnClients,
    misorderedAgainstSender,
    wrongOrderField,
    stale,
    serverErrors: serverErrors.length,
    harnessErrors: harnessErrors.length,
    settled,
    elapsedS: Math.round(elapsedS * 10) / 10,
  };

  for (const c of clients) {
    c.outbox.close();
    await Dexie.delete(c.outboxName);
  }

  const failures: string[] = [];
  if (!settled) failures.push(`did not settle within ${o.settleMs / 1000} s`);
  if (counts.lost) failures.push(`${counts.lost} lost (${lostOnServer} on the server, ${lostOnClients} on clients)`);
  if (counts.duplicated) failures.push(`${counts.duplicated} duplicated`);
  if (counts.misordered) failures.push(`${counts.misordered} misordered`);
  if (counts.phantom) failures.push(`${counts.phantom} held by clients but not on the server`);
  if (counts.refused) failures.push(`${counts.refused} refused by the server (left failed in the outbox)`);
  if (counts.stale) failures.push(`${counts.stale} missing on quiet, connected clients until a pull was forced`);
  if (counts.disconnects < o.disconnects) failures.push(`only ${counts.disconnects} of ${o.disconnects} disconnects injected`);
  if (counts.restarts < o.restarts) failures.push(`only ${counts.restarts} of ${o.restarts} restarts`);
  if (harnessErrors.length) failures.push(`${harnessErrors.length} errors in the chaos clients themselves (see harnessErrors)`);
  const { log: _log, ...shown } = o;
  return { ok: failures.length === 0, options: shown, target: target.name, counts, examples, serverErrors: serverErrors.slice(0, 20), harnessErrors: harnessErrors.slice(0, 20), failures };
};

/** The one-row table the script prints (and the test shows when it fails). */
export const summaryRow = (c: Counts) => ({
  clients: c.clients,
  'messages sent': c.sent,
  disconnects: c.disconnects,
  restarts: c.restarts,
  resends: c.resends,
  lost: c.lost,
  duplicated: c.duplicated,
  misordered: c.misordered,
  'elapsed (s)': c.elapsedS,
});

export const detailRow = (c: Counts) => ({
  stored: c.stored,
  conversations: c.conversations,
  'socket drops': c.socketDrops,
  'answers lost': c.answersLost,
  'requests lost': c.requestsDropped,
  'resends injected': c.resendsInjected,
  'second drains': c.concurrentDrains,
  'enqueue races': c.enqueueRaces,
  'non-envelope answers': c.answersNotEnvelope,
  refused: c.refused,
  phantom: c.phantom,
  stale: c.stale,
  'server errors': c.serverErrors,
});
