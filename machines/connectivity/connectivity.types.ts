/**
 * Whether the member's app reaches the server (docs/decisions/0145-a-flaky-network.md):
 * one actor the member shell owns. The shell sends it the browser's online
 * and offline events and what the API client saw of each request; reads
 * wait while it is offline and start again when it is back.
 */
import type { RetryContext } from '../shared/read-retry.ts';

/** `attempts`: checks in a row that got no answer (the backoff before the next). */
export type ConnectivityContext = RetryContext;

export type ConnectivityEvent =
  /** window 'online': the device has a network again (not yet proof the server is reached). */
  | { type: 'browser.online' }
  /** window 'offline': the device has no network. */
  | { type: 'browser.offline' }
  /** A request got no answer: offline, past its time limit, or a 502, 503 or 504 without a message. */
  | { type: 'request.unanswered' }
  /** A request got an answer (any status the server gave): the server is reached. */
  | { type: 'request.answered' };

/**
 * Actor the view provides: check (() → whether the server answered a small
 * read; rejects when no answer came).
 * Tags: 'online', 'offline' (the banner shows; reads wait).
 */
export type ConnectivityTag = 'online' | 'offline';
