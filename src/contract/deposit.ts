/**
 * Deposits (spec 2 Deposit modal, spec 3, spec 5, spec 7): the deposit
 * lookup, QR payments, the payment providers' webhook, mobile-wallet links
 * and slips. Amounts in major units, as everywhere on the wire (money.ts).
 */
import * as v from 'valibot';
import { IsoDateTime, PageRequest, RECORD_ID, SLIP_REASON_CODES } from './common.ts';
import { amountSchema } from './money.ts';

// ---------------------------------------------------------------- the deposit lookup

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

const DepositWallet = v.object({ mode: v.string(), walletAccountName: v.string() });

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
  /** The largest amount a QR may be created for (settings; beyond spec 3, so the form applies the rule too). */
  qrMaximum: v.optional(v.number()),
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
export const QrIdParams = v.object({ qrcodeId: v.pipe(v.string(), v.regex(RECORD_ID, 'NO_DATA')) });

export const QrCreateRequest = v.object({ amount: amountSchema('QR_FAIL') });

/** The QR codes' error correction (15% of the code may be lost), on screen and in the saved picture alike. */
export const QR_ERROR_CORRECTION = 'M';

/**
 * spec 3 QR state. `hasQrcode` false: no open QR (then qrcodeId is null, the
 * markup, payload and receiverName empty, amount and expireIn 0). `qrcode` is
 * SVG markup, `payload` the EMVCo text it encodes, `receiverName` the name of
 * the account it pays (the payload carries only its PromptPay id),
 * `expireIn` whole seconds left.
 */
export const QrState = v.object({
  qrcodeId: v.nullable(v.string()),
  hasQrcode: v.boolean(),
  qrcode: v.string(),
  payload: v.string(),
  receiverName: v.string(),
  amount: v.number(),
  expireIn: v.number(),
  message: v.string(),
});
export type QrState = v.InferOutput<typeof QrState>;

/** What a payment provider posts to POST /api/hooks/payments/{provider} (signed, see the server's payments module). */
export const PaymentWebhook = v.object({
  /** The provider's own transaction id: a payment is credited at most once per id. */
  transactionId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  qrcodeId: v.pipe(v.string(), v.regex(RECORD_ID)),
  amount: amountSchema(),
  paidAt: IsoDateTime,
});

/** A reported payment: credited to a wallet, waiting for an operator's review, or dismissed by one. */
export const PAYMENT_STATUSES = ['credited', 'review', 'dismissed'] as const;

/** What the webhook answers a provider: the payment's id and what became of it (a replay answers the first outcome). */
export const PaymentWebhookResponse = v.object({
  message: v.string(),
  paymentId: v.string(),
  status: v.picklist(PAYMENT_STATUSES),
});

/**
 * What Opn's webhook answers (POST /api/hooks/payments/opn) to an event it
 * took: a plain acknowledgement, the same whatever became of it (anyone can
 * post there, so no payment id or status). Opn needs only the HTTP status:
 * 2xx stops its retries; 503 (Opn could not be asked) and 429 make it send
 * the event again.
 */
export const OpnWebhookResponse = v.object({ message: v.literal('SUCCESS') });

// ---------------------------------------------------------------- the operator's payment review (not in spec 7)

/**
 * A payment a provider reported. `reason` says why it waits for review
 * (ABOVE_MAXIMUM, UNKNOWN_QR, OTHER_PROVIDER, CHARGE_QR, QR_NOT_OPEN, QR_EXPIRED, AMOUNT_MISMATCH);
 * `username` is the member it belongs to, null when no QR names one.
 */
export const Payment = v.object({
  id: v.string(),
  provider: v.string(),
  transactionId: v.string(),
  qrcodeId: v.nullable(v.string()),
  username: v.nullable(v.string()),
  amount: v.number(),
  status: v.picklist(PAYMENT_STATUSES),
  reason: v.nullable(v.string()),
  paidAt: IsoDateTime,
  receivedAt: IsoDateTime,
  resolvedAt: v.nullable(IsoDateTime),
});
export const PaymentsQuery = v.object({ status: v.optional(v.picklist(PAYMENT_STATUSES, 'KEY_INVALID'), 'review') });
export const PaymentsResponse = v.object({ payments: v.array(Payment) });
/** The member to credit (their phone) when the payment names none; must be the QR's member when it does. */
export const PaymentCreditRequest = v.object({ username: v.optional(v.pipe(v.string(), v.maxLength(20, 'KEY_INVALID'))) });
export const PaymentResponse = v.object({ message: v.string(), payment: Payment });

// ---------------------------------------------------------------- mobile-wallet link

/** The link, AES-encrypted by the client with the shared secret (obfuscation; TLS protects it: docs/decisions/0063-mobile-wallet-links-on-the-server.md). */
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

// ---------------------------------------------------------------- the operator's slip review (not in spec 7)

/**
 * A slip in the operator's queue: who sent it, the reference and sending
 * bank read from its QR ('' when none), a signed link to its image.
 */
export const OpsSlip = v.object({
  id: v.string(),
  username: v.string(),
  name: v.string(),
  reference: v.string(),
  sendingBank: v.string(),
  status: SlipStatus,
  note: v.union([v.picklist(SLIP_REASON_CODES), v.literal('')]),
  amount: v.number(),
  link: v.string(),
  createdAt: IsoDateTime,
  reviewedAt: v.nullable(IsoDateTime),
});
/** The console's slip queue is read this many at a time. */
export const OPS_SLIPS_PAGE_SIZE = 20;
/** How the slip queue may be ordered (GET /api/ops/slips?sort=). */
export const SLIP_SORTS = ['oldest', 'newest', 'largest'] as const;
export type SlipSort = (typeof SLIP_SORTS)[number];
export const OpsSlipsQuery = v.pipe(
  v.object({
    status: v.optional(v.picklist(SlipStatus.options, 'KEY_INVALID'), 'PENDING'),
    page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'KEY_INVALID'), v.transform(Number)), '1'),
    /** The oldest first by default, for every status: the queue is worked from its start. */
    sort: v.optional(v.picklist(SLIP_SORTS, 'KEY_INVALID')),
  }),
  // A slip has an amount only once approved (the operator reads it off the picture), so only approved slips can be the largest.
  v.check((query) => query.sort !== 'largest' || query.status === 'SUCCESS', 'KEY_INVALID'),
);
/** One page, in the order asked (the oldest first by default); `total` counts the slips of the status. */
export const OpsSlipsResponse = v.object({ slips: v.array(OpsSlip), total: v.number() });

/** Another slip that carries the same reference (a second upload of the same transfer, perhaps by another member). */
export const SlipSibling = v.object({
  id: v.string(),
  username: v.string(),
  status: SlipStatus,
  note: v.union([v.picklist(SLIP_REASON_CODES), v.literal('')]),
  createdAt: IsoDateTime,
});

/**
 * Why a slip the verifier read was not credited on its own
 * (docs/decisions/0137-slip-verification.md): the bank knows no such
 * transfer, its reference is not the QR's, the money did not go to one of
 * our deposit accounts by number and holder's name (or went through a
 * PromptPay proxy or QR, which a QR payment's webhook may credit too), it
 * did not come from the member's registered account and whole name (the
 * bank cut the name short, or another member's account fits the sender
 * too), the service saw the slip before, our ledger credited
 * the reference already, the transfer is outside the slip's time window,
 * it is not in baht, or it is above the approval threshold or past the
 * verifier's daily sum alone (0121).
 */
export const SLIP_VERIFY_PROBLEMS = [
  'NOT_FOUND',
  'REFERENCE_MISMATCH',
  'RECEIVER_NOT_OURS',
  'RECEIVER_NAME_MISMATCH',
  'PAID_TO_PROXY',
  'SENDER_ACCOUNT_MISMATCH',
  'SENDER_NAME_MISMATCH',
  'SENDER_NAME_PARTIAL',
  'SENDER_AMBIGUOUS',
  'DUPLICATE_AT_PROVIDER',
  'ALREADY_CREDITED',
  'OUTSIDE_TIME_WINDOW',
  'NOT_BAHT',
  'ABOVE_APPROVAL_THRESHOLD',
  /** With the verifier's credits of the last 24 hours, past operatorDailyAlone (0121's daily sum, the verifier's own). */
  'VERIFIER_DAILY_LIMIT',
] as const;
export type SlipVerifyProblem = (typeof SLIP_VERIFY_PROBLEMS)[number];

/** One side of the transfer as the bank recorded it (accounts masked by the bank). */
const VerifiedParty = v.object({ bank: v.string(), account: v.string(), name: v.string() });

/**
 * What the slip verifier found: CREDITED (every check passed; the bank's
 * amount was credited), REVIEW (the problems say why an operator decides),
 * UNAVAILABLE (the service did not answer: `error` says how; nothing was
 * concluded), FAILED (our side failed while checking or crediting, a
 * database error say: nothing was credited, whatever the service said).
 * `record` is the bank's, when it answered with one.
 */
export const SlipVerification = v.object({
  provider: v.string(),
  outcome: v.picklist(['CREDITED', 'REVIEW', 'UNAVAILABLE', 'FAILED']),
  checkedAt: IsoDateTime,
  problems: v.array(v.picklist(SLIP_VERIFY_PROBLEMS)),
  error: v.nullable(v.string()),
  record: v.nullable(
    v.object({ reference: v.string(), date: IsoDateTime, amount: v.number(), sender: VerifiedParty, receiver: VerifiedParty }),
  ),
});
export type SlipVerificationFindings = v.InferOutput<typeof SlipVerification>;

/**
 * What the operator checks before deciding one slip: the member's bank
 * account (the money should come from it: NOT_MATCH otherwise), other slips
 * with the same reference, a ledger credit the reference already has (a
 * manual deposit of the same transfer), an approval that waits for a second
 * operator, and how old a slip may be (bank QRs carry no date: the operator
 * reads it off the picture).
 */
export const OpsSlipDetailResponse = v.object({
  slip: OpsSlip,
  bank: v.nullable(
    v.object({ code: v.string(), name: v.string(), accountName: v.string(), accountNo: v.string() }),
  ),
  currency: v.picklist(['BAHT', 'LAK']),
  sameReference: v.array(SlipSibling),
  credited: v.nullable(v.object({ transferId: v.string(), amount: v.number(), createdAt: IsoDateTime })),
  waitingApprovalId: v.nullable(v.string()),
  maxAgeMinutes: v.number(),
  /** The slip verifier's findings; null when no verifier read this slip. */
  verification: v.nullable(SlipVerification),
});
export type OpsSlipDetail = v.InferOutput<typeof OpsSlipDetailResponse>;
/** Approving credits the slip's member this amount (major units), once per slip. */
export const SlipApproveRequest = v.object({ amount: amountSchema() });
export const SlipRejectRequest = v.object({ note: v.picklist(SLIP_REASON_CODES, 'KEY_INVALID') });
export const OpsSlipResponse = v.object({ message: v.string(), slip: OpsSlip });

/**
 * spec 7: the client encrypts the mobile-wallet link with crypto-js AES and
 * this fixed secret, which ships in the SPA: obfuscation against casual
 * logging, not protection (TLS protects the link; docs/decisions/0063-mobile-wallet-links-on-the-server.md).
 */
export const TRUELINK_SHARED_SECRET = 'wallet-app.truelink.v1';
