/**
 * The refund modal (spec 2 Refund modal): the refund check (offered or not,
 * a bonus held, the conditions HTML, what accrued, the periods that earned a
 * refund and those that did not), the log table (spec 9: 10 per page) and
 * receive (GET /api/refund/receive), disabled while a bonus is held; with no
 * refund, a not-found text. spec 7: the lookups swallow errors.
 */
import type * as v from 'valibot';
import type { RefundCheckResponse, RefundItem, RefundReceiveResponse, RefundsResponse } from '../../src/contract/rewards.ts';
import type { Result } from '../shared/result.ts';

export type RefundCheck = v.InferOutput<typeof RefundCheckResponse>;
export type RefundLog = v.InferOutput<typeof RefundItem>;

export type RefundCheckAnswer = Result<RefundCheck>;
export type RefundLogsAnswer = Result<v.InferOutput<typeof RefundsResponse>>;
/** GET /api/refund/receive: REFUND_SUCCESS and what reached the wallet. */
export type RefundReceived = Result<v.InferOutput<typeof RefundReceiveResponse>>;

export interface RefundLogsQuery {
  page: number;
  limit: number;
}

export interface RefundReceiveInput {
  /** The home's prefix for this opening (`{keySeed}-{n}`, machines/home): the n-th receive's Idempotency-Key is `{keyPrefix}.{n}`. */
  keyPrefix: string;
}

/** What a receive is sent with. */
export interface RefundReceiveRequest {
  idempotencyKey: string;
}

export interface RefundReceiveContext extends RefundReceiveInput {
  /** The check's unanswered reads in a row; 0 after an answer. */
  checkAttempts: number;
  /** The log table's unanswered reads in a row; 0 after a page loads. */
  tableAttempts: number;
  /** Receives the member asked for in this opening (each a new key; a retry keeps it). */
  receives: number;
  /** The key of the receive on its way, or kept for a retry after no answer; null otherwise. */
  idempotencyKey: string | null;
  /** The last check; null until one answered (a failed check shows the not-found text). */
  check: RefundCheck | null;
  /** Why the last receive did not go through: a catalogue code (REFUND_MINIMUM, REFUND_CONDITION, …), or NETWORK_ERROR / INTERNAL_SERVER_ERROR when no answer came. */
  error: string | null;
  /** What the receive put in the wallet, once received. */
  received: number | null;
  /** A receive got no answer: it may have gone through, so the home reads the wallet again. */
  uncertain: boolean;
  /** The log page asked for last. */
  page: number;
  /** spec 9: 10 per page. */
  limit: number;
  /** The log rows shown: the last page that loaded (a failed load keeps them). */
  rows: RefundLog[];
  total: number;
  /** The page `rows` belong to; null until one has loaded. */
  shownPage: number | null;
}

export type RefundReceiveEvent =
  /** The connection is back (the shell's connectivity actor): a check or a page waiting for it is read now. */
  | { type: 'read.online' }
  /** Receive the refund (only when it can be received: no bonus held, more than the minimum accrued). */
  | { type: 'refund.receive' }
  /** No answer came to the receive: ask again with the same key (the server answers the first receive). */
  | { type: 'refund.retry' }
  /** Another page of the log table. */
  | { type: 'refunds.page'; page: number }
  /** Close the modal (not while the refund is on its way). */
  | { type: 'modal.close' };

export interface RefundReceiveOutput {
  /** The home reads the wallet again: the refund was received, or may have been. */
  saved: boolean;
}

/**
 * Actors the view provides: check (() → RefundCheckAnswer), loadPage
 * (RefundLogsQuery → RefundLogsAnswer), receive (RefundReceiveRequest →
 * RefundReceived).
 * Tags: 'checking' (the check is read), 'skeleton' (it is slower than the
 * loader delay), 'ready' (the check shows, receive offered), 'notFound' (no
 * refund), 'busy' (receiving: the modal does not close), 'received' (the
 * result), 'uncertain' (no answer to the receive: retry with the same key,
 * or close), 'logsLoading' (a page of the log table is read).
 */
export type RefundReceiveTag = 'checking' | 'skeleton' | 'ready' | 'notFound' | 'busy' | 'received' | 'uncertain' | 'logsLoading' | 'offline';
