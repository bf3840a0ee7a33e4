import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { backgroundSettled } from '../http/background.ts';
import type { TestServer } from './harness.ts';

/** Tables whose rows record security events (captchas used, sessions seen), not member data. */
const BOOKKEEPING = new Set(['captchas', 'sessions', '__drizzle_migrations']);

/** A fingerprint of every member-data table (row count and md5), to prove a refused call changed nothing. */
export const digest = async (server: TestServer): Promise<Record<string, string>> => {
  // What earlier calls started in the background (a friend request's notification) lands first.
  await backgroundSettled();
  const rows = await queryRows<{ table_name: string }>(
    server.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of rows) {
    if (BOOKKEEPING.has(table_name)) continue;
    const [res] = await queryRows<{ n: string; h: string }>(
      server.database.db,
      sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${table_name}" t`),
    );
    out[table_name] = `${res!.n}:${res!.h}`;
  }
  return out;
};
