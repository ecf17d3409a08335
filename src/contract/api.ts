/**
 * Request and response bodies of spec section 7, as valibot schemas. The SPA's
 * API client validates answers with them and the server validates requests
 * with them, so the two sides cannot drift.
 *
 * Request schemas check shape and size only; rules that produce a specific
 * catalogue code (phone length, English names, ...) live in rules/ so the
 * server can answer with that code.
 */
import * as v from 'valibot';
import { Amount, amountSchema } from './money.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './rules/members.ts';
import { bankReference } from './rules/bank-reference.ts';
import { IsoDateTime } from './common.ts';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const requiredText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

// ---------------------------------------------------------------- lookups

const BankItem = v.object({ code: v.string(), nameTH: v.string(), nameEN: v.string() });
export const BanksResponse = v.object({ banks: v.array(BankItem) });

const SourceItem = v.object({ code: v.string(), description: v.string() });
export const SourcesResponse = v.object({ sources: v.array(SourceItem) });

export const RegisterOtpResponse = v.object({ registerOTP: v.boolean() });
export const InfoResponse = v.object({ info: v.object({ name: v.string(), website: v.string() }) });
export const ContactResponse = v.object({
  contact: v.object({
    contactText: v.string(),
    lineLink: v.string(),
    lineName: v.string(),
    lineQR: v.string(),
  }),
});
/** HTML strings; the SPA sanitises them before rendering. */
export const ConditionsResponse = v.object({ conditions: v.array(v.string()) });
export const AgreementsResponse = v.object({ agreements: v.array(v.string()) });
/** The operator's notice in the member's language: HTML as the agreements are; null for none. */
export const NoticeResponse = v.object({ notice: v.nullable(v.string()) });
/** `status: 'gone'` means the service is terminated (spec 2, route guard). */
export const ActiveResponse = v.object({ isActive: v.boolean(), status: v.picklist(['active', 'gone']) });
export const EnableChatWidgetResponse = v.object({ enableChatWidget: v.boolean() });

// ---------------------------------------------------------------- session

export const LoginRequest = v.object({
  username: requiredText(32),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
  /**
   * An operator's TOTP code (the second factor); members send none. Any
   * short text: the server answers every wrong code, malformed or not, as a
   * wrong password (WRONG_CREDENTIAL), so the answer never tells which part
   * was wrong.
   */
  otpCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(16))),
});
export const LoginResponse = v.object({ token: v.string() });

/** Plain acknowledgement: `{ message: 'SUCCESS' }` and the like. */
export const MessageResponse = v.object({ message: v.string() });

// ---------------------------------------------------------------- OTP

/**
 * The otpToken of a verified OTP challenge, the client's proof that it
 * verified the phone (docs/decisions/0072-registration-bound-to-verified-challenge.md):
 * optional, '' when the client has none. Tokens are base64url (43
 * characters as the server makes them).
 */
const VerifiedOtpToken = v.optional(v.pipe(v.string(), v.maxLength(200), v.regex(/^[\w-]*$/)), '');

/** `otpToken`: the verified challenge of this phone the client kept, so the server may answer OTP_VERIFIED. */
export const OtpSendRequest = v.object({ phoneNumber: requiredText(20), otpToken: VerifiedOtpToken });
/**
 * `code` is a status (SUCCESS, OTP_VERIFIED), never the OTP itself. With
 * OTP_VERIFIED, `otpToken` is the verified token the client presented.
 */
export const OtpSendResponse = v.object({ otpRef: v.string(), otpToken: v.string(), code: v.string() });
export const OtpVerifyRequest = v.object({
  otpToken: requiredText(200),
  otpCode: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'OTP_CODE_INVALID')),
});
export const OtpVerifyResponse = v.object({ code: v.string() });

// ---------------------------------------------------------------- account

/** spec 3: registration payload (plus otpToken: decision 0072), sent to /api/account/validate and /api/account. */
export const RegistrationRequest = v.object({
  name: requiredText(NAME_MAX_LENGTH),
  username: requiredText(20),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
  sourceCode: v.optional(text(50), ''),
  inviteCode: v.optional(text(40), ''),
  bankCode: v.optional(text(20), ''),
  bankAccountName: v.optional(text(NAME_MAX_LENGTH * 2 + 1), ''),
  bankAccountNo: v.optional(text(30), ''),
  currency: v.optional(v.union([v.literal(''), v.picklist(['LAK', 'BAHT'])]), ''),
  /** With registerOTP on, the verified challenge of this phone; /api/account uses it up. Ignored with OTP off. */
  otpToken: VerifiedOtpToken,
});
export type RegistrationRequest = v.InferOutput<typeof RegistrationRequest>;

export const BankAccount = v.object({
  bankCode: v.string(),
  bankAccountName: v.string(),
  bankAccountNo: v.string(),
  currency: v.string(),
  bank: v.object({ nameTH: v.string(), nameEN: v.string() }),
});

export const Profile = v.object({
  _id: v.string(),
  username: v.string(),
  name: v.string(),
  createdAt: IsoDateTime,
  coin: v.number(),
  role: v.picklist(['member', 'operator']),
});

export const ProfileResponse = v.object({ profile: Profile, bankAccount: v.nullable(BankAccount) });

export const ProfileUpdateRequest = v.object({
  name: requiredText(NAME_MAX_LENGTH),
  bankCode: v.optional(text(20)),
  bankAccountName: v.optional(text(NAME_MAX_LENGTH * 2 + 1)),
  bankAccountNo: v.optional(text(30)),
});

export const BankAccountNameRequest = v.object({
  bankCode: requiredText(20),
  bankAccountName: requiredText(NAME_MAX_LENGTH * 2 + 1),
});
export const BankAccountNameResponse = v.object({ bankAccount: BankAccount });

export const ChangePasswordRequest = v.object({
  oldPassword: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
  newPassword: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH)),
});

// The server's record-id check reads it here; it lives in common.ts, the contract's ground floor.
export { RECORD_ID } from './common.ts';

// ---------------------------------------------------------------- wallet and games (spec 3, 7)

/** The account name money moves from or to: the member's wallet or a game's code. */
export const WALLET = 'WALLET';
export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** A game code as it appears in paths and transfer bodies. */
export const GameCode = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'NO_GAME'));
export const AccountName = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'KEY_INVALID'));

/** A member's game account (spec 3). Amounts in the wallet's currency, major units. */
export const GameAccountItem = v.object({
  code: v.string(),
  name: v.string(),
  category: v.picklist(GAME_CATEGORIES),
  isActive: v.boolean(),
  amount: v.number(),
  /** Game credits per unit of the wallet's currency: the card shows amount × ftWalletSlot. */
  ftWalletSlot: v.number(),
  logo: v.string(),
  background: v.string(),
  web: v.nullable(v.string()),
  android: v.nullable(v.string()),
  ios: v.nullable(v.string()),
});
export type GameAccountItem = v.InferOutput<typeof GameAccountItem>;

export const WalletResponse = v.object({
  profile: Profile,
  bankAccount: v.nullable(BankAccount),
  /** Available balance: funds held for a pending withdrawal are not in it. */
  wallet: v.object({ amount: v.number() }),
  invite: v.object({ amount: v.number(), success: v.number(), fail: v.number() }),
  slots: v.array(GameAccountItem),
  /** When the balances were read (the home's "last update"). */
  updatedAt: IsoDateTime,
});
export type WalletResponse = v.InferOutput<typeof WalletResponse>;

export const GameAccountResponse = v.object({ slot: GameAccountItem });

/**
 * How a member enters a game (spec 2, game account modal): a web link, app
 * links, a login form posted to the provider, or a link carrying the
 * credentials in its query.
 */
export const GameEntry = v.variant('kind', [
  v.object({ kind: v.literal('link'), url: v.string() }),
  v.object({ kind: v.literal('apps'), android: v.nullable(v.string()), ios: v.nullable(v.string()) }),
  v.object({ kind: v.literal('form'), action: v.string(), fields: v.record(v.string(), v.string()) }),
]);
export type GameEntry = v.InferOutput<typeof GameEntry>;

export const GameCredentialsResponse = v.object({
  code: v.string(),
  /** The provider name used in /api/autoLogin/{provider}/... */
  provider: v.string(),
  username: v.string(),
  password: v.string(),
  /** One provider's login page also needs form-state fields (spec 3). */
  event: v.nullable(v.record(v.string(), v.string())),
});

export const AutoLoginResponse = v.object({ entry: GameEntry });

/** spec 8: TRANSFER_MINIMUM means "above 0"; the configured minimum (default 1) is checked by the server. */
export const TransferRequest = v.object({ from: AccountName, to: AccountName, amount: amountSchema('TRANSFER_MINIMUM') });
export const TransferAllRequest = v.object({ to: GameCode });
export const WithdrawRequest = v.object({ amount: Amount });

/** Answer of every wallet movement: the new available wallet balance and the moved amount. */
export const MoneyMovedResponse = v.object({
  message: v.string(),
  amount: v.number(),
  wallet: v.object({ amount: v.number() }),
  /** The transfer's id in the ledger (the statement shows it). */
  transferId: v.string(),
});

/**
 * What the caller's Idempotency-Key holds (GET /api/idempotency/:key): the
 * answer stored with it (its HTTP status and body: a movement's answer, or a
 * refusal's `{ message }`), or `seen: false` when the server has no answer
 * under that key for this member (never sent, still running, or another
 * member's key). docs/decisions/0145-a-flaky-network.md
 */
export const KeyOutcomeResponse = v.variant('seen', [
  v.object({ seen: v.literal(false) }),
  v.object({ seen: v.literal(true), statusCode: v.number(), answer: v.unknown() }),
]);

export const WithdrawLimitsResponse = v.object({ withdrawMin: v.number(), withdrawMax: v.number() });


// ---------------------------------------------------------------- statement

export const StatementItem = v.object({
  _id: v.string(),
  /** spec 4: compared case-insensitively; any other value is shown as unknown. */
  statementType: v.string(),
  /** WALLET, a game code, or where money came from or went (DEPOSIT, the bank code). */
  from: v.string(),
  to: v.string(),
  /** Always positive; the page adds the sign by type. */
  amount: v.number(),
  /** SUCCESS, FAILED, or anything else for in progress. */
  status: v.string(),
  createdAt: IsoDateTime,
  /**
   * spec 3: the linked record a row belongs to, with its description: a bonus or a promotion received
   * or finished (its HTML), an invite bonus collected, a loss refund received, a wheel prize claimed
   * (luckydraw). Those three are `bonus` rows: money given to the member.
   */
  bonus: v.optional(v.object({ description: v.string() })),
  promotion: v.optional(v.object({ description: v.string() })),
  invite: v.optional(v.object({ description: v.string() })),
  refund: v.optional(v.object({ description: v.string() })),
  luckydraw: v.optional(v.object({ description: v.string() })),
});
export type StatementItem = v.InferOutput<typeof StatementItem>;
export const StatementResponse = v.object({ statements: v.array(StatementItem), total: v.number() });

// ---------------------------------------------------------------- operator

/** What an operator may do; every operator route names the roles it accepts, and admin holds them all. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'marketing'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A member's standing: only an active member can log in. */
export const MEMBER_STATUSES = ['active', 'suspended', 'closed'] as const;

export const MemberStatusRequest = v.object({ status: v.picklist(MEMBER_STATUSES, 'KEY_INVALID') });
export const MemberStatusResponse = v.object({
  message: v.string(),
  member: v.object({ username: v.string(), name: v.string(), status: v.picklist(MEMBER_STATUSES) }),
});

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;

export const Withdrawal = v.object({
  id: v.string(),
  username: v.string(),
  name: v.string(),
  amount: v.number(),
  status: v.picklist(WITHDRAWAL_STATUSES),
  bankAccount: v.nullable(BankAccount),
  createdAt: IsoDateTime,
  resolvedAt: v.nullable(IsoDateTime),
  /** The bank's reference of the transfer that paid it, when the operator gave one (docs/decisions/0127-payouts-console.md). */
  reference: v.nullable(v.string()),
  /** A pending payout request waiting for a second operator (docs/decisions/0121-dual-control.md). */
  approvalId: v.nullable(v.string()),
});
/** One page of the queue (ops.ts WithdrawalsQuery) and how many match in all. */
export const WithdrawalsResponse = v.object({ withdrawals: v.array(Withdrawal), total: v.number() });
export const WithdrawalResponse = v.object({ withdrawal: Withdrawal });

export const DepositRequest = v.object({
  username: requiredText(20),
  amount: Amount,
  /** The payment's reference at the bank, in one form (rules/money.ts bankReference); a deposit is credited once per reference. */
  reference: v.pipe(requiredText(100), v.transform(bankReference), v.minLength(1)),
});
export const DepositResponse = v.object({
  message: v.string(),
  username: v.string(),
  amount: v.number(),
  reference: v.string(),
  transferId: v.string(),
});
