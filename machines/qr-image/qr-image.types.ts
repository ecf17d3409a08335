/** Saving an open deposit QR as a picture (docs/decisions/0087-saving-the-qr-picture.md): drawn once, then shared or downloaded as often as the member asks. */

/** What became of a save: shared, downloaded, or the member closed the share sheet. */
export type SaveOutcome = 'shared' | 'downloaded' | 'dismissed';

export interface QrImageContext {
  /** The drawn picture, once ready. */
  image: File | null;
  /** What the last save did; null before the first and while one runs. */
  outcome: SaveOutcome | null;
  /** True when the last save failed. */
  failed: boolean;
}

export type QrImageEvent = { type: 'image.save' };

/**
 * Actors the view provides:
 *   drawImage () → File: the framed QR as a PNG, drawn from the payload (no request);
 *   saveImage ({ image }) → SaveOutcome: the share sheet or a download.
 * Tags: 'drawing', 'ready' (the save button works), 'busy' (a save runs),
 * 'unavailable' (the picture could not be drawn: no save button).
 */
export type QrImageTag = 'drawing' | 'ready' | 'busy' | 'unavailable';
