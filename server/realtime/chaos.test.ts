import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runChaos, summaryRow, detailRow } from '../../scripts/chaos/run.ts';
import { chaosStorage, inProcessTarget, type ChaosTarget } from '../../scripts/chaos/targets.ts';
import { engineName } from '../test/harness.ts';

/**
 * The short chaos run (issue 8, item 4; the long one is `npm run chaos`): clients send through
 * their outboxes while their sockets are cut, answers are lost after the server handled them,
 * messages are sent again, and the server restarts once, dropping every connection and request
 * in flight; then every client's history must equal the server's, with nothing lost, nothing
 * twice and nothing out of order. The server runs in this process over a PGlite data dir, or a
 * fresh database on TEST_DATABASE_URL's PostgreSQL; the run's seed is fixed (CHAOS_SEED changes it).
 */
describe(`Chat under faults (${engineName})`, () => {
  let target: ChaosTarget | undefined;
  afterAll(async () => {
    await target?.dispose();
  });

  test('5 clients, 50 disconnects, 1 restart: 0 lost, 0 duplicated, 0 misordered', { timeout: 90_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mn-chaos-'));
    target = inProcessTarget(await chaosStorage({ adminUrl: process.env.TEST_DATABASE_URL, dataDir }));
    const report = await runChaos(target, {
      clients: 5,
      messages: 12,
      disconnects: 50,
      restarts: 1,
      hardRestarts: true,
      seed: Number(process.env.CHAOS_SEED ?? 20240801),
      durationMs: 8000,
      resends: 15,
      concurrentDrains: 4,
      settleMs: 30_000,
    });
    const shown = JSON.stringify({ summary: summaryRow(report.counts), detail: detailRow(report.counts), failures: report.failures, examples: report.examples, harnessErrors: report.harnessErrors }, null, 2);
    expect(report.counts.sent, shown).toBe(60);
    expect(report.counts.disconnects, shown).toBe(50);
    expect(report.counts.restarts, shown).toBe(1);
    expect(report.counts.resends, shown).toBeGreaterThan(0);
    expect(report.counts.settled, shown).toBe(true);
    expect(
      {
        lost: report.counts.lost,
        duplicated: report.counts.duplicated,
        misordered: report.counts.misordered,
        phantom: report.counts.phantom,
        refused: report.counts.refused,
        stale: report.counts.stale,
        harnessErrors: report.counts.harnessErrors,
      },
      shown,
    ).toEqual({ lost: 0, duplicated: 0, misordered: 0, phantom: 0, refused: 0, stale: 0, harnessErrors: 0 });
    expect(report.ok, shown).toBe(true);
  });
});
