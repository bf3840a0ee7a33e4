import { describe, expect, test } from 'vitest';
import { CALLS } from '../../schemas/api/index.ts';
import { implementations } from './index.ts';

describe('The call registry', () => {
  test('Every defined call is served, once', () => {
    const served = implementations.map((i) => i.def.name);
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual(Object.keys(CALLS).sort());
  });

  test('Every served call has a request and a response schema', () => {
    for (const { def } of implementations) {
      expect(def.body, def.name).toMatchObject({ type: expect.any(String) });
      expect(def.data, def.name).toBeTruthy();
    }
  });
});
