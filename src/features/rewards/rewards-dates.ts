/**
 * A refund period's first day as members read it (spec 9: DD/MM/YYYY). The
 * server closes periods at midnight in the variant's time zone (Bangkok or
 * Vientiane, docs/decisions/0099), so the day is read there, not on the
 * phone's clock: a period starting at 00:00 in Bangkok is 17:00 the day
 * before in UTC. Gregorian years and Latin digits, as everywhere (ui/date-time.ts).
 */
import { DateTime } from 'luxon';
import { VARIANT_TIME_ZONES } from '../../contract/rules/bonuses.ts';
import { VARIANT } from '../../i18n/variant.ts';

const ZONE = VARIANT_TIME_ZONES[VARIANT];

export function formatPeriodStart(iso: string, zone: string = ZONE): string {
  const value = DateTime.fromISO(iso, { zone, outputCalendar: 'gregory', numberingSystem: 'latn' });
  return value.isValid ? value.toFormat('dd/LL/yyyy') : '';
}
