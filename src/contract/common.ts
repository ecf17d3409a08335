/**
 * The contract's ground floor: the base schemas every area of the API shares
 * (times, record ids, a page of a table), the slip reasons deposits and the
 * error catalogue share, and the type of what a schema gives. It imports nothing of the contract, so any module of it may import
 * this one without closing a circle.
 */
import * as v from 'valibot';

/** A point in time on the wire: ISO 8601 with its offset. */
export const IsoDateTime = v.pipe(v.string(), v.isoTimestamp());

/** A row id as text (paths, notices): digits without a leading zero; the server checks it names a safe integer. */
export const RECORD_ID = /^[1-9]\d{0,17}$/;

/** spec 7 and 9: one page of a table (statement, slips, invites, refunds, spins). */
export const PageRequest = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
});

/**
 * Slip failure reasons (spec 8), shown in the slip table's status column;
 * part of the error catalogue (errors.ts ApiMessage). Here, not in errors.ts:
 * the SPA's first page loads errors.ts, and a list there would ship in its
 * chunk for the deposit screens that use it.
 */
export const SLIP_REASON_CODES = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
] as const;
export type SlipReasonCode = (typeof SLIP_REASON_CODES)[number];

/** What a schema gives once it has checked a value. */
export type Output<S extends v.GenericSchema> = v.InferOutput<S>;
