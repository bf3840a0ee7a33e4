import { describe, expect, test, vi } from 'vitest';
import { loadWithRetry, PAGE_LOAD_TIMEOUT_MS, withTimeout } from './lazy-page.ts';

describe('Loading a page part', () => {
  test('The page-part timeout is 120 s', () => {
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  test('A failed load is tried again and the page appears', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce({ Page: 'ok' });
    await expect(loadWithRetry(load, { delayMs: 1 })).resolves.toEqual({ Page: 'ok' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('A load that never answers times out and is retried', async () => {
    const load = vi.fn().mockReturnValueOnce(new Promise(() => {})).mockResolvedValueOnce('late but fine');
    await expect(loadWithRetry(load, { timeoutMs: 10, delayMs: 1 })).resolves.toBe('late but fine');
  });

  test('After the last attempt the failure reaches the route, which offers a retry', async () => {
    const load = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(loadWithRetry(load, { attempts: 3, delayMs: 1 })).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(3);
  });

  test('withTimeout names the limit', async () => {
    await expect(withTimeout(new Promise(() => {}), 5)).rejects.toThrow('within 0.005 s');
  });
});
