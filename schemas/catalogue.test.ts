import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CALLS } from './api/index.ts';

interface CatalogueEntry {
  name: string;
  method: string;
  enc: number | null;
  base: string;
}

const cataloguePath = path.resolve(import.meta.dirname, '../../shared/spec/api-calls.json');
const catalogue = JSON.parse(fs.readFileSync(cataloguePath, 'utf8')) as CatalogueEntry[];

/**
 * Calls of our own that the spec has no counterpart for, each named here on purpose: web push
 * (issue 6: the spec has no notifications to a closed app). Nothing else may be added.
 */
const OWN_CALLS = new Set(['getPushKey', 'pushSubscribe', 'pushUnsubscribe']);

describe('The call definitions keep the public API of the spec catalogue', () => {
  test.each(Object.values(CALLS).filter((def) => !OWN_CALLS.has(def.name)).map((def) => [def.name, def] as const))('%s has the catalogue name, method, mode and base', (_name, def) => {
    const entries = catalogue.filter((c) => c.name === def.name);
    expect(entries.length, `${def.name} is not in spec/api-calls.json`).toBeGreaterThan(0);
    expect(entries).toContainEqual(expect.objectContaining({ method: def.method, enc: def.enc, base: def.base }));
  });

  test('Our own calls are exactly the allowed ones, defined, and not names the catalogue uses', () => {
    for (const name of OWN_CALLS) {
      expect(CALLS, `${name} is allowed but not defined`).toHaveProperty(name);
      expect(catalogue.some((c) => c.name === name), `${name} is in the catalogue now: check it there instead`).toBe(false);
    }
  });

  test('Every definition is filed under its own name', () => {
    for (const [key, def] of Object.entries(CALLS)) expect(def.name).toBe(key);
  });
});
