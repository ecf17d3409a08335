/**
 * The chat's times with Luxon, for the widget and the agent inbox alike (it
 * loads with their lazy chunks): a message's HH:mm, a day separator's date,
 * a list row's time, on the device's clock, Gregorian years and Latin digits
 * in every language as the rest of the app shows them
 * (src/features/ui/date-time.ts, docs/decisions/0007-languages-names-and-dates.md).
 * In chat-shared: it has no texts, so it is in neither the widget's nor the
 * inbox's catalogue (lingui.config.ts) and both may import it.
 */
import { DateTime } from 'luxon';
import { bcp47, currentLocale } from '../../i18n/locale.ts';

function fromIso(iso: string): DateTime {
  return DateTime.fromISO(iso, { locale: bcp47(currentLocale()), outputCalendar: 'gregory', numberingSystem: 'latn' });
}

/** HH:mm of a message (its day is the separator above it); '' for a malformed instant. */
export function messageTime(iso: string): string {
  const value = fromIso(iso);
  return value.isValid ? value.toFormat('HH:mm') : '';
}

/** DD/MM/YYYY of a message (spec 9's date); '' for a malformed instant. */
export function messageDate(iso: string): string {
  const value = fromIso(iso);
  return value.isValid ? value.toFormat('dd/LL/yyyy') : '';
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

/** A conversation's last message in the inbox list, kept short: HH:mm today, DD/MM/YYYY on other days; '' for none. */
export function rowTime(iso: string | null, now: DateTime = DateTime.now()): string {
  if (!iso) return '';
  const value = fromIso(iso);
  if (!value.isValid) return '';
  return value.hasSame(now, 'day') ? value.toFormat('HH:mm') : value.toFormat('dd/LL/yyyy');
}
