import { describe, expect, test } from 'vitest';
import { createClickLock, DEFAULT_LOCK_MS } from './click-lock.ts';
import { slidesPerView } from './carousel.tsx';

describe('The anti-double-click lock', () => {
  test('A second click within 3000 ms is ignored; after it, clicks work again', () => {
    let now = 1000;
    const lock = createClickLock(DEFAULT_LOCK_MS, () => now);
    let runs = 0;
    expect(lock.run(() => runs++)).toBe(true);
    now += 2999;
    expect(lock.run(() => runs++)).toBe(false);
    now += 1;
    expect(lock.run(() => runs++)).toBe(true);
    expect(runs).toBe(2);
  });

  test('The lock holds while the action is still running, even past 3000 ms', async () => {
    let now = 0;
    const lock = createClickLock(3000, () => now);
    let finish!: () => void;
    lock.run(() => new Promise<void>((r) => (finish = r)));
    now = 10_000;
    expect(lock.locked).toBe(true);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    expect(lock.locked).toBe(false);
  });
});

describe('Carousel breakpoints of spec section 9', () => {
  test('6 slides shown on wide screens, 3 centred at 992 px or less, 1 at 480 px or less', () => {
    expect(slidesPerView(1440)).toEqual({ shown: 6, centred: false });
    expect(slidesPerView(993)).toEqual({ shown: 6, centred: false });
    expect(slidesPerView(992)).toEqual({ shown: 3, centred: true });
    expect(slidesPerView(481)).toEqual({ shown: 3, centred: true });
    expect(slidesPerView(480)).toEqual({ shown: 1, centred: false });
  });
});
