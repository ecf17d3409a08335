/**
 * QR deposits (spec 2 Deposit modal, spec 5): a member asks for a PromptPay
 * QR of an amount on one provider, sees it while it is open, and may cancel
 * it. The payment that pays it arrives through the provider's webhook
 * (webhook-credit.ts). Everything is keyed by the member's user id.
 */
import type { DepositBank, QrProvider, QrState } from '../../contract/deposit.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { qrAmountError } from '../../contract/rules/money.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { isPromptPayId, promptPayPayload, qrSvg } from '../payments/promptpay.ts';
import { listActiveBanks } from '../repositories/lookups.ts';
import { cancelQr, closeOpenQr, findMemberQr, findOpenQr, insertQr, lockMemberQrs, markExpired, type QrCode } from '../repositories/qr-codes.ts';
import { getSettings } from '../repositories/settings.ts';
import { memberCurrency } from '../repositories/users.ts';

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

/** GET /api/lookup/deposit: the receiving accounts in the member's currency (a member can only send that); PromptPay ids stay on the server. */
export async function depositLookup(db: Queryable, userId: number) {
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

/**
 * A new QR replaces the member's open one on that provider (a payment for
 * the old one later goes to review). PromptPay pays baht only, to the
 * provider's receiving account with a PromptPay id; anything else, and an
 * amount below the provider's minimum or above qrMaximum, is QR_FAIL.
 */
export async function createQr(db: Queryable, userId: number, provider: QrProvider, amount: number, now: Date): Promise<{ qr: QrState; id: number }> {
  const { depositAccounts: accounts, qrMinimums, qrMaximum, qrMinutes: minutes } = await getSettings(db, 'depositAccounts', 'qrMinimums', 'qrMaximum', 'qrMinutes');
  const currency = await memberCurrency(db, userId);
  const account = accounts.find((candidate) => candidate.bankCode === provider && candidate.currency === 'BAHT' && candidate.promptPayId !== null);
  if (currency !== 'BAHT' || !account?.promptPayId || !isPromptPayId(account.promptPayId)) throw new ApiError(400, 'QR_FAIL');
  const amountError = qrAmountError(amount, provider, { qrMinimums, qrMaximum });
  if (amountError !== null) throw new ApiError(400, amountError);

  const payload = promptPayPayload(account.promptPayId, amount);
  const qr = await db.transaction(async (tx) => {
    await lockMemberQrs(tx, userId, provider);
    await closeOpenQr(tx, userId, provider, now);
    return insertQr(tx, {
      userId,
      provider,
      amount: toMinor(amount),
      currency,
      payload,
      receiverName: account.bankAccountName,
      createdAt: now,
      expiresAt: new Date(now.getTime() + minutes * 60_000),
    });
  });
  return { qr: await qrState(qr, now), id: qr.id };
}

/**
 * Only the owner's QR: another member's or an unknown id is 404 NO_DATA.
 * Cancelling it again succeeds again (a retry after a lost answer); a QR
 * that was paid, replaced or has expired cannot be cancelled: 409
 * KEY_INVALID.
 */
export async function cancelMemberQr(db: Queryable, userId: number, id: number, now: Date): Promise<void> {
  if (await cancelQr(db, id, userId, now)) return;
  const qr = await findMemberQr(db, id, userId);
  if (!qr) throw new ApiError(404, 'NO_DATA');
  if (qr.status === 'cancelled') return;
  // Paid, replaced, or open but past its time (marked expired now).
  await markExpired(db, qr.id, now);
  throw new ApiError(409, 'KEY_INVALID');
}
