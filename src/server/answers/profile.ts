/**
 * The member's profile and bank account as the contract shows them. The
 * profile page (/api/account/profile) and the home (/api/wallet) answer the
 * same shapes, so both build them here.
 */
import type * as v from 'valibot';
import type { BankAccount, ProfileResponse } from '../../contract/api.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { findProfile, type ProfileRow } from '../repositories/users.ts';

export type BankAccountAnswer = v.InferOutput<typeof BankAccount>;
export type ProfileAnswer = v.InferOutput<typeof ProfileResponse>;

/** The caller's profile row; the session's user exists, so a missing one is a removed account. */
export async function profileOf(db: Queryable, userId: number): Promise<ProfileRow> {
  const row = await findProfile(db, userId);
  if (!row) throw new ApiError(401, 'invalid-token');
  return row;
}

export function bankAccountOf(row: ProfileRow): BankAccountAnswer | null {
  const { bankCode, accountName, accountNo, currency, bankNameTh, bankNameEn } = row;
  if (bankCode === null || accountName === null || accountNo === null || currency === null) return null;
  return {
    bankCode,
    bankAccountName: accountName,
    bankAccountNo: accountNo,
    currency,
    bank: { nameTH: bankNameTh ?? '', nameEN: bankNameEn ?? '' },
  };
}

export function profileAnswer(row: ProfileRow): ProfileAnswer {
  return {
    profile: {
      _id: String(row.id),
      username: row.phone,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      coin: row.coin,
      // Operators are not members (repositories/operators.ts): every profile is a member's.
      role: 'member',
    },
    bankAccount: bankAccountOf(row),
  };
}
