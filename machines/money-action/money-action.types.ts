/**
 * One money action (docs/decisions/0015-idempotency-keys-and-retry-rule.md):
 * what a flow gives the action, what it answers, and the context fields a
 * flow keeps about its actions.
 */
import type { KeyOutcomeResponse, MoneyMovedResponse } from '../../src/contract/api.ts';
import type { Output } from '../../src/contract/common.ts';

/** What the server answers for a movement: the moved amount, the new wallet balance, the ledger's transfer id. */
export type MoneyMoved = Output<typeof MoneyMovedResponse>;

export interface MoneyActionInput<TRequest> {
  request: TRequest;
  idempotencyKey: string;
  /**
   * 'asking' when the key was sent before without an answer: the server is
   * asked what the key holds before anything is sent again; 'sending' (the
   * default) for a new action, or once the server said it never saw the key.
   */
  start?: 'sending' | 'asking';
}

/** What the server holds under the caller's key (GET /api/idempotency/:key). */
export type KeyOutcome = Output<typeof KeyOutcomeResponse>;

/**
 * How the action ended: moved (the answer), refused (nothing moved; the key
 * is spent) or unknown (no answer came, NETWORK_ERROR, or a 5xx without a
 * body, INTERNAL_SERVER_ERROR: perhaps it moved; only the same key may try
 * again). Unknown with NOT_SEEN: the server answered that it never saw the
 * key, so nothing moved and the same key may be sent again.
 */
export type MoneyActionOutput = { outcome: 'moved'; result: MoneyMoved } | { outcome: 'refused'; error: string } | { outcome: 'unknown'; error: string };

export interface MoneyActionContext<TRequest> extends MoneyActionInput<TRequest> {
  /** The server's answer once the money moved. */
  result: MoneyMoved | null;
  /** The refusal's code, or NETWORK_ERROR or INTERNAL_SERVER_ERROR when no answer came. */
  error: string | null;
  /** How it ended, once it has: the output's outcome. */
  outcome: MoneyActionOutput['outcome'] | null;
}

/** Tags: 'busy' while the action is on its way or the server is asked about it; 'asking' while it is asked. */
export type MoneyActionTag = 'busy' | 'asking';

/** What a money flow keeps about its actions, beside its form. */
export interface MoneyFlowContext {
  /** Random per opening of the flow (the SPA passes crypto.randomUUID()); see idempotencyKey(). */
  keyPrefix: string;
  /** Money actions the member has confirmed in this opening. */
  actions: number;
  /** The key of the action on its way or kept for a retry; null while editing. */
  idempotencyKey: string | null;
  /** The server's answer once the money moved. */
  result: MoneyMoved | null;
  /**
   * Shown inline: the flow's own codes, the server's refusal, or in
   * outcomeUnknown NETWORK_ERROR or INTERNAL_SERVER_ERROR (nobody knows yet
   * whether it moved: a retry asks first) or NOT_SEEN (the server never saw
   * the key: a retry sends it again).
   */
  error: string | null;
  /** The wallet changed or may have changed: the home reads it again when the flow closes (spec 2). */
  saved: boolean;
}
