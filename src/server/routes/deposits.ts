/**
 * Deposits a member starts (spec 2 Deposit modal, spec 7): the deposit
 * lookup, QR payments (create, read, cancel) and mobile-wallet links. The
 * payment that pays a QR arrives through the provider's webhook
 * (routes/hooks.ts). Everything is keyed by the caller's user id.
 */
import type { FastifyInstance } from 'fastify';
import { QR_CLIENT_MINIMUMS, type DepositBank, type QrState } from '../../contract/deposit.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { ApiError } from '../errors.ts';
import { creditGiftLink } from '../payments/gift-links.ts';
import { isPromptPayId, promptPayPayload, qrSvg } from '../payments/promptpay.ts';
import type { VoucherProvider } from '../payments/truemoney.ts';
import { listActiveBanks } from '../repositories/lookups.ts';
import { cancelQr, closeOpenQr, findMemberQr, findOpenQr, insertQr, lockMemberQrs, markExpired, type QrCode } from '../repositories/qr-codes.ts';
import { getSettings } from '../repositories/settings.ts';
import { memberCurrency } from '../repositories/wallet.ts';
import { QR_CREATIONS_PER_MEMBER, TRUELINK_ATTEMPTS_PER_MEMBER } from '../policy.ts';
import { route } from '../route.ts';

/** Payment codes have no row in the banks lookup (they are not banks): their names (docs/decisions.md). */
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

/** A QR id from the path; one beyond JavaScript's exact integers names no QR. */
function qrIdOf(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw new ApiError(404, 'NO_DATA');
  return id;
}

export async function depositRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app;

  /** The receiving accounts in the member's currency (a member can only send that); the PromptPay ids stay on the server. */
  route(app, endpoints.lookupDeposit, async ({ db, caller }) => {
    const { depositAccounts, depositWallets, depositIsManual, ...texts } = await getSettings(
      db,
      'depositAccounts',
      'depositWallets',
      'depositIsManual',
      'qrMinutes',
      'slipClosingTime',
      'trueWalletMinimum',
      'qrMinimums',
    );
    const banks = await listActiveBanks(db);
    const currency = await memberCurrency(db, caller.userId);
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
  });

  route(app, endpoints.qrGet, async ({ db, caller, params }) => {
    const now = clock();
    const qr = await findOpenQr(db, caller.userId, params.bankCode, now);
    return qr ? qrState(qr, now) : NO_QR;
  });

  /**
   * A new QR replaces the member's open one on that provider (a payment for
   * the old one later goes to review). PromptPay pays baht only, to the
   * provider's receiving account with a PromptPay id; anything else, and an
   * amount below the provider's minimum, is QR_FAIL.
   */
  route(app, endpoints.qrCreate, async ({ db, caller, params, body, request }) => {
    const provider = params.bankCode;
    const { depositAccounts: accounts, qrMinimums: minimums, qrMaximum, qrMinutes: minutes } = await getSettings(db, 'depositAccounts', 'qrMinimums', 'qrMaximum', 'qrMinutes');
    const currency = await memberCurrency(db, caller.userId);
    const account = accounts.find((candidate) => candidate.bankCode === provider && candidate.currency === 'BAHT' && candidate.promptPayId !== null);
    if (currency !== 'BAHT' || !account?.promptPayId || !isPromptPayId(account.promptPayId)) throw new ApiError(400, 'QR_FAIL');
    if (body.amount < Math.max(minimums[provider] ?? 0, QR_CLIENT_MINIMUMS[provider])) throw new ApiError(400, 'QR_FAIL');
    if (body.amount > qrMaximum) throw new ApiError(400, 'QR_FAIL');

    const now = clock();
    const payload = promptPayPayload(account.promptPayId, body.amount);
    const qr = await db.transaction(async (tx) => {
      await lockMemberQrs(tx, caller.userId, provider);
      await closeOpenQr(tx, caller.userId, provider, now);
      return insertQr(tx, {
        userId: caller.userId,
        provider,
        amount: toMinor(body.amount),
        currency,
        payload,
        receiverName: account.bankAccountName,
        createdAt: now,
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      });
    });
    // For trying the app: the payment simulator pays a QR by its id (there is none in production).
    const hint = config.production ? '' : `; pay it with: npm run simulate:pay -- ${qr.id}`;
    request.log.info({ qrcodeId: qr.id, provider }, `QR ${qr.id} created${hint}`);
    return qrState(qr, now);
  }, {
    // Each QR is a row and a drawn code; a member needs a few a day, not hundreds.
    before: async ({ caller }) => {
      await app.limits.count(`qr:${caller.userId}`, QR_CREATIONS_PER_MEMBER, clock());
    },
  });

  /**
   * Only the owner's QR: another member's or an unknown id is 404 NO_DATA.
   * Cancelling it again answers SUCCESS again (a retry after a lost
   * answer); a QR that was paid, replaced or has expired cannot be
   * cancelled: 409 KEY_INVALID.
   */
  route(app, endpoints.qrCancel, async ({ db, caller, params }) => {
    const id = qrIdOf(params.qrcodeId);
    const now = clock();
    if (await cancelQr(db, id, caller.userId, now)) return { message: 'SUCCESS' };
    const qr = await findMemberQr(db, id, caller.userId);
    if (!qr) throw new ApiError(404, 'NO_DATA');
    if (qr.status === 'cancelled') return { message: 'SUCCESS' };
    // Paid, replaced, or open but past its time (marked expired now).
    await markExpired(db, qr.id, now);
    throw new ApiError(409, 'KEY_INVALID');
  });

  if (app.vouchers) trueLinkRoute(app, app.vouchers);
}

/**
 * A mobile-wallet gift link (payments/gift-links.ts). Registered only when
 * the app has a voucher provider (none in production yet).
 */
function trueLinkRoute(app: FastifyInstance, vouchers: VoucherProvider): void {
  const { clock } = app;
  route(app, endpoints.trueLink, async ({ db, caller, body, request }) => {
    const credited = await creditGiftLink(db, vouchers, { userId: caller.userId, link: body.link }, clock(), request.log);
    return { message: 'SUCCESS', amount: toMajor(credited.amount), wallet: { amount: toMajor(credited.available) }, transferId: String(credited.transferId) };
  }, {
    // Every attempt asks the voucher provider: a member may not make us probe vouchers for them.
    before: async ({ caller }) => {
      await app.limits.count(`truelink:${caller.userId}`, TRUELINK_ATTEMPTS_PER_MEMBER, clock());
    },
  });
}
