/** What a member's wallet holds for them to spend. */
import type { Queryable } from '../db/client.ts';
import { availableOf, findAccount, walletCode } from '../ledger/accounts.ts';

/** Minor units the member can spend now: money held for a withdrawal is not in it; 0 before the first deposit. */
export async function spendableInWallet(db: Queryable, userId: number): Promise<bigint> {
  const wallet = await findAccount(db, walletCode(userId));
  return wallet ? availableOf(wallet) : 0n;
}
