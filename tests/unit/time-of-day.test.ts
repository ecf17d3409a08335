/**
 * The home's "updated at" without Luxon (src/features/ui/time-of-day.ts,
 * docs/decisions/0147-the-member-home-paints-first.md) writes what Luxon wrote
 * for it: HH:mm:ss today, DD/MM/YYYY HH:mm:ss on another day, Gregorian years
 * and Latin digits in every language (docs/decisions/0007-languages-names-and-dates.md).
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatTimeOrDateTime } from '../../src/features/ui/time-of-day.ts';

/** What the Luxon version answered, on the same clock. */
function luxonText(iso: string, now: Date): string {
  const value = DateTime.fromISO(iso, { locale: 'th', outputCalendar: 'gregory', numberingSystem: 'latn' });
  if (!value.isValid) return '';
  return value.hasSame(DateTime.fromJSDate(now), 'day') ? value.toFormat('HH:mm:ss') : value.toFormat('dd/LL/yyyy HH:mm:ss');
}

describe('the home\'s time of the last update', () => {
  const now = new Date(2026, 10, 29, 14, 32, 5);

  it.each([
    [new Date(2026, 10, 29, 0, 0, 0).toISOString()],
    [new Date(2026, 10, 29, 9, 3, 7).toISOString()],
    [new Date(2026, 10, 29, 23, 59, 59).toISOString()],
    [new Date(2026, 10, 28, 23, 59, 59).toISOString()],
    [new Date(2026, 0, 2, 3, 4, 5).toISOString()],
    [new Date(2025, 10, 29, 14, 32, 5).toISOString()],
    ['2026-11-29T07:32:05.123+07:00'],
  ])('writes %s as Luxon did', (iso) => {
    expect(formatTimeOrDateTime(iso, now)).toBe(luxonText(iso, now));
  });

  it('writes the time alone today and the date before it on another day', () => {
    expect(formatTimeOrDateTime(new Date(2026, 10, 29, 9, 3, 7).toISOString(), now)).toBe('09:03:07');
    expect(formatTimeOrDateTime(new Date(2026, 0, 2, 3, 4, 5).toISOString(), now)).toBe('02/01/2026 03:04:05');
  });

  it.each([[''], ['yesterday'], ['2026-13-45T99:99:99Z'], ['Nov 29 2026 10:00']])('writes nothing for %j', (iso) => {
    expect(formatTimeOrDateTime(iso, now)).toBe('');
  });
});
