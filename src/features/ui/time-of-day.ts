/**
 * "Updated 14:32:05" on the member home: HH:mm:ss, or DD/MM/YYYY HH:mm:ss
 * when the instant is not today, on the device's clock, Gregorian years and
 * Latin digits in every language, as src/features/ui/date-time.ts writes
 * them (docs/decisions/0007-languages-names-and-dates.md). Without Luxon: the
 * home's first screen shows it, and Luxon's first comparison of two days
 * costs a slow phone ~40 ms of its first render, plus 20 KB of script to
 * load before it (docs/decisions/0147-the-member-home-paints-first.md).
 */

/** An ISO 8601 instant as the server writes them (a date, then a time). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const two = (value: number) => String(value).padStart(2, '0');

/** HH:mm:ss, or the full date and time when the instant is not today; '' for a malformed instant. */
export function formatTimeOrDateTime(iso: string, now: Date = new Date()): string {
  const value = new Date(iso);
  if (!ISO_INSTANT.test(iso) || Number.isNaN(value.getTime())) return '';
  const time = `${two(value.getHours())}:${two(value.getMinutes())}:${two(value.getSeconds())}`;
  const today =
    value.getFullYear() === now.getFullYear() && value.getMonth() === now.getMonth() && value.getDate() === now.getDate();
  return today ? time : `${two(value.getDate())}/${two(value.getMonth() + 1)}/${String(value.getFullYear()).padStart(4, '0')} ${time}`;
}
