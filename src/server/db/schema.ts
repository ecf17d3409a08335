/**
 * The database, described once for drizzle. Migrations under ./drizzle are
 * generated from this file (`npm run db:generate`) and committed.
 *
 * Times are written by the app from its clock (not `now()`), so tests can move
 * time. Unique constraints back the EXISTING_USER and EXISTING_BANK answers.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Localized } from '../language.ts';

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

export const ROLES = ['member', 'operator'] as const;
export const CURRENCIES = ['BAHT', 'LAK'] as const;

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The username members log in with. */
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** Prize-wheel coins: a count, not money. */
    coin: integer('coin').notNull().default(0),
    sourceCode: text('source_code').references(() => sources.code),
    invitedBy: integer('invited_by').references((): AnyPgColumn => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('users_phone_unique').on(t.phone),
    check('users_role_check', sql`${t.role} in ('member', 'operator')`),
    check('users_coin_check', sql`${t.coin} >= 0`),
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
  },
  (t) => [unique('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Login attempts not known to have succeeded. A row is written before the
 * password is checked, so parallel guesses count; a successful login deletes
 * the phone's rows.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('login_attempts_phone_idx').on(t.phone, t.createdAt)],
);

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
