/**
 * The chat's times with Luxon (it loads with the chat's chunk): a message's
 * HH:mm and a day separator's date, on the device's clock, Gregorian years
 * and Latin digits in every language as the rest of the app shows them
 * (src/features/ui/date-time.ts, docs/decisions/0007-languages-names-and-dates.md).
 */
import { DateTime } from 'luxon';
import { bcp47, currentLocale } from '../../i18n/locale.ts';

function fromIso(iso: string): DateTime {
  return DateTime.fromISO(iso, { locale: bcp47(currentLocale()), outputCalendar: 'gregory', numberingSystem: 'latn' });
}

/** HH:mm of a message; '' for a malformed instant. */
export function messageTime(iso: string): string {
  const value = fromIso(iso);
  return value.isValid ? value.toFormat('HH:mm') : '';
}

/** The day a separator names: today, yesterday, or DD/MM/YYYY (spec 9's date). */
export type ChatDay = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

export function chatDay(iso: string, now: DateTime = DateTime.now()): ChatDay {
  const value = fromIso(iso);
  if (!value.isValid) return { kind: 'date', text: '' };
  if (value.hasSame(now, 'day')) return { kind: 'today' };
  if (value.hasSame(now.minus({ days: 1 }), 'day')) return { kind: 'yesterday' };
  return { kind: 'date', text: value.toFormat('dd/LL/yyyy') };
}

/** The full instant for a screen reader and a tooltip: DD/MM/YYYY HH:mm. */
export function messageDateTime(iso: string): string {
  const value = fromIso(iso);
  return value.isValid ? value.toFormat('dd/LL/yyyy HH:mm') : '';
}
