/**
 * The database, described once for drizzle. Migrations under ./drizzle are
 * generated from this file (`npm run db:generate`) and committed.
 *
 * Times are written by the app from its clock (not `now()`), so tests can move
 * time. Unique constraints back the EXISTING_USER and EXISTING_BANK answers.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { MEMBER_STATUSES, OPERATOR_ROLES } from '../../contract/api.ts';
import type { Localized } from '../language.ts';
import type { SlipVerificationFindings } from '../../contract/deposit.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

// ---------------------------------------------------------------- lookups (operator-editable)

export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** An inactive bank stays on existing accounts but is not offered to new members. */
  active: boolean('active').notNull().default(true),
});

export const sources = pgTable('sources', {
  code: text('code').primaryKey(),
  description: jsonb('description').$type<Localized>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Scalar settings (registerOTP, info, contact, ...); their shapes are in repositories/settings.ts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ---------------------------------------------------------------- members

export const CURRENCIES = ['BAHT', 'LAK'] as const;
/**
 * Members. Operators are not members: they have their own table
 * (`operators`), and a phone belongs to at most one of the two (a trigger,
 * migration 0005), so no member gains a role through configuration.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The username members log in with. */
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Only an active member can log in or use a session; an operator suspends (reversible) or closes an account. */
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
    /** Prize-wheel coins: a count, not money. */
    coin: integer('coin').notNull().default(0),
    /** Bets (minor units) not yet worth a coin: the coin rule's remainder (docs/decisions/0103-coins-from-play.md). */
    coinProgress: bigint('coin_progress', { mode: 'bigint' }).notNull().default(sql`0`),
    sourceCode: text('source_code').references(() => sources.code),
    invitedBy: integer('invited_by').references((): AnyPgColumn => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('users_phone_unique').on(t.phone),
    check('users_status_check', sql`${t.status} in ('active', 'suspended', 'closed')`),
    check('users_coin_check', sql`${t.coin} >= 0 and ${t.coinProgress} >= 0`),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
);

/** One bank account per member; withdrawals will go to it. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankCode: text('bank_code')
      .notNull()
      .references(() => banks.code),
    /** Upper case, single spaces: "FIRST LAST". */
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('bank_accounts_user_unique').on(t.userId),
    unique('bank_accounts_number_unique').on(t.bankCode, t.accountNo),
    check('bank_accounts_currency_check', sql`${t.currency} in ('BAHT', 'LAK')`),
  ],
);

// ---------------------------------------------------------------- sign-in

/** Login tokens, stored only as sha256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** When a request last came with it, to the minute or so (repositories/sessions.ts SESSION_USE_NOTED_EVERY_MS); null until then. */
    lastUsedAt: at('last_used_at'),
  },
  (t) => [unique('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- operators

/**
 * The people behind the back office, each a named account with a role, a
 * password and a TOTP second factor (RFC 6238). `npm run ops:add` creates
 * them; the bootstrap admin comes from OPERATOR_PHONE/OPERATOR_PASSWORD.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret; null only for the demo bootstrap admin, which logs in without one. */
    totpSecret: text('totp_secret'),
    /** The time step of the last accepted TOTP code: a code opens one session, once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The admin made from OPERATOR_PHONE/OPERATOR_PASSWORD: its password follows the variable. */
    bootstrap: boolean('bootstrap').notNull().default(false),
    createdAt: at('created_at').notNull(),
    /** A disabled operator cannot log in and has no live session. */
    disabledAt: at('disabled_at'),
  },
  (t) => [
    unique('operators_phone_unique').on(t.phone),
    check('operators_role_check', sql`${t.role} in ('admin', 'finance', 'support', 'marketing')`),
  ],
);

/** Operator login tokens, stored only as sha256 hashes; shorter-lived than members' (policy.ts). */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [unique('operator_sessions_token_hash_unique').on(t.tokenHash), index('operator_sessions_operator_idx').on(t.operatorId)],
);

// ---------------------------------------------------------------- limits

/**
 * Fixed-window counters of the rate limits (src/server/limits) when no
 * Redis is configured: one row per key and window, counted with an
 * upsert, so every instance on this database sees the same counts.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_expires_idx').on(t.expiresAt)],
);

/**
 * Failures that slow the next attempt (exponential delay), e.g. wrong
 * passwords for one phone: an attempt is allowed only after
 * `blocked_until`; success deletes the row.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    blockedUntil: at('blocked_until').notNull(),
    lastFailureAt: at('last_failure_at').notNull(),
  },
  (t) => [index('throttles_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * The client addresses (limits.ts `clientOf`: an IPv4 address or an IPv6
 * /64) a phone's owner logged in from with the right password, member or
 * operator: from these, the account-wide slow-down of wrong passwords from
 * many addresses never holds the owner up (auth/login.ts). Forgotten after
 * KNOWN_ADDRESS_LIFETIME_MS without a login.
 */
export const knownLoginAddresses = pgTable(
  'known_login_addresses',
  {
    phone: text('phone').notNull(),
    client: text('client').notNull(),
    lastLoginAt: at('last_login_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.client] }), index('known_login_addresses_last_idx').on(t.lastLoginAt)],
);

/**
 * The last run of each background job (jobs.ts, docs/decisions/0150-jobs-once-across-processes.md),
 * written as the run ends while its runner still holds the job's lock: a
 * process whose tick finds a run started in the same interval skips it.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: at('started_at').notNull(),
  finishedAt: at('finished_at').notNull(),
  failed: boolean('failed').notNull(),
});

/**
 * One row per OTP sent. The rows are also the send counts for rate limits
 * and, once verified, the proof a phone may register.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    phone: text('phone').notNull(),
    /** Short reference shown next to the code input; not secret. */
    ref: text('ref').notNull(),
    /** HMAC-SHA256 of the code keyed with the token; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    clientIp: text('client_ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    verifiedAt: at('verified_at'),
    /** Set when a registration used this verification. */
    consumedAt: at('consumed_at'),
  },
  (t) => [
    unique('otp_challenges_token_hash_unique').on(t.tokenHash),
    index('otp_challenges_phone_idx').on(t.phone, t.createdAt),
    index('otp_challenges_client_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

// ---------------------------------------------------------------- games

export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
/**
 * How the built-in reference provider lets a member in (spec 2, game account
 * modal): a link with a one-time token, app links carrying that token, a
 * login form posted to the game, or a link with the credentials in its query.
 * Adapters for outside providers decide their entry themselves.
 */
export const GAME_ENTRY_STYLES = ['token_link', 'app_links', 'login_form', 'credentials_link'] as const;

/** The games members can open an account in; one provider adapter serves each. */
export const games = pgTable(
  'games',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    category: text('category', { enum: GAME_CATEGORIES }).notNull(),
    /** The provider adapter's name (`reference` is the one built in). */
    provider: text('provider').notNull(),
    /** Game credits per unit of the wallet's currency. */
    ftWalletSlot: integer('ft_wallet_slot').notNull().default(1),
    logo: text('logo').notNull(),
    background: text('background').notNull(),
    web: text('web'),
    android: text('android'),
    ios: text('ios'),
    entry: text('entry', { enum: GAME_ENTRY_STYLES }).notNull().default('token_link'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Members may open, enter and fund it: the provider offers it and no operator switched it off. */
    active: boolean('active').notNull().default(true),
    /** An operator switched the game off (PUT /api/ops/games/{code} with `active: false`); a provider's sync never switches it back on. */
    operatorOff: boolean('operator_off').notNull().default(false),
    /** Whether the provider's own list offers the game (an aggregator's games sync); the built-in games are always offered. */
    providerEnabled: boolean('provider_enabled').notNull().default(true),
  },
  (t) => [
    check('games_category_check', sql`${t.category} in ('slot', 'sport', 'lotto')`),
    check('games_ft_wallet_slot_check', sql`${t.ftWalletSlot} > 0`),
    check('games_entry_check', sql`${t.entry} in ('token_link', 'app_links', 'login_form', 'credentials_link')`),
  ],
);

/** A member's account at a game's provider: the credentials the game modal shows. */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    gameCode: text('game_code')
      .notNull()
      .references(() => games.code),
    username: text('username').notNull(),
    /**
     * The provider's password for this account. Members read it back in the
     * game modal, so it is stored as the provider issued it; it opens only
     * the game, never the wallet.
     */
    password: text('password').notNull(),
    /** Form-state fields one provider's login form needs besides the credentials (spec 3); null for the others. */
    event: jsonb('event').$type<Record<string, string>>(),
    createdAt: at('created_at').notNull(),
    passwordChangedAt: at('password_changed_at').notNull(),
  },
  (t) => [unique('game_accounts_user_game_unique').on(t.userId, t.gameCode), unique('game_accounts_username_unique').on(t.gameCode, t.username)],
);

// ---------------------------------------------------------------- ledger

/**
 * Accounts of the double-entry ledger (TigerBeetle's model). Every amount is
 * in minor units. A transfer adds to the debit side of one account and the
 * credit side of another, so over all accounts debits equal credits, posted
 * and pending alike: money is neither made nor lost, only moved.
 *
 * A member's balance is credits_posted − debits_posted; what they can spend is
 * that minus debits_pending (money held for a withdrawal). Member accounts set
 * `no_overdraft` and the database refuses any update that would let their
 * debits exceed their credits.
 */
export const LEDGER_ACCOUNT_KINDS = ['wallet', 'game', 'system'] as const;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A stable name: `wallet:{userId}`, `game:{userId}:{gameCode}`, `system:deposits`, ... */
    code: text('code').notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: integer('user_id').references(() => users.id),
    gameCode: text('game_code').references(() => games.code),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    noOverdraft: boolean('no_overdraft').notNull(),
    debitsPending: bigint('debits_pending', { mode: 'bigint' }).notNull().default(sql`0`),
    debitsPosted: bigint('debits_posted', { mode: 'bigint' }).notNull().default(sql`0`),
    creditsPending: bigint('credits_pending', { mode: 'bigint' }).notNull().default(sql`0`),
    creditsPosted: bigint('credits_posted', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('ledger_accounts_code_unique').on(t.code),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('wallet', 'game', 'system')`),
    check('ledger_accounts_member_check', sql`(${t.kind} = 'system') = (${t.userId} is null)`),
    check(
      'ledger_accounts_amounts_check',
      sql`${t.debitsPending} >= 0 and ${t.debitsPosted} >= 0 and ${t.creditsPending} >= 0 and ${t.creditsPosted} >= 0`,
    ),
    check('ledger_accounts_no_overdraft_check', sql`not ${t.noOverdraft} or ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`),
    index('ledger_accounts_user_idx').on(t.userId),
  ],
);

/**
 * What a transfer row does (TigerBeetle's flags):
 * - posted: moves `amount` at once;
 * - pending: holds `amount` (a withdrawal waiting for the payout);
 * - post_pending / void_pending: resolves the pending transfer `pending_id`,
 *   moving the held amount or returning it. A pending transfer is resolved at
 *   most once (unique pending_id).
 */
export const TRANSFER_PHASES = ['posted', 'pending', 'post_pending', 'void_pending'] as const;
/** What the movement was for; the statement shows it as statementType. */
export const TRANSFER_KINDS = ['deposit', 'withdraw', 'transfer', 'bet', 'win', 'rollback', 'bonus', 'finish_bonus', 'refund', 'correction', 'invite', 'prize'] as const;

/** Transfers are only ever inserted: never updated, never deleted. A correction is a new transfer. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    phase: text('phase', { enum: TRANSFER_PHASES }).notNull(),
    pendingId: bigint('pending_id', { mode: 'number' }).references((): AnyPgColumn => ledgerTransfers.id),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    /** The outside thing it belongs to: a deposit's bank reference, a game round, a withdrawal. */
    reference: text('reference'),
    /** Unique over all transfers: writing the same movement twice fails instead of moving money twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('ledger_transfers_idempotency_key_unique').on(t.idempotencyKey),
    unique('ledger_transfers_pending_id_unique').on(t.pendingId),
    check('ledger_transfers_amount_check', sql`${t.amount} > 0`),
    check('ledger_transfers_accounts_check', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check(
      'ledger_transfers_phase_check',
      sql`${t.phase} in ('posted', 'pending', 'post_pending', 'void_pending') and (${t.pendingId} is null) = (${t.phase} in ('posted', 'pending'))`,
    ),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
  ],
);

/**
 * A member's payout request: the pending transfer that holds the money, and
 * the transfer that resolved it once an operator paid or rejected it.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    pendingTransferId: bigint('pending_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    resolvingTransferId: bigint('resolving_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** Where the money goes, as registered when the member asked. */
    bankCode: text('bank_code').notNull(),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    createdAt: at('created_at').notNull(),
    resolvedAt: at('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => operators.id),
  },
  (t) => [unique('withdrawals_pending_transfer_unique').on(t.pendingTransferId), index('withdrawals_user_idx').on(t.userId)],
);

/**
 * Money no single operator moves alone (docs/decisions/0121-dual-control.md):
 * an operator's call above the approvalThreshold setting, kept with what
 * it asked until a second operator approves (then it runs, in the same
 * transaction as the row's decision) or someone rejects it; superseded when
 * its subject is settled otherwise. At most one pending request per action
 * and subject.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** deposit.manual, payment.credit, slip.approved, withdrawal.paid, adjustment (contract/ops.ts APPROVAL_ACTIONS). */
    action: text('action').notNull(),
    /** What it acts on: the bank reference, the payment's, slip's or withdrawal's id. */
    subject: text('subject').notNull(),
    /** The member it credits or pays, when known. */
    userId: integer('user_id').references(() => users.id),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** What the call asked, to run it on approval (a manual deposit's phone, amount and reference; a credit's member). */
    request: jsonb('request').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'superseded'] }).notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => operators.id),
    requestedAt: at('requested_at').notNull(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: at('decided_at'),
  },
  (t) => [
    check('approvals_action_check', sql`${t.action} in ('deposit.manual', 'payment.credit', 'slip.approved', 'withdrawal.paid', 'adjustment')`),
    check('approvals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'superseded') and (${t.decidedAt} is null) = (${t.status} = 'pending')`),
    check('approvals_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('approvals_one_pending_idx').on(t.action, t.subject).where(sql`${t.status} = 'pending'`),
    index('approvals_status_idx').on(t.status, t.id),
  ],
);

/**
 * What each operator moved alone (without a second operator's approval):
 * the daily sum per currency is bounded too, so a large amount cannot pass
 * as many small ones (docs/decisions/0121-dual-control.md). Written in the
 * movement's transaction.
 */
export const operatorMovements = pgTable(
  'operator_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('operator_movements_operator_idx').on(t.operatorId, t.currency, t.createdAt)],
);

/**
 * The offers (docs/decisions/0095-bonuses-on-the-ledger.md): bonuses every
 * member sees in the list, and promotions found by their code. Amounts are
 * minor units of the offer's currency; HTML is stored as written and
 * sanitised by the SPA. An offer is never deleted (receipts point at it);
 * an operator pauses it.
 */
/** spec 3: a bonus counts its receipts over all time (limit), per day or per week. */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export const BONUS_KINDS = ['bonus', 'promotion'] as const;
export const BONUS_STATUSES = ['active', 'paused'] as const;
export const GRANT_KINDS = ['percent', 'fixed'] as const;
export const bonuses = pgTable(
  'bonuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Uppercase; a member types a promotion's. */
    code: text('code').notNull(),
    kind: text('kind', { enum: BONUS_KINDS }).notNull(),
    bonusType: text('bonus_type', { enum: BONUS_TYPES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Receipts per member in the type's period. */
    maxReceived: integer('max_received').notNull(),
    /** Percent of the bonus forfeited by cancelling before the turnover is met. */
    percentFail: integer('percent_fail').notNull(),
    /** Each banner's HTML per language, as the member's language picks it. */
    banners: jsonb('banners').$type<{ image: string; html: Localized }[]>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    grantKind: text('grant_kind', { enum: GRANT_KINDS }).notNull(),
    /** percent: the share of the qualifying deposit, up to grant_cap, for a deposit of at least min_deposit. */
    grantPercent: integer('grant_percent'),
    grantCap: bigint('grant_cap', { mode: 'bigint' }),
    minDeposit: bigint('min_deposit', { mode: 'bigint' }),
    /** fixed: the amount credited. */
    grantAmount: bigint('grant_amount', { mode: 'bigint' }),
    turnoverMultiplier: integer('turnover_multiplier').notNull(),
    /** The most a member withdraws when it finishes; the rest goes back to the bonus account. Null: no cap. */
    withdrawCap: bigint('withdraw_cap', { mode: 'bigint' }),
    /** Wallet + games below this ends the bonus by itself. */
    endThreshold: bigint('end_threshold', { mode: 'bigint' }).notNull(),
    /** Receipts by all members together; null: no quota. */
    quota: integer('quota'),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    status: text('status', { enum: BONUS_STATUSES }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    unique('bonuses_code_unique').on(t.code),
    check('bonuses_kind_check', sql`${t.kind} in ('bonus', 'promotion')`),
    check('bonuses_type_check', sql`${t.bonusType} in ('limit', 'day', 'week')`),
    check('bonuses_status_check', sql`${t.status} in ('active', 'paused')`),
    check('bonuses_currency_check', sql`${t.currency} in ('BAHT', 'LAK')`),
    check('bonuses_counts_check', sql`${t.maxReceived} >= 1 and ${t.percentFail} between 0 and 100 and ${t.turnoverMultiplier} >= 1 and (${t.quota} is null or ${t.quota} >= 1)`),
    check(
      'bonuses_grant_check',
      sql`(${t.grantKind} = 'percent' and ${t.grantPercent} > 0 and ${t.grantCap} > 0 and ${t.minDeposit} >= 0 and ${t.grantAmount} is null)
        or (${t.grantKind} = 'fixed' and ${t.grantAmount} > 0 and ${t.grantPercent} is null and ${t.grantCap} is null and ${t.minDeposit} is null)`,
    ),
    check('bonuses_amounts_check', sql`${t.endThreshold} >= 0 and (${t.withdrawCap} is null or ${t.withdrawCap} > 0)`),
    check('bonuses_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * The bonuses a member received (spec 3 userBonus): one row per receipt,
 * at most one active per member. The grant is a ledger transfer from the
 * bonus account; bets after it count towards the turnover target. It ends
 * finished (the target met and withdrawn, or wallet and games below the end
 * threshold) or cancelled (given up, forfeiting part of it); end_transfer
 * is the money that went back, when some did.
 */
export const MEMBER_BONUS_STATUSES = ['active', 'finished', 'cancelled'] as const;
export const BONUS_END_REASONS = ['withdrawn', 'threshold', 'cancelled'] as const;
export const memberBonuses = pgTable(
  'member_bonuses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id),
    bonusCode: text('bonus_code').notNull(),
    bonusType: text('bonus_type', { enum: BONUS_TYPES }).notNull(),
    status: text('status', { enum: MEMBER_BONUS_STATUSES }).notNull(),
    /** The qualifying deposit (0 for a fixed grant) and the bonus credited, minor units. */
    depositAmount: bigint('deposit_amount', { mode: 'bigint' }).notNull(),
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }).notNull(),
    /** What the member held (wallet and games) just before the bonus: their own money, which no cap touches. */
    ownAtGrant: bigint('own_at_grant', { mode: 'bigint' }).notNull(),
    /** multiplier × (deposit + bonus): bets to place before a withdrawal. */
    turnoverTarget: bigint('turnover_target', { mode: 'bigint' }).notNull(),
    /** The deposit that qualified: a deposit qualifies once. */
    depositTransferId: bigint('deposit_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    grantTransferId: bigint('grant_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    activatedAt: at('activated_at').notNull(),
    endedAt: at('ended_at'),
    endReason: text('end_reason', { enum: BONUS_END_REASONS }),
    /** What went back to the bonus account when it ended (a finish_bonus transfer), if anything did. */
    endTransferId: bigint('end_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
  },
  (t) => [
    check('member_bonuses_status_check', sql`${t.status} in ('active', 'finished', 'cancelled')`),
    check('member_bonuses_type_check', sql`${t.bonusType} in ('limit', 'day', 'week')`),
    check('member_bonuses_ended_check', sql`(${t.status} = 'active') = (${t.endedAt} is null) and (${t.endedAt} is null) = (${t.endReason} is null)`),
    check('member_bonuses_amounts_check', sql`${t.depositAmount} >= 0 and ${t.bonusAmount} > 0 and ${t.turnoverTarget} > 0`),
    uniqueIndex('member_bonuses_one_active_idx').on(t.userId).where(sql`${t.status} = 'active'`),
    unique('member_bonuses_deposit_unique').on(t.depositTransferId),
    unique('member_bonuses_grant_unique').on(t.grantTransferId),
    unique('member_bonuses_end_unique').on(t.endTransferId),
    index('member_bonuses_bonus_idx').on(t.bonusId, t.activatedAt),
    index('member_bonuses_user_idx').on(t.userId, t.bonusId),
  ],
);

// ---------------------------------------------------------------- rewards (spec 3; decisions 0098 to 0103)

export const INVITE_STATUSES = ['waiting', 'success', 'fail', 'collected'] as const;
/**
 * An invite (docs/decisions/0098-invite-bonus.md): one row per invitee
 * (users.invited_by), made when they register. It waits until the
 * invitee's first deposit and turnover decide it inside the window
 * (success, with what it earns) or the window closes first (fail); a
 * success is collected once, by the inviter's ledger transfer.
 */
export const invites = pgTable(
  'invites',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: INVITE_STATUSES }).notNull(),
    /** The invitee's first deposit, once there is one. */
    depositTransferId: bigint('deposit_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** What the invite earns, minor units in the inviter's currency: set when it succeeds. */
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Why a fail earns nothing: window, same_bank, same_name (the inviter's holder name), cycle, currency, deposit (below the minimum), nothing (rounds to 0). */
    reason: text('reason'),
    collectTransferId: bigint('collect_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
    collectedAt: at('collected_at'),
  },
  (t) => [
    unique('invites_invitee_unique').on(t.inviteeId),
    check('invites_status_check', sql`${t.status} in ('waiting', 'success', 'fail', 'collected')`),
    check('invites_amount_check', sql`${t.amount} >= 0 and (${t.status} not in ('success', 'collected') or ${t.amount} > 0)`),
    check('invites_collected_check', sql`(${t.status} = 'collected') = (${t.collectTransferId} is not null)`),
    check('invites_self_check', sql`${t.inviterId} <> ${t.inviteeId}`),
    index('invites_inviter_idx').on(t.inviterId, t.id),
  ],
);

/**
 * The loss refund of one closed period (docs/decisions/0099-loss-refund.md):
 * computed once per member and period (the unique pair), from the ledger's
 * bets, wins and rollbacks in it; amount 0 when the member did not lose. A
 * refund is received by a ledger transfer from the refund account, which
 * may carry several periods at once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    /** Bets − wins − rollbacks in the period, minor units (negative: the member won). */
    loss: bigint('loss', { mode: 'bigint' }).notNull(),
    percent: integer('percent').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: at('created_at').notNull(),
    receivedAt: at('received_at'),
  },
  (t) => [
    unique('refunds_user_period_unique').on(t.userId, t.periodStart),
    check('refunds_amount_check', sql`${t.amount} >= 0 and ${t.percent} between 0 and 100 and ${t.periodStart} < ${t.periodEnd}`),
    check('refunds_received_check', sql`(${t.transferId} is null) = (${t.receivedAt} is null) and (${t.transferId} is null or ${t.amount} > 0)`),
    index('refunds_user_idx').on(t.userId, t.periodStart),
  ],
);

/** A slice as stored: its texts per language, its weight and prize (contract/rewards.ts OpsSlice, amounts minor units as strings). */
export interface StoredSlice {
  code: string;
  label: Localized;
  bgColor: string;
  textColor: string;
  htmlDescription: Localized;
  weight: number;
  prize: { type: 'none' } | { type: 'credit'; amount: Record<'BAHT' | 'LAK', string>; expiryDays: number } | { type: 'item'; name: Localized; expiryDays: number };
}

/**
 * Prize wheels (docs/decisions/0100-prize-wheel.md): an operator's slices,
 * weights and prizes; at most one active. A change writes a new row, so a
 * spin keeps pointing at the wheel it was drawn on.
 */
export const wheels = pgTable(
  'wheels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: jsonb('name').$type<Localized>().notNull(),
    slices: jsonb('slices').$type<StoredSlice[]>().notNull(),
    active: boolean('active').notNull(),
    createdAt: at('created_at').notNull(),
    createdBy: integer('created_by').references(() => operators.id),
    /** Set when a newer wheel replaced it. */
    replacedAt: at('replaced_at'),
  },
  (t) => [uniqueIndex('wheels_one_current_idx').on(sql`(true)`).where(sql`${t.replacedAt} is null`)],
);

/**
 * A member's server seeds: the current one (not revealed) commits by its
 * hash; rotating reveals it and starts the next at nonce 0.
 */
export const wheelSeeds = pgTable(
  'wheel_seeds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next spin on this seed uses. */
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: at('created_at').notNull(),
    revealedAt: at('revealed_at'),
  },
  (t) => [
    uniqueIndex('wheel_seeds_one_current_idx').on(t.userId).where(sql`${t.revealedAt} is null`),
    unique('wheel_seeds_hash_unique').on(t.seedHash),
    check('wheel_seeds_nonce_check', sql`${t.nextNonce} >= 0`),
  ],
);

/** Every spin: the coin it spent, the seed and nonce it was drawn with, the weights it used and where it landed. */
export const wheelSpins = pgTable(
  'wheel_spins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    wheelId: integer('wheel_id')
      .notNull()
      .references(() => wheels.id),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => wheelSeeds.id),
    nonce: integer('nonce').notNull(),
    clientSeed: text('client_seed').notNull(),
    sliceIndex: integer('slice_index').notNull(),
    sliceCode: text('slice_code').notNull(),
    /** The weights in wheel order as drawn, so the spin recomputes after the wheel changes. */
    weights: jsonb('weights').$type<{ code: string; weight: number }[]>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('wheel_spins_seed_nonce_unique').on(t.seedId, t.nonce), index('wheel_spins_user_idx').on(t.userId, t.id)],
);

export const COUPON_TYPES = ['credit', 'item'] as const;
/** A prize a spin won, claimed once: credit by a ledger transfer from the prize account, an item by support. */
export const coupons = pgTable(
  'coupons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    spinId: bigint('spin_id', { mode: 'number' })
      .notNull()
      .references(() => wheelSpins.id),
    sliceCode: text('slice_code').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    /** credit: minor units in the member's currency; item: 0. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    claimedAt: at('claimed_at'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
  },
  (t) => [
    unique('coupons_spin_unique').on(t.spinId),
    unique('coupons_transfer_unique').on(t.transferId),
    check('coupons_type_check', sql`${t.type} in ('credit', 'item')`),
    check('coupons_amount_check', sql`(${t.type} = 'credit' and ${t.amount} > 0) or (${t.type} = 'item' and ${t.amount} = 0)`),
    check('coupons_claimed_check', sql`${t.transferId} is null or ${t.claimedAt} is not null`),
    index('coupons_user_idx').on(t.userId, t.id),
  ],
);

/**
 * The audit trail (docs/decisions/0123-audit-trail.md): every operator action — who, when, what,
 * on what (and for which member), the state before and after. Rows are only ever inserted: a
 * trigger refuses UPDATE and DELETE, as for ledger transfers.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** e.g. bonus.create, settings.agreements, withdrawal.paid, adjustment, member.status (repositories/audit.ts AuditAction). */
    action: text('action').notNull(),
    /** What it acted on: a bonus code, a setting key, a withdrawal's id, an adjustment's key. */
    subject: text('subject').notNull(),
    /** The member it concerned, when one. */
    userId: integer('user_id').references(() => users.id),
    /** The state before (null for a creation or when nothing stood before). */
    before: jsonb('before'),
    /** The state after, or what was written. */
    after: jsonb('after'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt),
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * The answers of money-moving calls by Idempotency-Key, so a retried call
 * returns the first answer. The row is written in the same transaction as
 * the movement: either both exist or neither.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Sessions of the reference provider's game pages. An entry link carries a
 * one-time token (stored as its sha256) that is good for a short while; using
 * it starts the session, whose own token lives in a cookie of the game page.
 * A login form or a credentials link starts a session directly (no entry
 * token). Resetting the game password revokes the account's sessions.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameAccountId: integer('game_account_id')
      .notNull()
      .references(() => gameAccounts.id),
    entryTokenHash: text('entry_token_hash'),
    entryExpiresAt: at('entry_expires_at'),
    /** Set when the session starts (the entry token is used, or the credentials were right). */
    sessionTokenHash: text('session_token_hash'),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('game_sessions_entry_token_unique').on(t.entryTokenHash),
    unique('game_sessions_session_token_unique').on(t.sessionTokenHash),
    check('game_sessions_started_check', sql`(${t.sessionTokenHash} is null) = (${t.expiresAt} is null)`),
    check('game_sessions_entry_check', sql`(${t.entryTokenHash} is null) = (${t.entryExpiresAt} is null)`),
    index('game_sessions_account_idx').on(t.gameAccountId),
  ],
);

/**
 * Rounds of the reference game provider's games: one bet and at most one
 * win per round id, written with the round's ledger transfers in one
 * transaction; a rollback returns the bet of a round that has no win.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Chosen by the game page, so a retried spin finds its round instead of playing again. */
    roundId: text('round_id').notNull(),
    gameAccountId: integer('game_account_id')
      .notNull()
      .references(() => gameAccounts.id),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    /** What the player chose: a side (sport), a number (lotto); null for slots. */
    pick: text('pick'),
    /** What came out: the reels (slot), the winner and score (sport), the number drawn (lotto). */
    outcome: jsonb('outcome').$type<string[]>().notNull(),
    createdAt: at('created_at').notNull(),
    /** Set when the round's bet was returned (its `rollback` transfer). */
    rolledBackAt: at('rolled_back_at'),
  },
  (t) => [
    unique('game_rounds_round_id_unique').on(t.roundId),
    check('game_rounds_amounts_check', sql`${t.bet} > 0 and ${t.win} >= 0`),
    check('game_rounds_rollback_check', sql`${t.rolledBackAt} is null or ${t.win} = 0`),
    index('game_rounds_account_idx').on(t.gameAccountId, t.id),
  ],
);

// ---------------------------------------------------------------- deposits (spec 3; decisions 0058 to 0068)

export const QR_STATUSES = ['open', 'paid', 'cancelled', 'expired', 'replaced'] as const;

/**
 * A Thai QR Payment (PromptPay, EMVCo) a member asked for: one deposit of
 * `amount` on `provider` until `expires_at`. At most one open per member and
 * provider (partial unique index). The payload is the EMVCo text the QR
 * encodes, kept as made so a payment can be matched against it.
 */
export const depositQrCodes = pgTable(
  'deposit_qr_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    payload: text('payload').notNull(),
    /** The receiving account's name when the QR was made: shown with the code and on its saved image. */
    receiverName: text('receiver_name').notNull().default(''),
    status: text('status', { enum: QR_STATUSES }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** When it stopped being open (paid, cancelled, replaced, found expired). */
    closedAt: at('closed_at'),
    /** The payment provider's charge the QR is (Opn's `chrg_…`); null for a QR drawn here. */
    chargeId: text('charge_id'),
  },
  (t) => [
    check('deposit_qr_codes_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('deposit_qr_codes_charge_idx').on(t.chargeId),
    uniqueIndex('deposit_qr_codes_one_open_idx').on(t.userId, t.provider).where(sql`${t.status} = 'open'`),
    index('deposit_qr_codes_user_idx').on(t.userId, t.id),
  ],
);

export const PAYMENT_STATUSES = ['credited', 'review', 'dismissed'] as const;

/**
 * Every payment a provider reported through its webhook, kept whatever
 * happened to it: credited (its ledger transfer), or waiting for an operator
 * (no open QR, another amount, after expiry), or dismissed by one. A
 * provider's transaction id is recorded once.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    qrCodeId: bigint('qr_code_id', { mode: 'number' }).references(() => depositQrCodes.id),
    userId: integer('user_id').references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** Why it waits for review (a short code), null when credited at once. */
    reason: text('reason'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    paidAt: at('paid_at').notNull(),
    receivedAt: at('received_at').notNull(),
    resolvedAt: at('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => operators.id),
  },
  (t) => [
    unique('payments_provider_transaction_unique').on(t.provider, t.transactionId),
    check('payments_amount_check', sql`${t.amount} > 0`),
    index('payments_status_idx').on(t.status, t.id),
  ],
);

/** Mobile-wallet gift links a member sent: each link (its voucher code) is redeemed once. */
export const trueLinks = pgTable(
  'true_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    voucher: text('voucher').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('true_links_voucher_unique').on(t.voucher), check('true_links_amount_check', sql`${t.amount} > 0`)],
);

export const SLIP_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;

/**
 * A slip that holds its bank reference (slips_reference_held_idx; the
 * insert that takes it names the same predicate): waiting, approved, or
 * rejected by an operator for any reason but NOT_MATCH.
 */
export function holdsReference(t: { reference: AnyPgColumn; status: AnyPgColumn; reviewedAt: AnyPgColumn; note: AnyPgColumn }): SQL {
  return sql`${t.reference} is not null and (${t.status} <> 'FAILED' or (${t.reviewedAt} is not null and ${t.note} is distinct from 'NOT_MATCH'))`;
}

/**
 * Slips members uploaded. A slip whose checks failed is kept FAILED with its
 * reason (spec 8) so the member sees it in the slip table; one that passed
 * waits PENDING for an operator, who approves it with an amount (its ledger
 * transfer) or rejects it with a reason. A bank reference is used once.
 */
export const slips = pgTable(
  'slips',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The bank's transaction reference from the slip's QR; null when none could be read. */
    reference: text('reference'),
    sendingBank: text('sending_bank'),
    /** Where the re-encoded image is stored (the storage interface's key). */
    storageKey: text('storage_key'),
    status: text('status', { enum: SLIP_STATUSES }).notNull(),
    /** A slip failure reason code of spec 8 when FAILED. */
    note: text('note'),
    /** Set by the operator's approval. */
    amount: bigint('amount', { mode: 'bigint' }),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => operators.id),
    /**
     * The slip verifier's findings (contract/deposit.ts SlipVerification); null when none read it.
     * A slip it credited is SUCCESS with reviewedAt set and reviewedBy null.
     */
    verification: jsonb('verification').$type<SlipVerificationFindings>(),
  },
  (t) => [
    // Automatic failures (a duplicate, an expired slip) may repeat a reference; a slip waiting, approved or rejected by an
    // operator holds it, but for one rejected NOT_MATCH (not the uploader's payment): the payer may then send it (0137).
    uniqueIndex('slips_reference_held_idx').on(t.reference).where(holdsReference(t)),
    index('slips_user_idx').on(t.userId, t.id),
    index('slips_status_idx').on(t.status, t.id),
    // The slip verifier's credits of the last 24 hours, summed before each of its credits (docs/decisions/0137-slip-verification.md).
    index('slips_verifier_credits_idx').on(t.reviewedAt).where(sql`${t.status} = 'SUCCESS' and ${t.reviewedBy} is null`),
  ],
);

// ---------------------------------------------------------------- live support chat (0104-0106)

/**
 * A guest of the chat (spec 1): the server issues the id and signs it
 * (GUEST_TOKEN_HEADER); a guest idle for 30 days is closed by the cleanup,
 * its media removed, and its token no longer accepted.
 */
export const chatGuests = pgTable('chat_guests', {
  id: text('id').primaryKey(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  closedAt: at('closed_at'),
});

/** One conversation per member or guest; the inbox lists them by last message. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id),
    guestId: text('guest_id').references(() => chatGuests.id),
    /** The conversation's current session (spec 3 session_id); an agent's "end" starts a new one. */
    sessionId: text('session_id').notNull(),
    createdAt: at('created_at').notNull(),
    lastMessageAt: at('last_message_at'),
    /** Customer messages after this are unread by agents; agent messages after customerReadAt are unread by the customer. */
    agentReadAt: at('agent_read_at'),
    customerReadAt: at('customer_read_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    unique('chat_conversations_user_unique').on(t.userId),
    unique('chat_conversations_guest_unique').on(t.guestId),
    check('chat_conversations_owner_check', sql`(${t.userId} is null) <> (${t.guestId} is null)`),
    index('chat_conversations_last_idx').on(t.lastMessageAt),
  ],
);

/**
 * Every message, as stored before it is delivered. `clientId` is the
 * sender's deliver id: a resend of the same message (the offline queue, a
 * retry) finds the row already there and is stored once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    sender: text('sender', { enum: ['customer', 'agent', 'system'] }).notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    messageType: text('message_type').notNull(),
    /** The contract's message body (chat.ts ChatMessageBody) as validated. */
    body: jsonb('body').notNull(),
    clientId: text('client_id').notNull(),
    sessionId: text('session_id').notNull(),
    deviceToken: text('device_token'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('chat_messages_client_unique').on(t.conversationId, t.clientId), index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Uploaded media: which conversation may see it (signed links go only to its participants), removed with a closed guest. */
export const chatMedia = pgTable(
  'chat_media',
  {
    key: text('key').primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    fileType: text('file_type', { enum: ['image', 'video', 'file'] }).notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: at('created_at').notNull(),
    /**
     * Whose upload counts against a day's quota (docs/decisions/0144-connections-and-chat-storage.md):
     * `member:{userId}` or `guest:{guestId}`; null for an agent's.
     */
    uploader: text('uploader'),
    /** A guest's client address (limits.ts clientOf), for the address's day quota; null otherwise. */
    guestAddress: text('guest_address'),
  },
  (t) => [
    index('chat_media_conversation_idx').on(t.conversationId),
    index('chat_media_uploader_idx').on(t.uploader, t.createdAt),
    index('chat_media_guest_address_idx').on(t.guestAddress, t.createdAt),
  ],
);

/** Canned replies agents pick from; admins edit them. */
export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  updatedBy: integer('updated_by').references(() => operators.id),
  updatedAt: at('updated_at').notNull(),
});

// ---------------------------------------------------------------- an aggregator's seamless wallet (docs/decisions/0132-hub88-wallet-api.md)

export const HUB88_TRANSACTION_KINDS = ['bet', 'win', 'rollback'] as const;

/**
 * Every bet, win and rollback the aggregator (Hub88's Wallet API) sent us
 * and we accepted, once per transaction_uuid, with the answer we gave: a
 * repeated request_uuid or transaction_uuid is answered from here. The
 * money is the row's ledger transfer (key `hub88:{transaction_uuid}`); a
 * zero amount (a free bet, a losing round's win) moves none. A rollback
 * that arrived before its bet is a row too (`amount` 0), so the late bet
 * is refused.
 */
export const hub88Transactions = pgTable(
  'hub88_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionUuid: text('transaction_uuid').notNull(),
    requestUuid: text('request_uuid').notNull(),
    kind: text('kind', { enum: HUB88_TRANSACTION_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The member's account at the game of the session (the token's game). */
    gameAccountId: integer('game_account_id')
      .notNull()
      .references(() => gameAccounts.id),
    /** The game_code the aggregator sent (a lobby game may change it within one session). */
    gameCode: text('game_code').notNull(),
    round: text('round'),
    /** A win's or rollback's bet (its transaction_uuid); null for a bet. */
    referenceTransactionUuid: text('reference_transaction_uuid'),
    supplierTransactionId: text('supplier_transaction_id'),
    /** Minor units of the member's currency; 0 moves nothing. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    isFree: boolean('is_free').notNull().default(false),
    /** The RS_OK answer we gave, without request_uuid (a repeat carries its own). */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    /** A bet's rollback arrived (its stake was returned, or it had never arrived). */
    rolledBackAt: at('rolled_back_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('hub88_transactions_transaction_unique').on(t.transactionUuid),
    unique('hub88_transactions_request_unique').on(t.requestUuid),
    check('hub88_transactions_kind_check', sql`${t.kind} in ('bet', 'win', 'rollback')`),
    check('hub88_transactions_amount_check', sql`${t.amount} >= 0`),
    check('hub88_transactions_reference_check', sql`(${t.kind} = 'bet') = (${t.referenceTransactionUuid} is null)`),
    index('hub88_transactions_reference_idx').on(t.referenceTransactionUuid),
    index('hub88_transactions_account_idx').on(t.gameAccountId, t.id),
  ],
);
