/**
 * The job that asks Opn about our QRs' charges (docs/decisions/0135-opn-payments.md),
 * for when Opn's `charge.complete` never reached us (the server down, the
 * network, a wrong webhook address): a member who paid is credited within
 * about a minute anyway. Each charge goes through settleChargeEvent, the
 * webhook's own path, so a charge the job and the webhook settle at once is
 * credited once (the QR row is locked, the payment recorded once per charge).
 *
 * Reads go under a breaker of the job's own (payments/opn.ts retrieveCharge):
 * failing reads must never fail members' QR creation fast, and a flood of
 * webhook calls that opened the webhook's breaker must not stop the job
 * that stands in for it. When Opn is unavailable (down, or the job's
 * breaker open) the run stops at once; the next run tries again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { OpnClient } from '../payments/opn.ts';
import { OPN_CHARGE_CHECK_AFTER_EXPIRY_MS, OPN_CHARGE_CHECK_BATCH, OPN_CHARGE_CHECK_MIN_AGE_MS } from '../policy.ts';
import { chargesToCheck } from '../repositories/qr-codes.ts';
import { OPN_PAYMENTS, settleChargeEvent } from './charge-credit.ts';

export interface ChargeCheck {
  checked: number;
  credited: number;
  review: number;
  expired: number;
  /** True when Opn was unavailable and the run stopped before its last charge. */
  stopped: boolean;
}

export async function checkOpenCharges(db: Db, opn: OpnClient, now: Date, log: FastifyBaseLogger, limit = OPN_CHARGE_CHECK_BATCH): Promise<ChargeCheck> {
  const charges = await chargesToCheck(db, { provider: OPN_PAYMENTS, now, minAgeMs: OPN_CHARGE_CHECK_MIN_AGE_MS, afterExpiryMs: OPN_CHARGE_CHECK_AFTER_EXPIRY_MS, limit });
  const result: ChargeCheck = { checked: 0, credited: 0, review: 0, expired: 0, stopped: false };
  for (const { id, chargeId } of charges) {
    const outcome = await settleChargeEvent(db, opn, chargeId, now, 'check');
    if (outcome.kind === 'unchecked' && outcome.unavailable) {
      log.warn({ chargeId }, `opn charge check stopped: ${outcome.why}`);
      result.stopped = true;
      break;
    }
    result.checked++;
    if (outcome.kind === 'recorded' && !outcome.recorded.replayed) {
      const { payment } = outcome.recorded;
      if (payment.status === 'credited') {
        result.credited++;
        log.info({ chargeId, qrId: id, paymentId: payment.id }, 'opn charge credited by the check (no webhook had reported it)');
      } else {
        result.review++;
        log.warn({ chargeId, qrId: id, paymentId: payment.id, reason: payment.reason }, 'payment kept for review');
      }
    } else if (outcome.kind === 'closed' && outcome.qrExpired) {
      result.expired++;
    } else if (outcome.kind === 'unreadable' || outcome.kind === 'unchecked' || outcome.kind === 'unknown') {
      log.warn({ chargeId }, `opn charge not checked: ${outcome.why}`);
    }
  }
  if (charges.length > 0) log.info({ ...result, found: charges.length }, 'opn charge check done');
  return result;
}
