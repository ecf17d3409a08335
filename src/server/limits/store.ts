/**
 * Where rate-limit state lives: in the database (default, every instance on
 * it shares the counts) or in Redis when REDIS_URL is set (several
 * processes share them without database writes). Both stores do the same
 * two things, each in one atomic step, so parallel requests cannot slip
 * past a limit:
 *
 * - counters: fixed windows (`count`), e.g. "20 failed logins per address
 *   in 15 minutes"; an attempt is counted before the work it guards and can
 *   be taken back (`uncount`) when it turns out not to count (a login that
 *   succeeded is no failure);
 * - reservations: the next attempt waits until a time that grows with the
 *   attempts made (`reserve`), e.g. wrong passwords for one phone
 *   (exponential delay) or one slip a minute (a fixed delay); `release`
 *   forgets them (the right password).
 */

/** One counted attempt: what `uncount` needs to take it back. */
export interface Counted {
  key: string;
  windowStart: Date;
  /** Attempts in this window, this one included. */
  count: number;
  /** When the window ends (a refusal's Retry-After). */
  resetAt: Date;
}

/**
 * How long the next attempt waits after `attempts` reserved attempts:
 * nothing for the first `free`, then `baseMs` doubling each time, at most
 * `maxMs`. Attempts are forgotten `forgetAfterMs` after the last one.
 */
export interface DelayPolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetAfterMs: number;
}

export type Reservation = { allowed: true; attempts: number } | { allowed: false; retryAt: Date };

export interface LimitStore {
  count(key: string, windowMs: number, now: Date): Promise<Counted>;
  uncount(counted: Counted): Promise<void>;
  reserve(key: string, policy: DelayPolicy, now: Date): Promise<Reservation>;
  release(key: string): Promise<void>;
  /** Drops state that no longer limits anything (expired windows, forgotten attempts). */
  prune(now: Date): Promise<void>;
  close(): Promise<void>;
}

/** The wait after the `attempts`-th reserved attempt. */
export function delayAfter(attempts: number, { free, baseMs, maxMs }: DelayPolicy): number {
  if (attempts <= free) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(attempts - free - 1, 40));
}

/** The start of the fixed window `now` falls in. */
export function windowStartOf(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}
