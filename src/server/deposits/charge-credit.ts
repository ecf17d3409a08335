/**
 * What Opn's webhook leads to (docs/decisions/0135-opn-payments.md): the
 * event names a charge, and the charge is retrieved from Opn
 * (`GET /charges/{id}`) before anything happens; the webhook's body is never
 * believed. Then, by the charge's status as Opn answered it:
 *
 * - `successful`: a payment of the retrieved amount, recorded once per
 *   charge id and credited like every QR payment (webhook-credit.ts: one
 *   transaction, the ledger key `payment:opn:{charge id}`), or kept for an
 *   operator when no QR is that charge, or the member cancelled or replaced
 *   it, or the amount differs. A QR whose countdown ran out is still
 *   credited: Opn took the money on a charge it held payable.
 * - `expired`, `failed`, `reversed`: nothing is credited; the charge's QR,
 *   if still open, is expired (the deposit modal then shows it gone).
 * - `pending`: nothing yet.
 */
import type { Db } from '../db/client.ts';
import type { OpnCharge } from '../payments/opn.ts';
import { expireOpenQr, lockQrByCharge } from '../repositories/qr-codes.ts';
import { recordSourcePayment, type Recorded } from './webhook-credit.ts';

export const OPN_PAYMENTS = 'opn';

export type ChargeOutcome = { kind: 'recorded'; recorded: Recorded } | { kind: 'closed'; qrExpired: boolean } | { kind: 'pending' } | { kind: 'unreadable'; why: string };

const CLOSED = new Set(['expired', 'failed', 'reversed']);

/** Acts on a charge as Opn answered it when asked (never as a webhook described it). */
export async function settleCharge(db: Db, charge: OpnCharge, now: Date): Promise<ChargeOutcome> {
  if (CLOSED.has(charge.status)) {
    const qrExpired = await db.transaction(async (tx) => {
      const qr = await lockQrByCharge(tx, charge.id);
      return qr ? expireOpenQr(tx, qr.id, now) : false;
    });
    return { kind: 'closed', qrExpired };
  }
  if (charge.status !== 'successful') return { kind: 'pending' };
  // PromptPay pays baht; a charge in anything else is not one of ours to credit.
  if (charge.currency.toLowerCase() !== 'thb') return { kind: 'unreadable', why: `currency ${charge.currency}` };
  if (charge.paid === false || charge.amount <= 0) return { kind: 'unreadable', why: 'successful but not paid' };
  const paidAt = charge.paid_at ? new Date(charge.paid_at) : now;
  const recorded = await recordSourcePayment(
    db,
    { name: OPN_PAYMENTS, lockQr: (tx) => lockQrByCharge(tx, charge.id), pays: (qr) => qr.chargeId === charge.id, chargeDecidesExpiry: true },
    { transactionId: charge.id, amount: BigInt(charge.amount), paidAt: Number.isNaN(paidAt.getTime()) ? now : paidAt },
    now,
  );
  return { kind: 'recorded', recorded };
}
