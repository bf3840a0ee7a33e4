/**
 * npm run chaos — the chat under faults (issue 8, item 4): K clients send through their outboxes
 * while their sockets are cut, answers are lost after the server handled them, messages are sent
 * again, and the server restarts; then every client's history is compared with the server's.
 * Prints the counts, writes .tmp/chaos.json, and exits non-zero on any loss, duplicate or
 * misorder (or anything left refused, stuck or stale). The engine is scripts/chaos/run.ts; a
 * short run of it is in the test suite (server/realtime/chaos.test.ts).
 *
 *   npm run chaos
 *   CLIENTS=20 MESSAGES=50 DISCONNECTS=1000 RESTARTS=3 SEED=42 npm run chaos
 *   CHAOS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run chaos   # a fresh database on that PostgreSQL
 *
 * Knobs (environment): CLIENTS, MESSAGES (per client), DISCONNECTS (total), RESTARTS, SEED,
 * DURATION (seconds of faults; default 120 ms per disconnect), RESENDS, SECOND_DRAINS,
 * DROP_REQUEST, DROP_ANSWER (chances, 0..1), HARD_RESTART=1 (SIGKILL instead of SIGTERM),
 * IN_PROCESS=1 (the server in this process instead of a child process), KEEP=1 (keep the data),
 * CHAOS_DATABASE_URL or BENCH_DATABASE_URL (PostgreSQL instead of PGlite).
 * The schedule of faults follows SEED; the interleaving with the server's timing does not, so a
 * seed reproduces the plan, not every race.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultOptions, detailRow, runChaos, summaryRow, type ChaosOptions } from './chaos/run.ts';
import { chaosStorage, childProcessTarget, inProcessTarget, repoRoot } from './chaos/targets.ts';

const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0, got "${raw}"`);
  return n;
};

const main = async () => {
  const disconnects = num('DISCONNECTS', 1000);
  const seed = num('SEED', Math.floor(Math.random() * 1_000_000));
  const base = defaultOptions({ disconnects });
  const options: Partial<ChaosOptions> = {
    clients: num('CLIENTS', 20),
    messages: num('MESSAGES', 50),
    disconnects,
    restarts: num('RESTARTS', 3),
    seed,
    durationMs: num('DURATION', base.durationMs / 1000) * 1000,
    resends: num('RESENDS', base.resends),
    concurrentDrains: num('SECOND_DRAINS', base.concurrentDrains),
    dropRequest: num('DROP_REQUEST', base.dropRequest),
    dropAnswer: num('DROP_ANSWER', base.dropAnswer),
    hardRestarts: process.env.HARD_RESTART === '1',
    log: (line) => console.log(line),
  };
  const adminUrl = process.env.CHAOS_DATABASE_URL || process.env.BENCH_DATABASE_URL || undefined;
  fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  const storage = await chaosStorage({ adminUrl, dataDir: path.join(repoRoot, '.tmp', 'chaos-data'), keep: process.env.KEEP === '1' });
  const target = process.env.IN_PROCESS === '1' ? inProcessTarget(storage) : childProcessTarget(storage, { logFile: path.join(repoRoot, '.tmp', 'chaos-server.log') });
  console.log(
    `chaos — ${target.name}; ${options.clients} clients × ${options.messages} messages, ${disconnects} disconnects, ${options.restarts} restarts${options.hardRestarts ? ' (hard)' : ''}, seed ${seed}`,
  );
  let report;
  try {
    report = await runChaos(target, options);
  } finally {
    await target.dispose();
  }
  console.log('\nChat under faults');
  console.table([summaryRow(report.counts)]);
  console.table([detailRow(report.counts)]);
  const out = path.join(repoRoot, '.tmp', 'chaos.json');
  fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2));
  console.log(`written: ${path.relative(process.cwd(), out)}`);
  if (report.ok) {
    console.log(`\nOK: 0 lost, 0 duplicated, 0 misordered (seed ${seed}).`);
    process.exit(0);
  }
  console.log(`\nFAILED (seed ${seed}, reproduce the plan with SEED=${seed} and the same knobs):`);
  for (const f of report.failures) console.log(`  - ${f}`);
  for (const [kind, list] of Object.entries(report.examples)) console.log(`  ${kind}: ${JSON.stringify(list.slice(0, 3))}`);
  if (report.serverErrors.length) console.log(`  server errors (first): ${report.serverErrors[0]}`);
  process.exit(1);
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
