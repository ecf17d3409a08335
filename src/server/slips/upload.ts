/**
 * A member's slip upload after the file was read: re-encode and check the
 * image, read its slip QR, store the image, and record the slip, PENDING
 * for review or FAILED with the reason the member sees (spec 8).
 *
 * One slip a minute per member (spec 8 REQUEST_LIMIT_1MIN): reserved in the
 * limits and checked against the newest slip before the file is read (so a
 * refused upload costs nothing, and parallel uploads decode one at a time),
 * and checked again, under the member's lock, where the slip is recorded
 * (so parallel uploads cannot both pass). The
 * reference's uniqueness is the database's (slips_reference_held_idx), so two
 * uploads of one slip racing on two connections record one PENDING slip.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SlipReasonCode } from '../../contract/errors.ts';
import { slipAgeProblem, slipWaitMs, transferOnThaiDay } from '../../contract/rules/slips.ts';
import type { Db, Queryable } from '../db/client.ts';
import { verifyNewSlip } from '../deposits/slip-verification.ts';
import { ApiError } from '../errors.ts';
import type { Limits } from '../limits/limits.ts';
import { SLIP_UPLOAD_COOLDOWN } from '../policy.ts';
import { getSetting } from '../repositories/settings.ts';
import { lastSlipAt, insertFailedSlip, insertSlipHoldingReference, lockMemberSlips, rejectedAsNotTheirs, type SlipRow } from '../repositories/slips.ts';
import type { FileStorage } from '../storage/storage.ts';
import { decodeSlipImage, NotASlipImage, STORED_IMAGE } from './slip-image.ts';
import { readSlipQr, type SlipQr } from './slip-qr.ts';
import type { SlipVerifier } from './verifier.ts';

/** Another slip was recorded within the last minute (REQUEST_LIMIT_1MIN). */
export class SlipTooSoon extends Error {
  constructor() {
    super('one slip a minute');
    this.name = 'SlipTooSoon';
  }
}

/** The shared one-a-minute rule (contract/rules/slips.ts) over the member's newest slip. */
export async function uploadedTooSoon(db: Queryable, userId: number, now: Date): Promise<boolean> {
  return slipWaitMs(await lastSlipAt(db, userId), now) > 0;
}

/**
 * Why a readable slip fails on its date, if it does, by the shared slip-age
 * rule (contract/rules/slips.ts slipAgeProblem). Only TrueMoney's QR carries
 * one (a day in Thai time): EXPIRED_SLIP when even the end of that day is
 * too old, INVALID_SLIP when the day has not begun yet. Bank QRs carry no
 * date (docs/decisions/0064-slip-automatic-checks.md); the slip verifier
 * applies the same rule to the bank's time of the transfer.
 */
export function dateProblem(qr: SlipQr, now: Date, maxAgeMinutes: number): SlipReasonCode | null {
  if (qr.date === null) return null;
  const problem = slipAgeProblem(transferOnThaiDay(qr.date), now, maxAgeMinutes);
  return problem === 'TOO_OLD' ? 'EXPIRED_SLIP' : problem === 'AHEAD' ? 'INVALID_SLIP' : null;
}

export interface UploadInput {
  userId: number;
  upload: Buffer;
  now: Date;
  maxAgeMinutes: number;
}

/** What the checks found, ready to record. */
export interface CheckedSlip {
  userId: number;
  qr: SlipQr | null;
  /** Why an automatic check failed; null when the slip waits for review. */
  problem: SlipReasonCode | null;
  storageKey: string;
}

/**
 * Records a checked slip under the member's lock: SlipTooSoon when the
 * member recorded one within the last minute; FAILED with its problem; else
 * PENDING, or FAILED with SLIP_REFNO_DUPLICATED when another slip holds the
 * reference.
 */
export function recordSlip(db: Db, { userId, qr, problem, storageKey }: CheckedSlip, now: Date): Promise<SlipRow> {
  const slip = { userId, reference: qr?.reference ?? null, sendingBank: qr?.sendingBank ?? null, storageKey };
  return db.transaction(async (tx) => {
    await lockMemberSlips(tx, userId);
    if (await uploadedTooSoon(tx, userId, now)) throw new SlipTooSoon();
    if (problem !== null) return insertFailedSlip(tx, { ...slip, status: 'FAILED', note: problem }, now);
    // A slip an operator found not to be this member's stays not theirs: only others (the payer) may send it again.
    if (slip.reference !== null && (await rejectedAsNotTheirs(tx, userId, slip.reference))) return insertFailedSlip(tx, { ...slip, status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' }, now);
    const held = await insertSlipHoldingReference(tx, { ...slip, status: 'PENDING', note: null }, now);
    return held ?? insertFailedSlip(tx, { ...slip, status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' }, now);
  });
}

/**
 * Checks, stores and records an upload, and answers the slip's row and its QR. Throws
 * NotASlipImage for a file that is not an image we take, SlipTooSoon under
 * the one-a-minute rule; the stored image is removed again when nothing was
 * recorded.
 */
async function recordSlipUpload(db: Db, storage: FileStorage, { userId, upload, now, maxAgeMinutes }: UploadInput): Promise<{ slip: SlipRow; qr: SlipQr | null }> {
  const image = await decodeSlipImage(upload);
  const qr = await readSlipQr(image.pixels);
  const problem = qr ? dateProblem(qr, now, maxAgeMinutes) : 'UNSTABLE_REFNO_ON_SLIP';
  const storageKey = `slips/${randomBytes(24).toString('base64url')}.${STORED_IMAGE.extension}`;
  await storage.put(storageKey, image.stored);
  try {
    return { slip: await recordSlip(db, { userId, qr, problem, storageKey }, now), qr };
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

export interface SlipUploadContext {
  limits: Limits;
  userId: number;
  now: Date;
  /** The request's log: why a file was refused is logged there. */
  log: FastifyBaseLogger;
  /** Asks the bank about a new bank slip and may credit it (0137); null: every slip waits for an operator. */
  verifier: SlipVerifier | null;
}

/**
 * A member's upload, from the one-a-minute rule to the recorded slip:
 * REQUEST_LIMIT_1MIN within the minute (before `readFile` runs), whatever
 * `readFile` throws (no file, too large), SLIP_INVALID_FILE for a file that
 * is not an image we take; else the slip's row, PENDING or FAILED with its
 * reason, or SUCCESS when the slip verifier credited it (it runs after the
 * slip is recorded, within its own deadline). A refusal that leaves no
 * slip gives the minute back, so the member may send the right file at once.
 */
export async function takeSlipUpload(
  db: Db,
  storage: FileStorage,
  { limits, userId, now, log, verifier }: SlipUploadContext,
  readFile: () => Promise<Buffer>,
): Promise<SlipRow> {
  const cooldownKey = `slip:${userId}`;
  await limits.reserve(cooldownKey, SLIP_UPLOAD_COOLDOWN, now, 'REQUEST_LIMIT_1MIN');
  if (await uploadedTooSoon(db, userId, now)) throw new ApiError(429, 'REQUEST_LIMIT_1MIN');
  let upload: Buffer;
  try {
    upload = await readFile();
  } catch (error) {
    await limits.release(cooldownKey);
    throw error;
  }
  const maxAgeMinutes = await getSetting(db, 'slipMaxAgeMinutes');
  let recorded: Awaited<ReturnType<typeof recordSlipUpload>>;
  try {
    recorded = await recordSlipUpload(db, storage, { userId, upload, now, maxAgeMinutes });
  } catch (error) {
    if (error instanceof SlipTooSoon) throw new ApiError(429, 'REQUEST_LIMIT_1MIN');
    if (error instanceof NotASlipImage) {
      await limits.release(cooldownKey);
      log.info({ reason: error.message }, 'slip upload refused');
      throw new ApiError(400, 'SLIP_INVALID_FILE');
    }
    throw error;
  }
  const { slip, qr } = recorded;
  // Only bank slips: the verifier asks banks, and TrueMoney's QR names no bank transfer.
  if (!verifier || slip.status !== 'PENDING' || slip.reference === null || !qr || qr.sendingBank === 'TRUEMONEY') return slip;
  return verifyNewSlip({ db, verifier, log }, { ...slip, reference: slip.reference }, qr.payload, now);
}
