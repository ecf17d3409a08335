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
