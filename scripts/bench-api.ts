/**
 * npm run bench:api — authenticated call throughput and latency, next to a bare Fastify
 * hello-world route measured in the same run (the `vs hello` ratio). Printed as a table and
 * written to .tmp/bench-api.json. A measurement, not a test: it never fails on numbers, but it
 * exits 1 when a call answered anything but HTTP 200 with envelope status 200 (a benchmark of
 * errors measures nothing).
 *
 *   npm run bench:api
 *   CONNECTIONS=50 DURATION=10 MEMBERS=500 npm run bench:api
 *   BENCH_DATABASE_URL=postgres://…/fresh_db npm run bench:api     # PostgreSQL instead of PGlite
 *   CALLS=homePage,sendChat npm run bench:api                       # a subset (hello always runs)
 *
 * The server is the real one (buildApp) over a fresh PGlite data dir in a temporary directory,
 * seeded with MEMBERS members, two sessions each, 10 friends each, 5 posts each with a comment
 * and two likes (inserted as rows), an open club they all join, club posts, and direct and
 * group chat messages (through the calls). The load comes from a child process (autocannon), so
 * the generator does not share the server's event loop; after each run the server is let finish
 * what it had started before the next one begins. Every request carries a random member's token;
 * writes use fresh client ids (UUID v7) so they are never idempotent replays. Reads run before
 * writes, so the writes do not grow the data the reads see; the feed is measured once more at the
 * end, after the writes added their posts.
 *
 * Settings (environment): CONNECTIONS (20), DURATION seconds measured per call (5), WARMUP
 * seconds of the call before, not counted (1), MEMBERS (200), BENCH_JSON (.tmp/bench-api.json),
 * CALLS (all).
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 1);
const MEMBERS = Number(process.env.MEMBERS ?? 200);
const JSON_PATH = process.env.BENCH_JSON ?? '.tmp/bench-api.json';
/** Each member is friends with this many neighbours (half on either side). */
const FRIENDS = 10;
const POSTS_PER_MEMBER = 5;
const MESSAGES_PER_MEMBER = 5;
const CHAT_GROUPS = 10;
const GENERATOR_FLAG = '--load-generator';

const FIRST = ['Amal', 'Karim', 'Mei', 'Priya', 'Nikos', 'Claire', 'Omar', 'Sofia', 'Lena', 'Tomás', 'Maria', 'José', 'Aisha', 'Wei', 'Yuki', 'Arjun', 'Fatima', 'Liam', 'Olivia', 'Noah'];
const LAST = ['Haddad', 'Mansour', 'Lin', 'Sharma', 'Papadopoulos', 'Martin', 'Farouk', 'Rossi', 'Fischer', 'Silva', 'Garcia', 'Smith', 'Kim', 'Chen', 'Tanaka', 'Mehta', 'Bello', 'Nguyen', 'Brown', 'Dubois'];
const WORDS = ['leadership', 'community', 'project', 'meeting', 'volunteers', 'training', 'chapter', 'conference', 'idea', 'partners', 'summit', 'workshop'];

// ---------------------------------------------------------------------------------------------
// What is measured: shared by the server side (which seeds and reports) and the generator.

type Kind = 'baseline' | 'read' | 'write';
interface Scenario {
  /** What the table calls it; `call` is the API call measured (the same unless a call runs twice). */
  name: string;
  call: string;
  kind: Kind;
  /** Where the call is served: the main API, the chat base path, or the hello-world server. */
  base: 'main' | 'chat' | 'hello';
  method: 'GET' | 'POST';
  note: string;
}

const SCENARIOS: Scenario[] = [
  { name: 'hello', call: 'hello', kind: 'baseline', base: 'hello', method: 'GET', note: 'bare Fastify GET /hello → {hello:"world"}' },
  { name: 'verifyToken', call: 'verifyToken', kind: 'read', base: 'main', method: 'GET', note: 'rotates the session token; the generator adopts each new token' },
  { name: 'getUserInfo', call: 'getUserInfo', kind: 'read', base: 'main', method: 'POST', note: 'a friend’s profile, encrypted mode 3 (RSA-OAEP both ways)' },
  { name: 'getNewUserInfo', call: 'getNewUserInfo', kind: 'read', base: 'main', method: 'GET', note: 'the same profile, plain' },
  { name: 'homePage', call: 'homePage', kind: 'read', base: 'main', method: 'POST', note: 'news feed, page 1' },
  { name: 'getSearchResult', call: 'getSearchResult', kind: 'read', base: 'main', method: 'POST', note: 'member search, a 3-letter name prefix' },
  { name: 'getUserFriend', call: 'getUserFriend', kind: 'read', base: 'chat', method: 'POST', note: 'chat friend list' },
  { name: 'getChatRoomList', call: 'getChatRoomList', kind: 'read', base: 'chat', method: 'POST', note: 'conversations with last message and unread counts' },
  { name: 'createPost', call: 'createPost', kind: 'write', base: 'main', method: 'POST', note: 'new post, fresh client_id' },
  { name: 'postComment', call: 'postComment', kind: 'write', base: 'main', method: 'POST', note: 'comment on a random post, fresh client_id' },
  { name: 'likePost', call: 'likePost', kind: 'write', base: 'main', method: 'POST', note: 'like or unlike (always a change) a random post' },
  { name: 'sendChat', call: 'sendChat', kind: 'write', base: 'chat', method: 'POST', note: 'message to a random friend, fresh UUID v7' },
  { name: 'editUser', call: 'editUser', kind: 'write', base: 'main', method: 'POST', note: 'changes the introduction (bio)' },
  { name: 'homePage, after the writes', call: 'homePage', kind: 'read', base: 'main', method: 'POST', note: 'the feed again, now with the posts createPost added' },
];

/** What the generator needs to make requests: the members, their tokens and what they can reach. */
interface Fixture {
  members: { id: number; token: string; verifyToken: string; friends: number[] }[];
  posts: number[];
  serverPublicKey: string;
  searchWords: string[];
  chatBasePath: string;
}

interface RunRequest {
  type: 'run';
  scenario: string;
  call: string;
  url: string;
  connections: number;
  warmup: number;
  duration: number;
}

interface RunResult {
  scenario: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers that were not HTTP 200 with envelope status 200. */
  badAnswers: number;
  /** Connection errors and timeouts (autocannon). */
  socketErrors: number;
  samples: string[];
  /** How long opening the connections took, and how many were answered by its end. */
  connectSeconds: number;
  connected: number;
}

type ToGenerator = { type: 'fixture'; fixture: Fixture } | RunRequest | { type: 'exit' };
type FromGenerator = { type: 'ready' } | { type: 'result'; result: RunResult } | { type: 'failed'; error: string };

// ---------------------------------------------------------------------------------------------
// The load generator (a child process).

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

interface Made {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
  /** Called with the answer's data when it succeeded (state kept across requests). */
  after?: (data: unknown) => void;
  /** Called once the answer (good or bad) is in. */
  done?: () => void;
}

/** Hybrid encryption as the client does it (src/api/crypto.ts): a fresh AES key per request. */
const encryptMode3 = (serverPublicKey: string, clientPublicKey: string, plain: unknown) => {
  const aesKey = crypto.randomBytes(32);
  const wrapped = crypto.publicEncrypt(
    { key: serverPublicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(aesKey.toString('base64')),
  );
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { key: wrapped.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64'), client_key: clientPublicKey };
};

/** One request maker per scenario. */
const makers = (fx: Fixture): Record<string, () => Made> => {
  const chat = fx.chatBasePath;
  const member = () => pick(fx.members);
  const clientKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // verifyToken: each member's second session, its current token, and whether one is in flight.
  const current = fx.members.map((m) => m.verifyToken);
  const busy = new Set<number>();
  // likePost: what this generator has liked, so each like request is a change.
  const liked = new Set<string>();
  return {
    hello: () => ({ method: 'GET', path: '/hello' }),
    verifyToken: () => {
      let i = Math.floor(Math.random() * fx.members.length);
      // One request per session at a time, so each presents the token the last answer gave.
      while (busy.has(i) && busy.size < fx.members.length) i = (i + 1) % fx.members.length;
      busy.add(i);
      return {
        method: 'GET',
        path: '/api/verifyToken',
        token: current[i],
        after: (data) => {
          current[i] = (data as { token: string }).token;
        },
        done: () => busy.delete(i),
      };
    },
    getUserInfo: () => {
      const m = member();
      return { method: 'POST', path: '/api/getUserInfo', token: m.token, body: encryptMode3(fx.serverPublicKey, clientKey, { user_id: pick(m.friends) }) };
    },
    getNewUserInfo: () => {
      const m = member();
      return { method: 'GET', path: `/api/getNewUserInfo?user_id=${pick(m.friends)}`, token: m.token };
    },
    homePage: () => ({ method: 'POST', path: '/api/homePage', token: member().token, body: { page: 1 } }),
    getSearchResult: () => ({ method: 'POST', path: '/api/getSearchResult', token: member().token, body: { keyword: pick(fx.searchWords) } }),
    getUserFriend: () => ({ method: 'POST', path: `${chat}/getUserFriend`, token: member().token, body: {} }),
    getChatRoomList: () => ({ method: 'POST', path: `${chat}/getChatRoomList`, token: member().token, body: {} }),
    createPost: () => ({
      method: 'POST',
      path: '/api/createPost',
      token: member().token,
      body: { client_id: uuidv7(), content: `Bench post about ${pick(WORDS)} ${crypto.randomUUID()}`, visibility: Math.random() < 0.5 ? 'public' : 'friends' },
    }),
    postComment: () => ({
      method: 'POST',
      path: '/api/postComment',
      token: member().token,
      body: { client_id: uuidv7(), post_id: pick(fx.posts), content: `Good point on ${pick(WORDS)}` },
    }),
    likePost: () => {
      const m = member();
      const post = pick(fx.posts);
      const key = `${m.id}:${post}`;
      const like = !liked.has(key);
      if (like) liked.add(key);
      else liked.delete(key);
      return { method: 'POST', path: '/api/likePost', token: m.token, body: { post_id: post, like } };
    },
    sendChat: () => {
      const m = member();
      return { method: 'POST', path: `${chat}/sendChat`, token: m.token, body: { id: uuidv7(), friend_id: pick(m.friends), content: `Bench message ${crypto.randomUUID()}` } };
    },
    editUser: () => ({ method: 'POST', path: '/api/editUser', token: member().token, body: { bio: `Working on ${pick(WORDS)} and ${pick(WORDS)} (${Date.now()})` } }),
  };
};

const pct = (sorted: Float64Array, p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

/** The longest the connect phase waits for every connection to have had an answer. */
const CONNECT_CAP = 30;
/** What connections ask while they are being opened: no route, so a 404 that touches no database. */
const CONNECT_PATH = '/bench-api-connect';

interface Measured {
  latencies: Float64Array;
  seconds: number;
  bad: number;
  samples: string[];
  socketErrors: number;
  connectSeconds: number;
  connected: number;
}

/**
 * One autocannon run of `make` on `connections` connections kept open throughout, in three
 * phases: connect (cheap requests until every connection has had an answer: a busy Node server
 * accepts one new connection per event-loop turn, so under load the last ones would wait seconds
 * and make the run's tail), warm-up (`warmup` seconds of the call, not counted), and `duration`
 * seconds measured. Latencies are kept at full precision (autocannon's histogram is in whole ms).
 */
const cannon = (url: string, make: () => Made, connections: number, warmup: number, duration: number) =>
  new Promise<Measured>((resolve, reject) => {
    let phase: 'connect' | 'warm' | 'measure' | 'over' = 'connect';
    const latencies: number[] = [];
    let bad = 0;
    let socketErrors = 0;
    const samples: string[] = [];
    const fail = (what: string) => {
      if (phase !== 'measure') return;
      bad++;
      if (samples.length < 3) samples.push(what.slice(0, 200));
    };
    const answered = new Set<unknown>();
    const started = performance.now();
    let measureStart = 0;
    let seconds = 0;
    let connectSeconds = 0;
    type Ctx = { made?: Made };
    const instance = autocannon(
      {
        url,
        connections,
        // Stopped by hand once the measurement is over.
        duration: CONNECT_CAP + warmup + duration + 10,
        timeout: 30,
        requests: [
          {
            setupRequest: (req, context) => {
              if (phase === 'connect') {
                (context as Ctx).made = undefined;
                return { ...req, method: 'GET', path: CONNECT_PATH, headers: {}, body: undefined };
              }
              const made = make();
              (context as Ctx).made = made;
              const headers: Record<string, string> = {};
              if (made.token) headers.authorization = made.token;
              if (made.body !== undefined) headers['content-type'] = 'application/json';
              return { ...req, method: made.method, path: made.path, headers, body: made.body === undefined ? undefined : JSON.stringify(made.body) };
            },
            onResponse: (status, body, context) => {
              const made = (context as Ctx).made;
              if (!made) return; // a connect-phase request
              try {
                if (made.path === '/hello') {
                  if (status !== 200 || (JSON.parse(body) as { hello?: string }).hello !== 'world') fail(`HTTP ${status} ${body}`);
                  return;
                }
                const envelope = JSON.parse(body) as { status?: number; msg?: string; data?: unknown };
                if (status !== 200 || envelope.status !== 200 || envelope.data === null) fail(`HTTP ${status}, status ${envelope.status}: ${envelope.msg}`);
                else made.after?.(envelope.data);
              } catch {
                fail(`HTTP ${status}, unreadable body: ${body}`);
              } finally {
                made.done?.();
              }
            },
          },
        ],
      },
      (err: unknown) => {
        clearInterval(connecting);
        if (err) reject(err instanceof Error ? err : new Error('autocannon failed', { cause: err }));
        else resolve({ latencies: Float64Array.from(latencies).sort(), seconds, bad, samples, socketErrors, connectSeconds, connected: answered.size });
      },
    );
    instance.on('response', (client, _status, _bytes, time) => {
      if (phase === 'measure') latencies.push(time);
      else if (phase === 'connect') answered.add(client);
    });
    instance.on('reqError', () => {
      if (phase === 'measure') socketErrors++;
    });
    const connecting = setInterval(() => {
      connectSeconds = (performance.now() - started) / 1000;
      if (answered.size < connections && connectSeconds < CONNECT_CAP) return;
      clearInterval(connecting);
      phase = 'warm';
      setTimeout(() => {
        phase = 'measure';
        measureStart = performance.now();
        setTimeout(() => {
          phase = 'over';
          seconds = (performance.now() - measureStart) / 1000;
          instance.stop();
        }, duration * 1000);
      }, warmup * 1000);
    }, 5);
  });

const generator = () => {
  let make: Record<string, () => Made> | null = null;
  const send = (m: FromGenerator) => process.send!(m);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: ToGenerator) => {
    if (m.type === 'exit') process.exit(0);
    if (m.type === 'fixture') {
      make = makers(m.fixture);
      return;
    }
    void (async () => {
      try {
        const next = make?.[m.call];
        if (!next) throw new Error(`no request maker for ${m.call}`);
        const r = await cannon(m.url, next, m.connections, m.warmup, m.duration);
        const sorted = r.latencies;
        send({
          type: 'result',
          result: {
            scenario: m.scenario,
            requests: sorted.length,
            seconds: r.seconds,
            perSecond: sorted.length / r.seconds,
            p50: pct(sorted, 50),
            p90: pct(sorted, 90),
            p99: pct(sorted, 99),
            max: sorted.length ? sorted[sorted.length - 1]! : NaN,
            badAnswers: r.bad,
            socketErrors: r.socketErrors,
            samples: r.samples,
            connectSeconds: r.connectSeconds,
            connected: r.connected,
          },
        });
      } catch (e) {
        send({ type: 'failed', error: e instanceof Error ? e.stack ?? e.message : String(e) });
      }
    })();
  });
  send({ type: 'ready' });
};

// ---------------------------------------------------------------------------------------------
// The servers, the members and the report.

const startGenerator = () => {
  const child = fork(fileURLToPath(import.meta.url), [GENERATOR_FLAG], { stdio: 'inherit' });
  const waiters: ((m: FromGenerator) => void)[] = [];
  child.on('message', (m: FromGenerator) => waiters.shift()?.(m));
  child.on('exit', (code) => {
    if (code !== 0 && waiters.length) {
      console.error(`load generator exited with ${code}`);
      process.exit(1);
    }
  });
  const next = () => new Promise<FromGenerator>((resolve) => waiters.push(resolve));
  return { child, next };
};

const run = async (gen: { child: ChildProcess; next: () => Promise<FromGenerator> }, req: RunRequest): Promise<RunResult> => {
  const answer = gen.next();
  gen.child.send(req);
  const m = await answer;
  if (m.type === 'result') return m.result;
  throw new Error(m.type === 'failed' ? m.error : `unexpected message ${m.type}`);
};

const main = async () => {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { sql } = await import('drizzle-orm');
  const { openDatabase, queryRows } = await import('../server/db/client.ts');
  const { gatherStatistics } = await import('../server/db/maintenance.ts');
  const { loadOrCreateKeyPair } = await import('../server/http/crypto.ts');
  const { createSession } = await import('../server/modules/auth/tokens.ts');
  const { createUser } = await import('../server/modules/auth/users.ts');
  const { hashPassword } = await import('../server/modules/auth/passwords.ts');
  const { befriend } = await import('../server/modules/friends/relations.ts');
  const { posts: postsTable, postComments, postLikes } = await import('../server/db/schema/index.ts');

  if (!Number.isInteger(MEMBERS) || MEMBERS < 3) throw new Error('MEMBERS must be a whole number of at least 3');
  const wanted = process.env.CALLS ? new Set(['hello', ...process.env.CALLS.split(',').map((s) => s.trim())]) : null;
  const scenarios = SCENARIOS.filter((s) => !wanted || wanted.has(s.call));
  const unknown = wanted ? [...wanted].filter((n) => !SCENARIOS.some((s) => s.call === n)) : [];
  if (unknown.length) throw new Error(`CALLS names calls not measured here: ${unknown.join(', ')} (known: ${[...new Set(SCENARIOS.map((s) => s.call))].join(', ')})`);

  const loadAtStart = os.loadavg();
  const gen = startGenerator();
  const ready = gen.next();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mn-bench-api-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dir, 'pglite') });
  const where = database.engine === 'postgres' ? 'BENCH_DATABASE_URL' : `fresh data dir ${path.join(dir, 'pglite')}`;
  console.log(`bench:api — ${os.cpus().length} cores, node ${process.version}, ${database.engine} (${where})`);
  console.log(`${MEMBERS} members, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per call`);
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', DATA_DIR: dir }), clientDir: path.join(dir, 'no-client') };
  const keys = loadOrCreateKeyPair(dir);
  const app = await buildApp({ config, database, keys, logger: false });
  // Calls still being handled. When a run stops, autocannon drops its connections but the server
  // finishes what it had started; the next run waits for that, or it would measure the backlog.
  let inFlight = 0;
  const counted = new WeakSet<object>();
  app.addHook('onRequest', (req, _reply, done) => {
    counted.add(req);
    inFlight++;
    done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (counted.delete(req)) inFlight--;
    done(null, payload);
  });
  /** Waits until the server has answered everything it started; the seconds that took. */
  const drained = async () => {
    const start = performance.now();
    while (inFlight > 0 && performance.now() - start < 60_000) await new Promise((r) => setTimeout(r, 10));
    return (performance.now() - start) / 1000;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}`;

  // Seeding: members, sessions and friendships through the services (as bench-chat does), the
  // bulk of the feed as rows, the club and the chat through the calls.
  const seedStart = performance.now();
  const phases: Record<string, number> = {};
  let phaseStart = seedStart;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Number(((now - phaseStart) / 1000).toFixed(2));
    phaseStart = now;
  };
  const db = database.db;
  const runId = Date.now().toString(36); // unique e-mails, so a reused PostgreSQL database still works
  /** Runs `task` for 0..n-1, a few at a time. */
  const each = async (n: number, task: (i: number) => Promise<unknown>, width = 8) => {
    for (let i = 0; i < n; i += width) await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, k) => task(i + k)));
  };
  const passwordHash = await hashPassword('Bench1234');
  const members: Fixture['members'] = [];
  await each(MEMBERS, async (i) => {
    const nickName = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= FIRST.length * LAST.length ? ` ${i}` : ''}`;
    const user = await createUser(db, { email: `bench-${runId}-${i}@example.org`, password: '', nickName, passwordHash });
    if (!user) throw new Error(`member ${i} could not be created`);
    const meta = { ip: '127.0.0.1', userAgent: 'bench-api' };
    const [main, verify] = await Promise.all([createSession(db, user.id, meta), createSession(db, user.id, meta)]);
    members[i] = { id: user.id, token: main.token, verifyToken: verify.token, friends: [] };
  });
  // A ring: each member is friends with the FRIENDS nearest members, half on either side.
  const half = Math.min(FRIENDS / 2, Math.floor((MEMBERS - 1) / 2));
  for (let i = 0; i < MEMBERS; i++) {
    for (let k = 1; k <= half; k++) {
      members[i]!.friends.push(members[(i + k) % MEMBERS]!.id);
      members[(i + k) % MEMBERS]!.friends.push(members[i]!.id);
    }
  }
  await each(MEMBERS * half, (n) => befriend(db, members[Math.floor(n / half)]!.id, members[(Math.floor(n / half) + 1 + (n % half)) % MEMBERS]!.id));
  phase('members, sessions and friends');
  const call = async <T>(token: string, name: string, body: unknown, base: 'main' | 'chat' = 'main'): Promise<T> => {
    const res = await app.inject({
      method: 'POST',
      url: `${base === 'chat' ? config.chatBasePath : '/api'}/${name}`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    const envelope = res.json<{ status: number; msg: string; data: T }>();
    if (res.statusCode !== 200 || envelope.status !== 200) throw new Error(`seeding ${name}: HTTP ${res.statusCode}, status ${envelope.status}: ${envelope.msg}`);
    return envelope.data;
  };
  const token = (i: number) => members[i % MEMBERS]!.token;

  // The bulk of the feed (posts over the last 30 days, a third for friends only, a comment and two
  // likes on each, from the author's friends) goes in as the rows createPost, postComment and
  // likePost write, a few hundred per statement; their notifications are left out. Through the
  // calls it would take most of the run's time budget on a small machine.
  const DAY = 24 * 60 * 60 * 1000;
  const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
  };
  const postRows = Array.from({ length: MEMBERS * POSTS_PER_MEMBER }, (_, n) => ({
    clientId: uuidv7(),
    userId: members[n % MEMBERS]!.id,
    content: `${pick(WORDS)} ${pick(WORDS)}: notes from our ${pick(WORDS)} #${n}`,
    visibility: n % 3 === 0 ? 'friends' : 'public',
    createdAt: new Date(Date.now() - Math.random() * 30 * DAY),
  }));
  const posts: { id: number; author: number; everyone: boolean }[] = [];
  await inBatches(postRows, async (batch) => {
    const ids = await db.insert(postsTable).values(batch).returning({ id: postsTable.id, userId: postsTable.userId, visibility: postsTable.visibility });
    for (const r of ids) posts.push({ id: r.id, author: members.findIndex((m) => m.id === r.userId), everyone: r.visibility === 'public' });
  });
  phase('posts');
  // One open club everyone joins (through the calls), with a post from every fourth member.
  const club = await call<{ club_id: number }>(token(0), 'addGroup', { name: 'Bench club', intro: 'Everyone', category: 'leadership', join_mode: 'open' });
  await each(MEMBERS - 1, (i) => call(token(i + 1), 'joinGroup', { club_id: club.club_id }));
  await each(Math.ceil(MEMBERS / 4), async (n) => {
    const post = await call<{ post_id: number }>(token(n * 4), 'addGroupPost', { client_id: uuidv7(), club_id: club.club_id, content: `Club news #${n}` });
    posts.push({ id: post.post_id, author: n * 4, everyone: true });
  });
  phase('club');
  const friendOf = (author: number, k: number) => members[(author + 1 + (k % half)) % MEMBERS]!.id;
  const commentRows = posts.map((p, n) => ({ clientId: uuidv7(), postId: p.id, userId: friendOf(p.author, n), content: `Thanks for sharing #${n}` }));
  await inBatches(commentRows, (batch) => db.insert(postComments).values(batch));
  const likeRows = posts.flatMap((p, n) => [0, 1].map((k) => ({ postId: p.id, userId: friendOf(p.author, n + k) })));
  let likes = 0;
  await inBatches(likeRows, async (batch) => {
    likes += (await db.insert(postLikes).values(batch).onConflictDoNothing().returning({ postId: postLikes.postId })).length;
  });
  const comments = commentRows.length;
  phase('comments and likes');
  // Chat through the calls: they keep the conversations' order, sequence numbers and unread counts.
  await each(MEMBERS * MESSAGES_PER_MEMBER, (n) => {
    const m = members[n % MEMBERS]!;
    return call(m.token, 'sendChat', { id: uuidv7(), friend_id: m.friends[Math.floor(n / MEMBERS) % m.friends.length]!, content: `Hello #${n}` }, 'chat');
  });
  const groups = Math.min(CHAT_GROUPS, MEMBERS);
  await each(groups, async (g) => {
    const owner = members[(g * Math.floor(MEMBERS / groups)) % MEMBERS]!;
    const group = await call<{ group_id: number }>(owner.token, 'createGroup', { name: `Bench group ${g}`, member_ids: owner.friends }, 'chat');
    for (let k = 0; k < 5; k++) await call(owner.token, 'sendGroup', { id: uuidv7(), group_id: group.group_id, content: `Group hello ${k}` }, 'chat');
  });
  phase('chat');
  // What the server's hourly statistics run (server/db/maintenance.ts) would have done by now.
  await gatherStatistics(database);
  phase('planner statistics');
  const seed = {
    members: MEMBERS,
    sessions: MEMBERS * 2,
    friendships: MEMBERS * half,
    posts: posts.length,
    comments,
    likes,
    clubMembers: MEMBERS,
    chatMessages: MEMBERS * MESSAGES_PER_MEMBER + groups * 5,
    chatGroups: groups,
    seconds: (performance.now() - seedStart) / 1000,
    phases,
  };
  console.log(`seeded in ${seed.seconds.toFixed(1)} s (${Object.entries(phases).map(([k, v]) => `${k} ${v} s`).join(', ')}): ${seed.posts} posts, ${seed.comments} comments, ${seed.likes} likes, ${seed.chatMessages} chat messages, 1 club, ${groups} chat groups`);

  const searchWords = [...new Set(FIRST.slice(0, Math.min(FIRST.length, MEMBERS)).map((n) => n.slice(0, 3).toLowerCase()))];
  const fixture: Fixture = { members, posts: posts.filter((p) => p.everyone).map((p) => p.id), serverPublicKey: keys.publicKey, searchWords, chatBasePath: config.chatBasePath };
  if ((await ready).type !== 'ready') throw new Error('load generator did not start');
  gen.child.send({ type: 'fixture', fixture } satisfies ToGenerator);

  const results: (RunResult & { drainSeconds: number })[] = [];
  for (const s of scenarios) {
    process.stdout.write(`  ${s.name} …`);
    const r = { ...(await run(gen, { type: 'run', scenario: s.name, call: s.call, url: s.base === 'hello' ? helloUrl : url, connections: CONNECTIONS, warmup: WARMUP, duration: DURATION })), drainSeconds: await drained() };
    process.stdout.write(` ${r.perSecond.toFixed(0)} req/s${r.badAnswers + r.socketErrors ? `, ${r.badAnswers + r.socketErrors} errors` : ''}\n`);
    results.push(r);
  }
  gen.child.send({ type: 'exit' } satisfies ToGenerator);
  const [postCount] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from posts`);
  const postsAtEnd = postCount?.n ?? 0;

  const base = results.find((r) => r.scenario === 'hello')!;
  const rows = results.map((r) => {
    const s = SCENARIOS.find((x) => x.name === r.scenario)!;
    return {
      call: s.base === 'chat' ? `${s.name} (chat)` : s.name,
      kind: s.kind,
      'req/s': Math.round(r.perSecond),
      'p50 ms': Number(r.p50.toFixed(2)),
      'p99 ms': Number(r.p99.toFixed(2)),
      requests: r.requests,
      errors: r.badAnswers + r.socketErrors,
      'vs hello': Number((r.perSecond / base.perSecond).toPrecision(3)),
    };
  });
  console.log(`\nAuthenticated calls vs a Fastify hello-world route (${CONNECTIONS} connections, ${DURATION} s each, ${database.engine})`);
  console.table(rows);

  const failed = results.filter((r) => r.badAnswers + r.socketErrors > 0);
  for (const r of failed) console.error(`${r.scenario}: ${r.badAnswers} bad answers, ${r.socketErrors} socket errors or timeouts; e.g. ${r.samples.join(' | ')}`);
  const cold = results.filter((r) => r.connected < CONNECTIONS);
  for (const r of cold) console.warn(`${r.scenario}: only ${r.connected} of ${CONNECTIONS} connections were open after ${r.connectSeconds.toFixed(1)} s; the others joined during the run`);

  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? '',
      memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
      /** 1, 5 and 15 minutes; other work on the machine skews the numbers. */
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg(),
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      node: process.version,
    },
    database: { engine: database.engine, where: database.engine === 'postgres' ? 'BENCH_DATABASE_URL' : 'PGlite, fresh data dir in a temporary directory' },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, members: MEMBERS, loadGenerator: 'autocannon in a child process' },
    seed,
    postsAtEnd,
    results: results.map((r) => {
      const s = SCENARIOS.find((x) => x.name === r.scenario)!;
      return {
        name: s.name,
        call: s.call,
        kind: s.kind,
        base: s.base,
        method: s.method,
        note: s.note,
        requests: r.requests,
        seconds: r.seconds,
        perSecond: r.perSecond,
        latencyMs: { p50: r.p50, p90: r.p90, p99: r.p99, max: r.max },
        errors: { badAnswers: r.badAnswers, socket: r.socketErrors, samples: r.samples },
        /** Opening the connections (cheap requests until each had an answer), before the warm-up. */
        connect: { seconds: r.connectSeconds, connectionsAnswered: r.connected },
        /** How long the server took, after the run stopped, to finish the calls it had started. */
        drainSeconds: r.drainSeconds,
        vsHello: r.perSecond / base.perSecond,
      };
    }),
  };
  fs.mkdirSync(path.dirname(JSON_PATH), { recursive: true });
  fs.writeFileSync(JSON_PATH, JSON.stringify(report, null, 2));
  console.log(`\nwritten: ${JSON_PATH}`);
  await hello.close();
  await app.close();
  if (failed.length) {
    console.error(`\n${failed.length} call(s) answered errors: their numbers above are not valid.`);
    process.exitCode = 1;
  }
};

if (process.argv.includes(GENERATOR_FLAG)) generator();
else await main();
