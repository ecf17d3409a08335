/**
 * QR deposits (spec 2 Deposit modal, spec 5): a member asks for a PromptPay
 * QR of an amount on one provider, sees it while it is open, and may cancel
 * it. The payment that pays it arrives through the provider's webhook
 * (webhook-credit.ts). Everything is keyed by the member's user id.
 */
import type { FastifyBaseLogger } from 'fastify';
import { QR_PROVIDERS, type DepositBank, type QrProvider, type QrState } from '../../contract/deposit.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { qrAmountError } from '../../contract/rules/money.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { isPromptPayId, promptPayPayload, qrSvg } from '../payments/promptpay.ts';
import { listActiveBanks } from '../repositories/lookups.ts';
import { cancelQr, closeOpenQr, findMemberQr, findOpenQr, insertQr, lockMemberQrs, markExpired, type QrCode } from '../repositories/qr-codes.ts';
import { getSettings } from '../repositories/settings.ts';
import { memberCurrency } from '../repositories/users.ts';
import type { OpnClient } from '../payments/opn.ts';
import { activeQrProviders, expireCharge, newChargeQr, OPN_QR_PROVIDER } from './charge-qr.ts';

const isQrProvider = (code: string): code is QrProvider => (QR_PROVIDERS as readonly string[]).includes(code);

/** Payment codes have no row in the banks lookup (they are not banks): their names (docs/decisions/0058-deposit-lookup.md). */
const PAYMENT_NAMES: Record<string, DepositBank['bank']> = {
  WW: { nameTH: 'WW คิวอาร์เพย์เมนต์', nameEN: 'WW QR Payment' },
  E2P: { nameTH: 'อีซี่ทูเพย์', nameEN: 'Easy2Pay' },
};

/** hasQrcode false (spec 3 QR state): no open QR on that provider. */
const NO_QR: QrState = { qrcodeId: null, hasQrcode: false, qrcode: '', payload: '', receiverName: '', amount: 0, expireIn: 0, message: 'NO_DATA' };

/** An open QR as the SPA shows it; the markup is drawn from the stored payload each time. */
async function qrState(qr: QrCode, now: Date): Promise<QrState> {
  return {
    qrcodeId: String(qr.id),
    hasQrcode: true,
    qrcode: await qrSvg(qr.payload),
    payload: qr.payload,
    receiverName: qr.receiverName,
    amount: toMajor(qr.amount),
    // Rounded up: an open QR always shows at least one second.
    expireIn: Math.ceil((qr.expiresAt.getTime() - now.getTime()) / 1000),
    message: 'SUCCESS',
  };
}

/**
 * GET /api/lookup/deposit: the receiving accounts in the member's currency
 * (a member can only send that); PromptPay ids stay on the server. A QR
 * provider that cannot take a payment now (activeQrProviders, which
 * createQr asks too) is left out, so the deposit modal offers only the QR
 * tabs that work.
 */
export async function depositLookup(db: Queryable, userId: number, { opn }: Pick<QrCharges, 'opn'>) {
  const active = activeQrProviders(opn);
  const { depositAccounts, depositWallets, depositIsManual, ...texts } = await getSettings(
    db,
    'depositAccounts',
    'depositWallets',
    'depositIsManual',
    'qrMinutes',
    'slipClosingTime',
    'trueWalletMinimum',
    'qrMinimums',
    'qrMaximum',
  );
  const banks = await listActiveBanks(db);
  const currency = await memberCurrency(db, userId);
  const names = new Map(banks.map((bank) => [bank.code, { nameTH: bank.nameTh, nameEN: bank.nameEn }]));
  return {
    banks: depositAccounts
      .filter((account) => account.currency === currency)
      .filter((account) => !isQrProvider(account.bankCode) || active.includes(account.bankCode))
      .map(({ bankCode, bankType, mode, bankAccountName, bankAccountNo }) => ({
        bankCode,
        bankType,
        mode,
        bankAccountName,
        bankAccountNo,
        currency,
        bank: names.get(bankCode) ?? PAYMENT_NAMES[bankCode] ?? { nameTH: bankCode, nameEN: bankCode },
      })),
    wallets: depositWallets,
    isManual: depositIsManual,
    ...texts,
  };
}

/** The member's open QR on the provider, or hasQrcode false. */
export async function openQr(db: Queryable, userId: number, provider: QrProvider, now: Date): Promise<QrState> {
  const qr = await findOpenQr(db, userId, provider, now);
  return qr ? qrState(qr, now) : NO_QR;
}

/** Where a QR's payment comes from: Opn's charges when configured (charge-qr.ts), and the log for what they say. */
export interface QrCharges {
  opn: OpnClient | null;
  log: FastifyBaseLogger;
}

/**
 * A new QR replaces the member's open one on that provider (a payment for
 * the old one later goes to review). PromptPay pays baht only, to the
 * provider's receiving account with a PromptPay id; anything else, and an
 * amount below the provider's minimum or above qrMaximum, is QR_FAIL. With
 * Opn on, its QR is a charge Opn made (no PromptPay id of ours), valid until
 * the earlier of qrMinutes and the charge's own expiry, and the other
 * providers are QR_FAIL.
 */
export async function createQr(
  db: Queryable,
  { userId, provider, amount }: { userId: number; provider: QrProvider; amount: number },
  now: Date,
  { opn, log }: QrCharges,
): Promise<{ qr: QrState; id: number; chargeId: string | null }> {
  const { depositAccounts: accounts, qrMinimums, qrMaximum, qrMinutes: minutes } = await getSettings(db, 'depositAccounts', 'qrMinimums', 'qrMaximum', 'qrMinutes');
  const currency = await memberCurrency(db, userId);
  const charged = opn !== null && provider === OPN_QR_PROVIDER;
  const account = accounts.find((candidate) => candidate.bankCode === provider && candidate.currency === 'BAHT' && (charged || candidate.promptPayId !== null));
  if (currency !== 'BAHT' || !account || !activeQrProviders(opn).includes(provider)) throw new ApiError(400, 'QR_FAIL');
  if (!charged && (!account.promptPayId || !isPromptPayId(account.promptPayId))) throw new ApiError(400, 'QR_FAIL');
  const amountError = qrAmountError(amount, provider, { qrMinimums, qrMaximum });
  if (amountError !== null) throw new ApiError(400, amountError);

  let expiresAt = new Date(now.getTime() + minutes * 60_000);
  let payload: string;
  let chargeId: string | null = null;
  if (charged) {
    const charge = await newChargeQr(opn, toMinor(amount), log);
    ({ payload, chargeId } = charge);
    if (charge.expiresAt && charge.expiresAt < expiresAt) expiresAt = charge.expiresAt;
  } else {
    payload = promptPayPayload(account.promptPayId!, amount);
  }
  let replaced: string | null;
  let qr: QrCode;
  try {
    ({ replaced, qr } = await db.transaction(async (tx) => {
      await lockMemberQrs(tx, userId, provider);
      const closed = await closeOpenQr(tx, userId, provider, now);
      const row = await insertQr(tx, { userId, provider, amount: toMinor(amount), currency, payload, receiverName: account.bankAccountName, createdAt: now, expiresAt, chargeId });
      return { replaced: closed, qr: row };
    }));
  } catch (error) {
    // The charge has no QR row: nobody will be shown it.
    if (opn && chargeId) await expireCharge(opn, chargeId, log);
    throw error;
  }
  // The replaced QR's charge can no longer be paid through us: Opn is asked to expire it too.
  if (opn && replaced) await expireCharge(opn, replaced, log);
  return { qr: await qrState(qr, now), id: qr.id, chargeId };
}

/**
 * Only the owner's QR: another member's or an unknown id is 404 NO_DATA.
 * Cancelling it again succeeds again (a retry after a lost answer); a QR
 * that was paid, replaced or has expired cannot be cancelled: 409
 * KEY_INVALID.
 */
export async function cancelMemberQr(db: Queryable, userId: number, id: number, now: Date, { opn, log }: QrCharges): Promise<void> {
  const cancelled = await cancelQr(db, id, userId, now);
  if (cancelled) {
    // A charge's cancel is the provider's too: Opn expires it, so it cannot be paid after.
    if (opn && cancelled.chargeId) await expireCharge(opn, cancelled.chargeId, log);
    return;
  }
  const qr = await findMemberQr(db, id, userId);
  if (!qr) throw new ApiError(404, 'NO_DATA');
  if (qr.status === 'cancelled') return;
  // Paid, replaced, or open but past its time (marked expired now).
  await markExpired(db, qr.id, now);
  throw new ApiError(409, 'KEY_INVALID');
}
