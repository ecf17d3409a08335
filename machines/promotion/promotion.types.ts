/**
 * The promotion code of the bonus page (spec 2, spec 5): the field
 * (upper-cased as typed, required), the search, the promotion modal, and
 * receiving it with the answer in an alert dialog (spec 8).
 */
import type { Result } from '../shared/result.ts';

/** spec 3 promotion find. */
interface FoundPromotion {
  code: string;
  percentFail: number;
  /** HTML as the server sent it: the view sanitises it. */
  description: string;
}

export interface PromotionContext {
  /** The field, upper-cased as typed (spec 5). */
  code: string;
  /** spec 5: the search was asked for with an empty field. */
  codeMissing: boolean;
  promotion: FoundPromotion | null;
  /** What receiving credited (major units). */
  amount: number | null;
  /** The failed search's or receipt's code (NO_PROMOTION, PROMOTION_RECEIVED, BONUS_ALREADY_ACTIVE, BONUS_FULL, …) or NETWORK_ERROR. */
  error: string | null;
}

export type PromotionEvent =
  | { type: 'code.change'; value: string }
  /** Search for the code; in the modal after a failed search, again. */
  | { type: 'promotion.search' }
  | { type: 'promotion.receive' }
  /** Close the promotion modal (not while a call is on its way). */
  | { type: 'promotion.close' }
  /** The member closed the alert dialog. */
  | { type: 'result.dismiss' };

export type PromotionFound = Result<FoundPromotion>;
export type PromotionReceived = Result<{ amount: number }>;

/** The member received a promotion: the page reads the active bonus and the list again (spec 4). */
export type PromotionEmitted = { type: 'bonus.changed' };

/**
 * Actors the view provides: find ({ code } → PromotionFound), receive ({ code } → PromotionReceived).
 * Emitted: 'bonus.changed' when the member closes the alert of a receipt.
 * Tags: 'modal' (the promotion modal shows), 'searching', 'found', 'notFound',
 * 'searchFailed', 'busy' (a call on its way), 'received' and 'refused' (the alert dialog).
 */
export type PromotionTag = 'modal' | 'searching' | 'found' | 'notFound' | 'searchFailed' | 'busy' | 'received' | 'refused';
