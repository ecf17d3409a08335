/**
 * Each socket's budget of events (join, typing): a token bucket that holds
 * a burst and refills at a steady rate. A person joins once and types a few
 * times a second at most; a script flooding the socket has its events
 * dropped instead of fanned out to every agent. The app's clock drives it,
 * so tests refill it by moving their clock.
 */
import type { Clock } from '../clock.ts';

export interface Budget {
  burst: number;
  perSecond: number;
}

/** A function that spends one event: true when the event may go through. */
export function eventBudget(clock: Clock, { burst, perSecond }: Budget): () => boolean {
  let tokens = burst;
  let last = clock().getTime();
  return () => {
    const now = clock().getTime();
    // A clock that goes back (a test's, or NTP) refills nothing.
    tokens = Math.min(burst, tokens + (Math.max(0, now - last) * perSecond) / 1000);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
