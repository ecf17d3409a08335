/**
 * What a member holds, read without locks for a person to look at (the chat
 * agent's customer panel). A movement whose rule depends on it locks the
 * accounts and reads them itself (promotions/ledger-reads.ts lockHoldings).
 */
import type { Queryable } from '../db/client.ts';
import { availableOf, balanceOf, memberAccounts } from '../ledger/accounts.ts';

/**
 * Minor units: the wallet as the member can spend it (as spendableInWallet
 * reads it: money held for a withdrawal is on its way out, not theirs to
 * use) plus everything in their game accounts. 0 before any account exists.
 */
export async function memberHoldings(db: Queryable, userId: number): Promise<bigint> {
  const accounts = await memberAccounts(db, userId);
  return accounts.reduce((sum, account) => sum + (account.kind === 'wallet' ? availableOf(account) : balanceOf(account)), 0n);
}
