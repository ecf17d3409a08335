/**
 * QRs that are a payment provider's charges (PAYMENT_PROVIDER=opn,
 * docs/decisions/0135-opn-payments.md): the KBANK QR tab is an Opn
 * PromptPay charge; WW and E2P, other companies' QR services, are not
 * offered then. The charge is made before the QR row (no outside call
 * inside a database transaction); a charge whose QR row is never written
 * is asked to expire, and expires at Opn on its own anyway.
 */
import type { FastifyBaseLogger } from 'fastify';
import { QR_PROVIDERS, type QrProvider } from '../../contract/deposit.ts';
import { ApiError } from '../errors.ts';
import { chargePayload } from '../payments/opn-qr.ts';
import { OpnRefused, type OpnClient } from '../payments/opn.ts';
import { ProviderFailure } from '../providers/http.ts';

/** The QR tab Opn's PromptPay charges serve: the PromptPay QR of spec 2. */
export const OPN_QR_PROVIDER: QrProvider = 'KBANK';

/**
 * The QR providers a member can pay with now: with Opn on (the app's Opn
 * client, there exactly when PAYMENT_PROVIDER=opn), its tab alone. The one
 * place this is decided: the deposit lookup and createQr both ask here.
 */
export function activeQrProviders(opn: OpnClient | null): readonly QrProvider[] {
  return opn ? [OPN_QR_PROVIDER] : QR_PROVIDERS;
}

export interface ChargeQr {
  chargeId: string;
  payload: string;
  /** When Opn stops taking payment for it, if it says. */
  expiresAt: Date | null;
}

/** An expected failure of the provider (down, refused, no readable QR): logged, never thrown further. */
function isProviderFailure(error: unknown): boolean {
  return error instanceof ProviderFailure || error instanceof OpnRefused;
}

/** Asks Opn to expire a charge nobody can pay any more; a failure is logged (a late payment goes to review). */
export async function expireCharge(opn: OpnClient, chargeId: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await opn.expireCharge(chargeId);
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    log.warn({ chargeId }, `opn: charge not expired (${(error as Error).message}); a payment for it will wait for review`);
  }
}

/**
 * A pending PromptPay charge of `amount` satang and its QR text. Opn down
 * or refusing, or a charge without a valid QR for its amount, is 502
 * QR_FAIL: the member tries again or deposits another way.
 */
export async function newChargeQr(opn: OpnClient, amount: bigint, log: FastifyBaseLogger): Promise<ChargeQr> {
  let charge;
  try {
    charge = await opn.createPromptPayCharge(amount);
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    log.warn(`QR not created: ${(error as Error).message}`);
    throw new ApiError(502, 'QR_FAIL');
  }
  let payload: string | null = null;
  try {
    if (charge.status === 'pending' && BigInt(charge.amount) === amount && charge.currency.toLowerCase() === 'thb') payload = await chargePayload(opn, charge);
  } catch (error) {
    // An outside picture that does not download or decode is no QR to show, whatever failed.
    log.warn({ chargeId: charge.id }, `QR image not read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (payload === null) {
    log.error({ chargeId: charge.id, status: charge.status }, 'opn: the charge has no PromptPay QR for its amount; not shown');
    await expireCharge(opn, charge.id, log);
    throw new ApiError(502, 'QR_FAIL');
  }
  const expiresAt = charge.expires_at ? new Date(charge.expires_at) : null;
  return { chargeId: charge.id, payload, expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null };
}
