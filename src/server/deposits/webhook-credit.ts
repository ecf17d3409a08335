/**
 * What the payment webhook does with a payment a provider reported: it is
 * recorded once per provider transaction id, and credited to the wallet
 * (in the same database transaction as the record and the QR's new status)
 * only when it pays an open, unexpired QR of that provider for exactly the
 * QR's amount, and no more than the qrMaximum setting. Any other payment is
 * kept for an operator with a reason, never dropped.
 *
 * Races: the QR row is locked first, so two payments for one QR are decided
 * one after the other (the second finds it paid); two copies of one
 * transaction meet on the unique (provider, transaction id), and the second
 * answers what the first recorded.
 */
import type { QrProvider } from '../../contract/deposit.ts';
import { toMinor } from '../../contract/money.ts';
import type { Db, Transaction } from '../db/client.ts';
import { lockQr, markExpired, markPaid, type QrCode } from '../repositories/qr-codes.ts';
import { findPaymentByTransaction, insertPayment, setPaymentTransfer, type PaymentRow } from '../repositories/payments.ts';
import { getSetting } from '../repositories/settings.ts';
import { creditDeposit } from './credit.ts';
import type { PaymentNotice } from '../payments/webhook.ts';
import { recordIdOrNull } from '../validation.ts';

/**
 * OTHER_PROVIDER: the QR is another provider's. CHARGE_QR: the QR is a
 * payment provider's charge (an Opn QR on the KBANK tab), which only that
 * provider's answer pays, yet a QR provider's webhook reported a payment
 * for it.
 */
export const REVIEW_REASONS = ['ABOVE_MAXIMUM', 'UNKNOWN_QR', 'OTHER_PROVIDER', 'CHARGE_QR', 'QR_NOT_OPEN', 'QR_EXPIRED', 'AMOUNT_MISMATCH'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** The ledger key of a provider's transaction: the webhook and an operator's credit share it, so it is credited once. */
export const paymentKey = (provider: string, transactionId: string) => `payment:${provider}:${transactionId}`;

/**
 * Why the payment cannot be credited at once, or null when it can. A sum
 * above the maximum comes first: whatever else is wrong, that is what the
 * operator must look at (it also catches a QR made before the maximum was
 * lowered).
 */
function reviewReason(qr: QrCode | undefined, source: PaymentSource, amount: bigint, maximum: bigint, now: Date): ReviewReason | null {
  if (amount > maximum) return 'ABOVE_MAXIMUM';
  if (!qr) return 'UNKNOWN_QR';
  const mismatch = source.mismatch(qr);
  if (mismatch !== null) return mismatch;
  if (source.chargeDecidesExpiry) {
    // The provider took the money on a charge it still held payable: only a QR closed by the member or by a newer QR goes to review.
    if (qr.status !== 'open' && qr.status !== 'expired') return 'QR_NOT_OPEN';
  } else {
    if (qr.status !== 'open') return 'QR_NOT_OPEN';
    if (qr.expiresAt <= now) return 'QR_EXPIRED';
  }
  if (qr.amount !== amount) return 'AMOUNT_MISMATCH';
  return null;
}

export interface Recorded {
  payment: PaymentRow;
  /** True when the transaction had been recorded before: nothing changed now. */
  replayed: boolean;
}

/** Who reports a payment, and which QR it pays. */
export interface PaymentSource {
  /** The payments' provider: a QR provider (KBANK, WW, E2P) or a payment provider whose charges are QRs (opn). */
  name: string;
  /** Locks the QR the payment names, if any (the first thing the transaction does). */
  lockQr(tx: Transaction): Promise<QrCode | undefined>;
  /** Why this source's payments may not pay the QR, or null when they may. */
  mismatch(qr: QrCode): 'OTHER_PROVIDER' | 'CHARGE_QR' | null;
  /**
   * True for a provider's charge: whether it could still be paid is the
   * provider's word (its charge's status), not the QR's countdown here.
   */
  chargeDecidesExpiry?: boolean;
}

/** A payment as the provider reported it (or, for a charge, as the provider answered when asked). */
export interface ReportedPayment {
  /** The provider's id of it: a transaction, or a charge. */
  transactionId: string;
  /** Minor units. */
  amount: bigint;
  paidAt: Date;
}

/** A built-in provider's webhook: the payment names its QR by id, and pays only that provider's QRs that are no payment provider's charge. */
export function recordPayment(db: Db, provider: QrProvider, notice: PaymentNotice, now: Date): Promise<Recorded> {
  const qrId = recordIdOrNull(notice.qrcodeId);
  const source: PaymentSource = {
    name: provider,
    lockQr: async (tx) => (qrId === null ? undefined : lockQr(tx, qrId)),
    mismatch: (qr) => (qr.provider !== provider ? 'OTHER_PROVIDER' : qr.chargeId !== null ? 'CHARGE_QR' : null),
  };
  return recordSourcePayment(db, source, { transactionId: notice.transactionId, amount: toMinor(notice.amount), paidAt: new Date(notice.paidAt) }, now);
}

export async function recordSourcePayment(db: Db, source: PaymentSource, reported: ReportedPayment, now: Date): Promise<Recorded> {
  const { amount, transactionId } = reported;
  const provider = source.name;
  return db.transaction(async (tx) => {
    const qr = await source.lockQr(tx);
    const maximum = toMinor(await getSetting(tx, 'qrMaximum'));
    const reason = reviewReason(qr, source, amount, maximum, now);
    const payment = await insertPayment(tx, {
      provider,
      transactionId,
      qrCodeId: qr?.id ?? null,
      userId: qr?.userId ?? null,
      amount,
      status: reason === null ? 'credited' : 'review',
      reason,
      paidAt: reported.paidAt,
      receivedAt: now,
    });
    if (!payment) {
      const first = await findPaymentByTransaction(tx, provider, transactionId);
      if (!first) throw new Error(`payment ${provider}:${transactionId} vanished`);
      return { payment: first, replayed: true };
    }
    if (reason === 'QR_EXPIRED' && qr) await markExpired(tx, qr.id, now);
    if (reason !== null || !qr) return { payment, replayed: false };

    // The QR first: the credit's UPDATE locks the one deposits account every deposit queues on, until commit.
    await markPaid(tx, qr.id, now);
    const { transfer } = await creditDeposit(
      tx,
      {
        userId: qr.userId,
        currency: qr.currency,
        amount,
        reference: `${provider}:${transactionId}`,
        idempotencyKey: paymentKey(provider, transactionId),
      },
      now,
    );
    await setPaymentTransfer(tx, payment.id, transfer.id);
    return { payment: { ...payment, transferId: transfer.id }, replayed: false };
  });
}
