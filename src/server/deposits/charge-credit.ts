/**
 * What Opn's webhook leads to (docs/decisions/0135-opn-payments.md): the
 * event names a charge, and the charge is retrieved from Opn
 * (`GET /charges/{id}`) before anything happens; the webhook's body is never
 * believed. A charge id no QR of ours is answers at once, without a call to
 * Opn: anyone can post to the webhook, and made-up ids must cost us nothing
 * at Opn; nor does a charge whose payment is recorded already (it is
 * settled for good). Then, by the charge's status as Opn answered it:
 *
 * - `successful`: a payment of the retrieved amount, recorded once per
 *   charge id and credited like every QR payment (webhook-credit.ts: one
 *   transaction, the ledger key `payment:opn:{charge id}`), or kept for an
 *   operator when the member cancelled or replaced its QR, or the amount
 *   differs. A QR whose countdown ran out is still credited: Opn took the
 *   money on a charge it held payable.
 * - `expired`, `failed`, `reversed`: nothing is credited; the charge's QR,
 *   if still open, is expired (the deposit modal then shows it gone).
 * - `pending`: nothing yet.
 */
import type { Db } from '../db/client.ts';
import { OpnRefused, type ChargeAsker, type OpnCharge, type OpnClient } from '../payments/opn.ts';
import { ProviderFailure } from '../providers/http.ts';
import { findPaymentByTransaction } from '../repositories/payments.ts';
import { expireOpenQr, isQrCharge, lockQrByCharge } from '../repositories/qr-codes.ts';
import { recordSourcePayment, type Recorded } from './webhook-credit.ts';

export const OPN_PAYMENTS = 'opn';

export type ChargeOutcome =
  | { kind: 'recorded'; recorded: Recorded }
  | { kind: 'closed'; status: string; qrExpired: boolean }
  | { kind: 'pending' }
  /** Opn says paid, but not a payment we can record (another currency, not paid). */
  | { kind: 'unreadable'; why: string }
  /** No QR of ours is the charge, or Opn knows no such charge: nothing to act on, and nothing for Opn to send again. */
  | { kind: 'unknown'; why: string }
  /**
   * Opn could not be asked (down, refusing, its breaker open): Opn should send the event again.
   * `unavailable` when Opn gave no usable answer at all (down, its breaker open), not a refusal of this one charge.
   */
  | { kind: 'unchecked'; why: string; unavailable: boolean };

const CLOSED = new Set(['expired', 'failed', 'reversed']);

/**
 * Acts on the charge a `charge.complete` event names (payments/opn.ts
 * completedChargeOf has checked the id's form): looked up among our QRs,
 * then retrieved from Opn, then settled as Opn answered. The job that asks
 * Opn about charges the webhook never reported (charge-check.ts) comes
 * through here too, so whichever of the two arrives first credits, and
 * the other finds the charge recorded.
 */
export async function settleChargeEvent(db: Db, opn: OpnClient, chargeId: string, now: Date, asker: ChargeAsker = 'webhook'): Promise<ChargeOutcome> {
  if (!(await isQrCharge(db, chargeId))) return { kind: 'unknown', why: 'no QR of ours is that charge' };
  const settled = await findPaymentByTransaction(db, OPN_PAYMENTS, chargeId);
  if (settled) return { kind: 'recorded', recorded: { payment: settled, replayed: true } };
  let charge;
  try {
    charge = await opn.retrieveCharge(chargeId, asker);
  } catch (error) {
    if (!(error instanceof ProviderFailure || error instanceof OpnRefused)) throw error;
    return { kind: 'unchecked', why: error.message, unavailable: error instanceof ProviderFailure };
  }
  if (!charge) return { kind: 'unknown', why: 'Opn does not know that charge' };
  return settleCharge(db, charge, now);
}

/** Acts on a charge as Opn answered it when asked (never as a webhook described it). */
async function settleCharge(db: Db, charge: OpnCharge, now: Date): Promise<ChargeOutcome> {
  if (CLOSED.has(charge.status)) {
    const qrExpired = await db.transaction(async (tx) => {
      const qr = await lockQrByCharge(tx, charge.id);
      return qr ? expireOpenQr(tx, qr.id, now) : false;
    });
    return { kind: 'closed', status: charge.status, qrExpired };
  }
  if (charge.status !== 'successful') return { kind: 'pending' };
  // PromptPay pays baht; a charge in anything else is not one of ours to credit.
  if (charge.currency.toLowerCase() !== 'thb') return { kind: 'unreadable', why: `currency ${charge.currency}` };
  if (charge.paid === false || charge.amount <= 0) return { kind: 'unreadable', why: 'successful but not paid' };
  const paidAt = charge.paid_at ? new Date(charge.paid_at) : now;
  const recorded = await recordSourcePayment(
    db,
    {
      name: OPN_PAYMENTS,
      lockQr: (tx) => lockQrByCharge(tx, charge.id),
      mismatch: (qr) => (qr.chargeId === charge.id ? null : 'OTHER_PROVIDER'),
      chargeDecidesExpiry: true,
    },
    { transactionId: charge.id, amount: BigInt(charge.amount), paidAt: Number.isNaN(paidAt.getTime()) ? now : paidAt },
    now,
  );
  return { kind: 'recorded', recorded };
}
