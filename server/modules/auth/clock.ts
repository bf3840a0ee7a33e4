/**
 * The time that TOTP checks and the erasing sweep go by. Production reads the system clock;
 * tests set `clock.now` to step through time without waiting (and put it back afterwards).
 */
export const clock = {
  now: (): number => Date.now(),
};
