import { describe, expect, test } from 'vitest';
import { backgroundSettled, inBackground } from './background.ts';

describe('Background work', () => {
  test('is awaited until none is left, also work started by other work; a failure is logged, not thrown', async () => {
    const done: string[] = [];
    const errors: unknown[] = [];
    const log = { error: (obj: unknown) => errors.push(obj) };
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    inBackground(
      later(20).then(() => {
        done.push('first');
        inBackground(later(20).then(() => done.push('second')), log);
      }),
      log,
    );
    inBackground(Promise.reject(new Error('smtp down')), log);
    await backgroundSettled();
    expect(done).toEqual(['first', 'second']);
    expect(errors).toHaveLength(1);
  });
});
