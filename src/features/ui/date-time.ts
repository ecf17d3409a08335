/**
 * Dates and times as members read them, with Luxon (member pages only, so it
 * stays out of the entry). Gregorian years and Latin digits in every
 * language, on purpose: Luxon's `th` locale would print Buddhist-era years
 * (2567), and the spec's dates and the server's records are Gregorian
 * (docs/decisions/0007-languages-names-and-dates.md). Times are in the device's time zone.
 * The home's "updated at" is ui/time-of-day.ts, without Luxon.
 */
import { DateTime } from 'luxon';
import { bcp47, currentLocale } from '../../i18n/locale.ts';

function fromIso(iso: string): DateTime {
  return DateTime.fromISO(iso, { locale: bcp47(currentLocale()), outputCalendar: 'gregory', numberingSystem: 'latn' });
}

/** spec 9: DD/MM/YYYY HH:mm:ss; '' for a malformed instant. */
export function formatDateTime(iso: string): string {
  const value = fromIso(iso);
  return value.isValid ? value.toFormat('dd/LL/yyyy HH:mm:ss') : '';
}

/** HH:mm on the device's clock, for "valid until 14:32". */
export function formatClockTime(epochMilliseconds: number): string {
  return DateTime.fromMillis(epochMilliseconds, { locale: bcp47(currentLocale()), numberingSystem: 'latn' }).toFormat('HH:mm');
}
