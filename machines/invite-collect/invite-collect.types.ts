/**
 * Receiving the invite bonus from the home (spec 2 Member home: "Receive
 * invite bonus: a confirm dialog shows the conditions, the percentage of
 * invites that succeeded and failed, and a warning. On confirm the server is
 * called, a success toast shows and the wallet refreshes. On error the error
 * text shows in a danger toast").
 */
import type * as v from 'valibot';
import type { WalletResponse } from '../../src/contract/api.ts';
import type { BonusActiveResponse } from '../../src/contract/bonus.ts';
import type { InviteCollectResponse } from '../../src/contract/rewards.ts';
import type { InviteRule, InviteRuleAnswer } from '../invites/invites.types.ts';
import type { Result } from '../shared/result.ts';

/** The wallet answer's invite: what can be collected, and how many invites succeeded and failed. */
export type InviteSummary = WalletResponse['invite'];

export type { InviteRule, InviteRuleAnswer };

/** GET /api/bonus/check/active: whether the member holds a bonus (the collect is refused with BONUS_REMAINING while one is). */
export type BonusActiveAnswer = Result<v.InferOutput<typeof BonusActiveResponse>>;

/** GET /api/invite/bonus: INVITE_COLLECT and what reached the wallet. */
export type InviteCollected = Result<v.InferOutput<typeof InviteCollectResponse>>;

export interface InviteCollectInput {
  invite: InviteSummary;
  /** The home's prefix for this opening (`{keySeed}-{n}`, machines/home): the collect's Idempotency-Key is `{keyPrefix}.1`. */
  keyPrefix: string;
}

export interface InviteCollectContext extends InviteCollectInput {
  /** The conditions (GET /api/invite/rule); null until read, or when the read failed (spec 7: swallowed). */
  rule: InviteRule | null;
  /** A bonus is held (GET /api/bonus/check/active): the server would refuse the collect (BONUS_REMAINING), so confirm is not offered and the dialog says why. */
  bonusHeld: boolean;
  /** The collect's key once the member confirmed; a retry after no answer sends it again. */
  idempotencyKey: string | null;
  /** No answer came (NETWORK_ERROR, or INTERNAL_SERVER_ERROR: a 5xx without a body); null otherwise. */
  error: string | null;
  /** The wallet is to be read again: the bonus was collected, or no answer came and it may have been. */
  saved: boolean;
}

export type InviteCollectEvent =
  /** The member confirmed: collect the bonus. */
  | { type: 'collect.confirm' }
  /** No answer came: ask again with the same key (the server answers the first collect). */
  | { type: 'collect.retry' }
  /** The member closed the dialog without collecting (not while the bonus is on its way), or after no answer. */
  | { type: 'collect.cancel' };

/** For the view's toasts: what reached the wallet, or the refusal's catalogue code (NETWORK_ERROR when no answer came). */
export type InviteCollectEmitted = { type: 'invite.collected'; amount: number } | { type: 'invite.refused'; message: string };

export interface InviteCollectOutput {
  /** The home reads the wallet again. */
  saved: boolean;
}

/** What the collect is sent with. */
export interface InviteCollectRequest {
  idempotencyKey: string;
}

/**
 * Actors the view provides: readRule (() → InviteRuleAnswer), checkBonus
 * (() → BonusActiveAnswer), collect (InviteCollectRequest → InviteCollected).
 * Emitted: 'invite.collected' { amount }, 'invite.refused' { message }.
 * Tags: 'loading' (the conditions are read: confirm waits), 'skeleton' (that
 * read is slower than the loader delay), 'checkingBonus' (whether a bonus
 * is held: confirm waits), 'bonusHeld' (a bonus is held: confirm is
 * disabled, with why), 'busy' (collecting: the dialog
 * neither confirms again nor closes), 'uncertain' (no answer: perhaps
 * collected; retry with the same key, or close).
 */
export type InviteCollectTag = 'loading' | 'skeleton' | 'checkingBonus' | 'bonusHeld' | 'busy' | 'uncertain';
