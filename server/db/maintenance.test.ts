import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { queryRows } from './client.ts';
import { gatherStatistics } from './maintenance.ts';
import { engineName, startTestServer, type TestServer } from '../test/harness.ts';
import { createMember } from '../test/members.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const statisticsOfUsers = async () =>
  (await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'users'`))[0]!.n;

test(`The embedded database gathers planner statistics; a PostgreSQL server is left to its own (${engineName})`, async () => {
  for (let i = 0; i < 3; i++) await createMember(server);
  if (server.database.engine === 'pglite') expect(await statisticsOfUsers()).toBe(0);
  const gathered = await gatherStatistics(server.database);
  expect(gathered).toBe(server.database.engine === 'pglite');
  if (gathered) expect(await statisticsOfUsers()).toBeGreaterThan(0);
});
