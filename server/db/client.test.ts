import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { openDatabase } from './client.ts';
import { users } from './schema/index.ts';
import { seedDemoData } from './seed.ts';

describe('The embedded database under the data dir', () => {
  test('Data survives a restart and demo data is seeded on the first start only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mn-pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      expect(first.engine).toBe('pglite');
      expect(await seedDemoData(first.db)).toBe(true);
      const [seeded] = await first.db.select({ n: count() }).from(users);
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      expect(await seedDemoData(second.db)).toBe(false);
      const [again] = await second.db.select({ n: count() }).from(users);
      expect(again!.n).toBe(seeded!.n);
      expect(seeded!.n).toBeGreaterThan(0);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
