import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../schemas/languages.ts';
import { browserTimeZone, timeZoneAtom } from '../../app/time-zone.ts';

/** Formatters are costly to make and a conversation shows many times: one per kind, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
};

export type TimeLabel = (iso: string, full?: boolean) => string;

/** Times in the member's language and time zone: today as a clock time, earlier as a date. */
export const useTimeLabel = (): TimeLabel => {
  const { i18n } = useTranslation();
  const zone = useAtomValue(timeZoneAtom) ?? browserTimeZone();
  const locale = LANGUAGES.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  return useCallback(
    (iso: string, full = false) => {
      const date = new Date(iso);
      const day = (d: Date) => formatter('en-CA', { timeZone: zone }).format(d);
      const today = day(date) === day(new Date());
      const options: Intl.DateTimeFormatOptions = full ? { dateStyle: 'medium', timeStyle: 'short' } : today ? { timeStyle: 'short' } : { dateStyle: 'short' };
      return formatter(locale, { ...options, timeZone: zone }).format(date);
    },
    [locale, zone],
  );
};
