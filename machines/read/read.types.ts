/**
 * One read of a page's data (a GET without a body), for views whose only
 * behaviour is showing it: the profile, the contact page, the product name
 * (spec 2; spec 7: a failed read is only logged, what is shown stays, and
 * with nothing to show the view offers a retry) and the conditions modal
 * (spec 9: its read starts 200 ms after the modal opens).
 */
import type { RetryContext } from '../shared/read-retry.ts';

export interface ReadInput {
  /** Milliseconds to wait before each read starts; 0 (the default) reads at once. */
  startDelay?: number;
}

export interface ReadContext extends RetryContext {
  /** The last answer; null until one arrives. Typed by the view that provides the read. */
  data: unknown;
  /** The message of the last failed read (a catalogue code); null once a read succeeds. */
  failure: string | null;
  /** From the input: the wait before each read (the 'waiting' state). */
  startDelay: number;
}

export type ReadEvent =
  /** The member asks again after a failed read. */
  | { type: 'read.retry' }
  /** Read again keeping what is shown (server texts follow the language: a language switch). */
  | { type: 'read.reload' }
  /** The connection is back (the shell's connectivity actor): a waiting read starts now. */
  | { type: 'read.online' };

/**
 * Actor the view provides: read (() → Result<T>).
 * Action the view provides: logFailure ({ message }).
 * Tags: 'loading' (a read is in flight), 'skeleton' (the first read is slower
 * than the loader delay), 'failed' (nothing to show: offer a retry, the
 * failure's message in context), 'offline' (no answer came: the read waits
 * and starts again by itself; docs/decisions/0145-a-flaky-network.md).
 */
export type ReadTag = 'loading' | 'skeleton' | 'failed' | 'offline';
