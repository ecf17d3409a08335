/**
 * Times in the inbox, as the rest of the app writes them (spec 9:
 * DD/MM/YYYY HH:mm:ss, Gregorian years and Latin digits in every language,
 * src/features/ui/date-time.ts): a list row's last message, a bubble's time,
 * and the day separators of a conversation.
 */
import { DateTime } from 'luxon';
import { bcp47, currentLocale } from '../../../i18n/locale.ts';

function fromIso(iso: string): DateTime {
  return DateTime.fromISO(iso, { locale: bcp47(currentLocale()), outputCalendar: 'gregory', numberingSystem: 'latn' });
}

/** HH:mm today, DD/MM/YYYY on other days (a list row: short). */
export function rowTime(iso: string | null, now: DateTime = DateTime.now()): string {
  if (!iso) return '';
  const value = fromIso(iso);
  if (!value.isValid) return '';
  return value.hasSame(now, 'day') ? value.toFormat('HH:mm') : value.toFormat('dd/LL/yyyy');
}

/** HH:mm, under a bubble (its day is the separator above it). */
export function bubbleTime(iso: string): string {
  const value = fromIso(iso);
  return value.isValid ? value.toFormat('HH:mm') : '';
}

/** DD/MM/YYYY of an instant in the device's zone: the key and the text of a day separator. */
export function dayOf(iso: string): string {
  const value = fromIso(iso);
  return value.isValid ? value.toFormat('dd/LL/yyyy') : '';
}
