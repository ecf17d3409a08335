/**
 * A deposit slip sent from the deposit modal (spec 2 'Slip upload (multipart,
 * 5-minute timeout)', spec 7 POST /api/wallet/slip; docs/decisions/0030-slip-upload-in-the-spa.md).
 */
import type * as v from 'valibot';
import type { SlipItem, SlipUploadResponse } from '../../src/contract/deposit.ts';
import type { Result } from '../shared/result.ts';

export type UploadAnswer = Result<v.InferOutput<typeof SlipUploadResponse>>;

export interface SlipUploadContext {
  /** The image picked; kept after a failure so that it can be sent again. */
  file: File | null;
  /** How much of the file has been sent, 0 to 1 (upload.progress). */
  progress: number;
  /**
   * Why nothing was taken: a client pre-check (SLIP_NO_FILE, SLIP_TOO_LARGE,
   * REQUEST_LIMIT_1MIN within a minute of the last slip),
   * the server's refusal (a slip reason code of spec 8, SLIP_INVALID_FILE,
   * REQUEST_LIMIT_1MIN, ...) or NETWORK_ERROR; null otherwise.
   */
  error: string | null;
  /** The slip the server took: waiting for its check (PENDING), or credited at once (SUCCESS, the bank's amount). */
  slip: v.InferOutput<typeof SlipItem> | null;
  /** A slip was taken less than a minute ago: another is refused here with REQUEST_LIMIT_1MIN (contract/rules/slips.ts). */
  waiting: boolean;
}

export interface UploadInput {
  file: File;
  /** The transport calls this as the bytes go; it becomes an upload.progress event. */
  reportProgress: (fraction: number) => void;
}

export type SlipUploadEvent =
  /** The member picked a file (null: the picker was emptied). */
  | { type: 'slip.pick'; file: File | null }
  | { type: 'slip.send' }
  /** While uploading: stop, keep the file. */
  | { type: 'slip.cancel' }
  /** After a failure: the same file again. */
  | { type: 'slip.retry' }
  /** After a slip was received: start over for another one. */
  | { type: 'slip.another' }
  /** From the upload in flight: the share of the file sent so far. */
  | { type: 'upload.progress'; fraction: number }
  /** Its own timer: a minute has passed since the last slip was taken. */
  | { type: 'wait.over' };

/**
 * Actor the view provides: upload (UploadInput → UploadAnswer); it passes
 * `signal` on, so cancelling aborts the request.
 * Action its parent provides (machines/deposit): slipCredited({ amount }) — the slip was credited at once.
 * Tags: 'picking' (the file picker shows), 'ready' (a file waits to be sent),
 * 'busy' (uploading: the progress bar and cancel), 'received' (waits for an
 * operator), 'credited' (in the wallet), 'failed'.
 */
export type SlipUploadTag = 'picking' | 'ready' | 'busy' | 'received' | 'credited' | 'failed';
