import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../schemas/languages.ts';
import { browserTimeZone, timeZoneAtom } from '../../app/time-zone.ts';

/** Formats instants in the member's interface language and chosen time zone (spec section 9). */
export const useTimeFormat = (): ((iso: string | number) => string) => {
  const { i18n } = useTranslation();
  const timeZone = useAtomValue(timeZoneAtom) ?? browserTimeZone();
  const locale = LANGUAGES.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    return (iso) => format.format(new Date(iso));
  }, [locale, timeZone]);
};
