/**
 * Cancelling the active bonus (spec 2, spec 4, spec 8 BONUS_CLEAR): a
 * confirmation with its warning, GET /api/bonus/clear, the answer in an
 * alert dialog.
 */
import type { Result } from '../shared/result.ts';

export interface BonusCancelContext {
  /** What went back to the bonus account (major units), once cleared. */
  amount: number | null;
  /** The alert's error: a catalogue code (BONUS_CONDITION, NO_DATA, …) or NETWORK_ERROR. */
  error: string | null;
}

export type BonusCancelEvent =
  /** The member asks to cancel: the confirmation with its warning. */
  | { type: 'cancel.ask' }
  /** The member keeps the bonus. */
  | { type: 'cancel.back' }
  | { type: 'cancel.confirm' }
  /** The member closed the alert dialog. */
  | { type: 'result.dismiss' };

/** GET /api/bonus/clear: BONUS_CLEAR and what went back. */
export type BonusCleared = Result<{ amount: number }>;

/** The active bonus and the list changed: the page reads them again (spec 4). */
export type BonusCancelEmitted = { type: 'bonus.changed' };

/**
 * Actor the view provides: clear (() → BonusCleared).
 * Emitted: 'bonus.changed' when the member closes the alert of a clear (the
 * page then reads again, and this flow's place on it goes).
 * Tags: 'confirming' (the confirmation shows), 'busy' (clearing: its buttons
 * disabled, it does not close), 'cleared' and 'failed' (the alert dialog).
 */
export type BonusCancelTag = 'confirming' | 'busy' | 'cleared' | 'failed';
