/** spec 9's time-ago units, apart from any formatting so they can be tested on their own. */

export type TimeAgoUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** spec 9: a year is 365 days and a month 30 days, down to seconds. */
const UNIT_SECONDS: ReadonlyArray<[TimeAgoUnit, number]> = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

/**
 * How long ago, in the largest whole unit: 90 seconds is 1 minute, 400 days
 * is 1 year. A time slightly in the future (a phone's clock behind the
 * server's) counts as 0 seconds.
 */
export function timeAgo(elapsedMs: number): { count: number; unit: TimeAgoUnit } {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  for (const [unit, size] of UNIT_SECONDS) {
    if (seconds >= size) return { count: Math.floor(seconds / size), unit };
  }
  return { count: 0, unit: 'second' };
}
