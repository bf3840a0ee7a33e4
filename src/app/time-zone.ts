import { atomWithStorage, createJSONStorage } from 'jotai/utils';

let detected: string | undefined;
/** The member's time zone; until they choose one, the browser's (spec section 9). Asked once: it is slow. */
export const browserTimeZone = (): string => (detected ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

export const timeZoneAtom = atomWithStorage<string | null>('mn.timeZone', null, createJSONStorage<string | null>(() => localStorage), {
  getOnInit: true,
});

/** Every IANA zone the browser knows, for the settings picker. */
export const knownTimeZones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [browserTimeZone()];
};
