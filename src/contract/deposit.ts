/**
 * Deposits (spec 2 Deposit modal, spec 3, spec 5, spec 7): the deposit
 * lookup, QR payments, the payment providers' webhook, mobile-wallet links
 * and slips. Amounts in major units, as everywhere on the wire (money.ts).
 */
import * as v from 'valibot';
import { amountSchema } from './money.ts';
import { SLIP_REASON_CODES } from './errors.ts';
import { IsoDateTime, PageRequest } from './api.ts';

// ---------------------------------------------------------------- the deposit lookup

/** Receiving accounts: banks, and payment codes (bankType PAYMENT) that take QR payments. */
export const DEPOSIT_BANK_CODES = ['SCB', 'KBANK', 'GSB', 'BCEL', 'WW', 'E2P'] as const;
export const PAYMENT_CODES = ['WW', 'E2P'] as const;

export const DepositBank = v.object({
  bankCode: v.string(),
  /** 'PAYMENT' for the payment codes WW and E2P; 'BANK' otherwise. */
  bankType: v.picklist(['BANK', 'PAYMENT']),
  /** 'AUTO': credited automatically; anything else: checked by hand. */
  mode: v.string(),
  bankAccountName: v.string(),
  bankAccountNo: v.string(),
  currency: v.string(),
  bank: v.object({ nameTH: v.string(), nameEN: v.string() }),
});
export type DepositBank = v.InferOutput<typeof DepositBank>;

export const DepositWallet = v.object({ mode: v.string(), walletAccountName: v.string() });

export const DepositLookupResponse = v.object({
  banks: v.array(DepositBank),
  wallets: v.array(DepositWallet),
  isManual: v.boolean(),
  /** Server-supplied values of the deposit texts (spec 2). */
  qrMinutes: v.number(),
  /** 'HH:mm', local time of the variant's country: slips are taken until then each day. */
  slipClosingTime: v.string(),
  trueWalletMinimum: v.number(),
  /** The smallest amount a QR may be created for, per QR provider (settings). */
  qrMinimums: v.record(v.string(), v.number()),
});
export type DepositLookupResponse = v.InferOutput<typeof DepositLookupResponse>;

// ---------------------------------------------------------------- QR payments

/** The providers a QR can be made on (spec 2: KBANK QR, WW, E2P). */
export const QR_PROVIDERS = ['KBANK', 'WW', 'E2P'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];

/** spec 2 and 9: the quick-amount buttons per provider. */
export const QR_QUICK_AMOUNTS: Record<QrProvider, readonly number[]> = {
  KBANK: [10, 20, 50, 100, 500, 1000],
  WW: [100, 200, 300, 500, 1000],
  E2P: [50, 100, 200, 500, 1000],
};

/**
 * spec 5: the create button is disabled at 0 or less for KBANK, below 100 for
 * WW, below 50 for E2P. The server's own minimums are settings
 * (DepositLookupResponse.qrMinimums) and never below these.
 */
export const QR_CLIENT_MINIMUMS: Record<QrProvider, number> = { KBANK: 0.01, WW: 100, E2P: 50 };

/** spec 5: a QR create with an amount below 1 is ignored by the client. */
export const QR_IGNORED_BELOW = 1;

export const QrProviderParams = v.object({ bankCode: v.picklist(QR_PROVIDERS, 'NO_BANK') });
export const QrIdParams = v.object({ qrcodeId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,17}$/, 'NO_DATA')) });

export const QrCreateRequest = v.object({ amount: amountSchema('QR_FAIL') });

/**
 * spec 3 QR state. `hasQrcode` false: no open QR (then qrcodeId is null, the
 * markup and payload empty, amount and expireIn 0). `qrcode` is SVG markup,
 * `payload` the EMVCo text it encodes, `expireIn` whole seconds left.
 */
export const QrState = v.object({
  qrcodeId: v.nullable(v.string()),
  hasQrcode: v.boolean(),
  qrcode: v.string(),
  payload: v.string(),
  amount: v.number(),
  expireIn: v.number(),
  message: v.string(),
});
export type QrState = v.InferOutput<typeof QrState>;

/** What a payment provider posts to POST /api/hooks/payments/{provider} (signed, see the server's payments module). */
export const PaymentWebhook = v.object({
  /** The provider's own transaction id: a payment is credited at most once per id. */
  transactionId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  qrcodeId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,17}$/)),
  amount: amountSchema(),
  paidAt: IsoDateTime,
});

// ---------------------------------------------------------------- mobile-wallet link

/** The link, AES-encrypted by the client with the shared secret (docs/decisions.md: obfuscation; TLS protects it). */
export const TrueLinkRequest = v.object({ link: v.pipe(v.string(), v.minLength(1, 'TRUELINK_INVALID'), v.maxLength(2000, 'TRUELINK_INVALID')) });

/** spec 5 and 9: the mobile-wallet minimum. */
export const TRUEWALLET_MINIMUM = 2;

// ---------------------------------------------------------------- slips

export const SlipStatus = v.picklist(['SUCCESS', 'FAILED', 'PENDING']);

/** spec 3 slip item; `note` is a reason code of spec 8 when the slip failed, else empty. */
export const SlipItem = v.object({
  createdAt: IsoDateTime,
  amount: v.number(),
  status: SlipStatus,
  note: v.union([v.picklist(SLIP_REASON_CODES), v.literal('')]),
  /** A short-lived signed link to the image, or '' (then ask by reference). */
  link: v.string(),
  reference: v.string(),
});
export const SlipsRequest = PageRequest;
export const SlipsResponse = v.object({ slips: v.array(SlipItem), total: v.number() });
export const SlipReferenceParams = v.object({ reference: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });
export const SlipReferenceResponse = v.object({ url: v.string() });
export const SlipUploadResponse = v.object({ message: v.string(), slip: SlipItem });

/** spec 2 and 9: slips are sent as multipart (field 'file'), images up to 10 MB. */
export const SLIP_FIELD = 'file';
export const SLIP_MAX_BYTES = 10 * 1024 * 1024;

/**
 * spec 7: the client encrypts the mobile-wallet link with crypto-js AES and
 * this fixed secret, which ships in the SPA: obfuscation against casual
 * logging, not protection (TLS protects the link; docs/decisions.md).
 */
export const TRUELINK_SHARED_SECRET = 'wallet-app.truelink.v1';
