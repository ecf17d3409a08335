/**
 * The one retry policy of reads (docs/decisions/0145-a-flaky-network.md): a
 * read that got no answer (offline, past its time limit, or a 502, 503 or
 * 504 without a message: NETWORK_ERROR) is not a failure to show but a wait.
 * It is read again after a backoff (1 s, 2 s, 4 s, … at most 30 s), or at
 * once when the connection comes back ('read.online', sent by the view when
 * the shell's connectivity actor is online again). A read machine spreads
 * `retryWhenBack(target)` into a state of its own, routes no answer there
 * with `noteUnanswered`, and clears the count with `resetRetries` when an
 * answer arrives. Machines stay pure: the wait is a delay of the machine,
 * so tests run it on a simulated clock.
 */
import { NETWORK_ERROR } from './result.ts';

export const READ_RETRY_FIRST_MS = 1_000;
export const READ_RETRY_MAX_MS = 30_000;
/** The attempt whose wait reaches the longest: counting stops there, so a machine's context stays finite. */
const LAST_ATTEMPT = Math.ceil(Math.log2(READ_RETRY_MAX_MS / READ_RETRY_FIRST_MS));

/** The wait before the read after `attempts` unanswered ones (1 → 1 s, 2 → 2 s, …, at most 30 s). */
export function retryDelay(attempts: number): number {
  return Math.min(READ_RETRY_MAX_MS, READ_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

/** The count after one more unanswered read (it stops growing at the longest wait). */
export function nextAttempt(attempts: number): number {
  return Math.min(LAST_ATTEMPT + 1, attempts + 1);
}

/** A read's answer that is the network's, not the server's: no answer came. */
export function unanswered(_: unknown, answer: { ok: boolean; message?: string }): boolean {
  return !answer.ok && answer.message === NETWORK_ERROR;
}

/** What a read machine's context holds for the policy. */
export interface RetryContext {
  /** Unanswered reads in a row; 0 after an answer. */
  attempts: number;
}

/**
 * How a waiting state waits when a machine has more than one (tags are the
 * machine's, not a region's): the delay it waits with, on a count of its own
 * (`retryDelayOn(key)` in the setup), and its tags for the view.
 */
interface Waiting<Delay extends string, Tags> {
  delay?: Delay;
  tags?: Tags;
}

/**
 * The waiting state (tag 'offline'): the read again after the backoff, or at
 * once on 'read.online' (the connection is back); `on` adds the machine's
 * own events (the member asks again). A second read of the machine waiting
 * beside the first names its own delay and tags in `waiting`.
 */
export function retryWhenBack<
  const Target extends string,
  const On extends Record<string, string> = {},
  const Delay extends string = 'retryDelay',
  const Tags extends string | readonly string[] = 'offline',
>(target: Target, on?: On, waiting: Waiting<Delay, Tags> = {}) {
  const delay = (waiting.delay ?? 'retryDelay') as Delay;
  return {
    tags: (waiting.tags ?? 'offline') as Tags,
    description:
      'No answer came (offline, too slow, or a gateway error): not a failure. The read starts again after the backoff (1 s doubling to 30 s), or at once when the connection is back.',
    after: { [delay]: target } as Record<Delay, Target>,
    on: { 'read.online': target, ...(on as On) },
  } as const;
}

/** The backoff of the wait counted by the context's `key` (a delay of the setup). */
export function retryDelayOn<const Key extends string>(key: Key) {
  return ({ context }: { context: Record<Key, number> }) => retryDelay(context[key]);
}

/** The delays of a machine using retryWhenBack. */
export const retryDelays = { retryDelay: retryDelayOn('attempts') };
