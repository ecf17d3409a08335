import { SLIP_MAX_BYTES } from '../deposit.ts';

/** spec 9: a slip image is at most 10 MB: SLIP_TOO_LARGE (the SPA does not send it; the server stops reading it). */
export function slipSizeError(bytes: number): 'SLIP_TOO_LARGE' | null {
  return bytes > SLIP_MAX_BYTES ? 'SLIP_TOO_LARGE' : null;
}

/**
 * spec 8 REQUEST_LIMIT_1MIN: a member sends one slip a minute. The server
 * refuses a second within the minute; the SPA can say how long to wait.
 */
export const SLIP_UPLOAD_INTERVAL_MS = 60_000;

/** Milliseconds until the member may send another slip after one sent at `lastSentAt`; 0 when they may now. */
export function slipWaitMs(lastSentAt: Date | null, now: Date): number {
  if (lastSentAt === null) return 0;
  return Math.max(0, lastSentAt.getTime() + SLIP_UPLOAD_INTERVAL_MS - now.getTime());
}

/**
 * A bank's or a phone's clock may run a little ahead of ours: a transfer up
 * to this far in our future is one we believe.
 */
const SLIP_CLOCK_SKEW_MS = 5 * 60_000;

/** When a transfer happened, as precisely as what we read tells it: from `earliest` to `latest` (epoch ms). */
interface TransferTime {
  earliest: number;
  latest: number;
}

/** The bank's record: the exact moment. */
export function transferAt(date: Date): TransferTime {
  return { earliest: date.getTime(), latest: date.getTime() };
}

const DAY_MS = 24 * 60 * 60_000;

/** A TrueMoney QR's date (YYYY-MM-DD): that day in Thai time (UTC+7), from its first to its last moment. */
export function transferOnThaiDay(day: string): TransferTime {
  const start = Date.parse(`${day}T00:00:00+07:00`);
  return { earliest: start, latest: start + DAY_MS };
}

/**
 * spec 2 "upload your transfer slip within 1 hour", the one slip-age rule of
 * every path that reads a slip's time (the upload's date check, the slip
 * verifier): a slip is `TOO_OLD` when even the latest moment its transfer
 * may have happened is more than `maxAgeMinutes` (the slipMaxAgeMinutes
 * setting) before `now`, and `AHEAD` when even its earliest moment is more
 * than SLIP_CLOCK_SKEW_MS after `now`; else null. Each path answers its own
 * catalogue code for it.
 */
export function slipAgeProblem(when: TransferTime, now: Date, maxAgeMinutes: number): 'TOO_OLD' | 'AHEAD' | null {
  if (when.earliest > now.getTime() + SLIP_CLOCK_SKEW_MS) return 'AHEAD';
  return now.getTime() - when.latest > maxAgeMinutes * 60_000 ? 'TOO_OLD' : null;
}
