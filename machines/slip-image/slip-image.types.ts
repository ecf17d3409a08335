/**
 * Opening a slip's image from the slip modal (spec 2 Statement, spec 7 GET
 * /api/statement/slip/reference/{reference}): a slip without its own link is
 * asked for by its reference, and the image opens in a new window.
 */

export interface SlipImageContext {
  /** The reference of the slip whose image is asked for; null before the first. */
  reference: string | null;
}

export type SlipImageEvent =
  /** The member tapped "View image" on a slip without a link of its own. */
  { type: 'image.open'; reference: string };

/**
 * Actor the view provides: askAddress ({ reference } → Result<{ url }>;
 * slip-image.actors.ts).
 * Actions the view provides: openWindow (a blank window, opened in the tap:
 * one opened after an answer is blocked as a pop-up), showImage ({ url }:
 * that window goes to the image, or this one when none opened), closeWindow,
 * showFailure ({ message }: a toast).
 * Tag: 'asking' (an address is on its way).
 */
export type SlipImageTag = 'asking';
