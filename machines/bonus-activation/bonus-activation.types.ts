/**
 * The bonus modal (spec 2): the banners, the notice, and receive (or confirm,
 * when the bonus is already the active one); the answer in an alert dialog
 * (spec 8).
 */
import type { Result } from '../shared/result.ts';

export interface BonusActivationInput {
  code: string;
  /** The bonus is the member's active one: the modal confirms rather than receives. */
  active: boolean;
}

export interface BonusActivationContext extends BonusActivationInput {
  /** What the bonus credited (major units), once received. */
  amount: number | null;
  /** The alert's error: a catalogue code (BONUS_REMAINING, BONUS_ALREADY_ACTIVE, BONUS_MAX_CLAIMED, BONUS_CONDITION, BONUS_FULL, …) or NETWORK_ERROR. */
  error: string | null;
}

export type BonusActivationEvent =
  /** Receive the bonus (not when it is already active). */
  | { type: 'bonus.receive' }
  /** The active bonus's modal: the member acknowledges it. */
  | { type: 'bonus.confirm' }
  /** Close the modal (not while receiving). */
  | { type: 'bonus.close' }
  /** The member closed the alert dialog. */
  | { type: 'result.dismiss' };

/** GET /api/bonus/activate/{code}: what it credited. */
export type BonusActivated = Result<{ amount: number }>;

/** The active bonus and the list changed: the page reads them again (spec 4). */
export type BonusActivationEmitted = { type: 'bonus.changed' };

export interface BonusActivationOutput {
  /** The bonus was received. */
  received: boolean;
}

/**
 * Actor the view provides: activate ({ code } → BonusActivated).
 * Emitted: 'bonus.changed' once received.
 * Tags: 'viewing' (the modal shows), 'busy' (receiving: buttons disabled, the
 * modal does not close), 'received' and 'refused' (the alert dialog).
 */
export type BonusActivationTag = 'viewing' | 'busy' | 'received' | 'refused';
