import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';

const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

/** Gathers the planner's statistics once (PGlite only; a PostgreSQL server does it itself). */
export const gatherStatistics = async (database: Database): Promise<boolean> => {
  if (database.engine !== 'pglite') return false;
  await database.db.execute(sql`analyze`);
  return true;
};

/**
 * PostgreSQL's autovacuum keeps the planner's statistics fresh; the embedded PGlite has no
 * background workers, so without this its planner never learns the tables' sizes and picks
 * poor plans (`npm run bench:api` saw the feed scan every member once per post). Runs now and
 * every hour; returns a function that stops it.
 */
export const startStatistics = (database: Database, log: FastifyBaseLogger): (() => void) => {
  if (database.engine !== 'pglite') return () => {};
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    gatherStatistics(database)
      .catch((err: unknown) => log.warn({ err }, 'gathering the planner statistics failed'))
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, STATISTICS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
};
