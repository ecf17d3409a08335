/**
 * The member's statement (spec 2, Statement; spec 4 for types and
 * statuses): their wallet's movements from the ledger, newest first, as the
 * SPA shows them. Only the given member's own wallet is read.
 */
import type * as v from 'valibot';
import { WALLET, type StatementItem, type StatementResponse } from '../../contract/api.ts';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { findAccount, SYSTEM_ACCOUNTS, walletCode, type AccountOwner, type SystemAccount } from '../ledger/accounts.ts';
import { statementPage, statementTotal, type StatementRow } from '../repositories/statement.ts';

/** How the statement names where money came from or went, for the system side of a movement. */
const SYSTEM_LABELS: Record<SystemAccount, string> = {
  [SYSTEM_ACCOUNTS.deposits]: 'DEPOSIT',
  [SYSTEM_ACCOUNTS.payouts]: 'BANK',
  [SYSTEM_ACCOUNTS.bonus]: 'BONUS',
  [SYSTEM_ACCOUNTS.refund]: 'REFUND',
};

/** WALLET, a game's code, the bank a withdrawal pays to, or the system account's label. */
function sideLabel(side: AccountOwner, row: StatementRow): string {
  switch (side.kind) {
    case 'wallet':
      return WALLET;
    case 'game':
      return side.gameCode;
    case 'system':
      return row.withdrawalBankCode ?? SYSTEM_LABELS[side.name];
    case 'house':
      return row.withdrawalBankCode ?? 'HOUSE';
  }
}

/** A pending transfer is in progress until resolved; posted, it succeeded; voided, it failed. */
function statusOf(row: StatementRow): string {
  if (row.phase !== 'pending') return 'SUCCESS';
  if (row.resolutionPhase === null) return 'PENDING';
  return row.resolutionPhase === 'post_pending' ? 'SUCCESS' : 'FAILED';
}

function statementItem(row: StatementRow): StatementItem {
  return {
    _id: String(row.id),
    statementType: row.kind,
    from: sideLabel(row.debit, row),
    to: sideLabel(row.credit, row),
    amount: toMajor(row.amount),
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page (1-based) of `limit` movements of the member's wallet, and how many there are in all. */
export async function memberStatement(db: Queryable, userId: number, page: number, limit: number): Promise<v.InferOutput<typeof StatementResponse>> {
  const wallet = await findAccount(db, walletCode(userId));
  if (!wallet) return { statements: [], total: 0 };
  const rows = await statementPage(db, wallet.id, (page - 1) * limit, limit);
  return { statements: rows.map(statementItem), total: await statementTotal(db, wallet.id) };
}
