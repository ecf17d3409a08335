/**
 * One read of a page's data (a GET without a body), for pages whose only
 * behaviour is showing it: the profile (spec 2 Profile, spec 7: a failed
 * load is silently ignored, the page keeps its skeleton and offers a retry).
 */
export interface ReadContext {
  /** The last answer; null until one arrives. Typed by the view that provides the read. */
  data: unknown;
}

export type ReadEvent =
  /** The member asks again after a failed read. */
  | { type: 'read.retry' }
  /** Read again keeping what is shown (server texts follow the language: a language switch). */
  | { type: 'read.reload' };

/**
 * Actor the view provides: read (() → Result<T>).
 * Action the view provides: logFailure ({ message }).
 * Tags: 'loading' (a read is in flight), 'skeleton' (the first read is slower
 * than the loader delay), 'failed' (nothing to show: offer a retry).
 */
export type ReadTag = 'loading' | 'skeleton' | 'failed';
