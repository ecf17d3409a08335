/**
 * Who paid whom, as the slip verifier's bank record shows it
 * (docs/decisions/0137-slip-verification.md): the receiver must be one of
 * our deposit accounts in the member's currency, the sender the uploader's
 * registered account, and no other member's. Four shown digits and a first
 * name fit many accounts, so every registered account at the sender's bank
 * that the mask can be is looked at: a slip another member could have
 * paid as well waits for an operator (SENDER_AMBIGUOUS) rather than
 * crediting whoever uploaded it first.
 */
import type { SlipVerifyProblem } from '../../contract/deposit.ts';
import type { Queryable } from '../db/client.ts';
import type { Settings } from '../db/settings-shape.ts';
import { bankAccountsLike, type ProfileRow } from '../repositories/users.ts';
import { maskLikePattern, receiverProblems, senderProblems, type Holder } from '../slips/bank-match.ts';
import type { BankRecord } from '../slips/verifier.ts';

type Member = Pick<ProfileRow, 'id' | 'bankCode' | 'accountNo' | 'accountName' | 'currency'>;

/** Every problem with the transfer's two sides; none: the money went from this member to us. */
export async function slipPartyProblems(db: Queryable, { receiver, sender }: BankRecord, member: Member, depositAccounts: Settings['depositAccounts']): Promise<SlipVerifyProblem[]> {
  const ours: Holder[] = depositAccounts
    .filter((account) => account.bankType === 'BANK' && account.currency === member.currency)
    .map((account) => ({ bankCode: account.bankCode, accountNo: account.bankAccountNo, name: account.bankAccountName }));
  const { bankCode, accountNo, accountName } = member;
  const registered = bankCode !== null && accountNo !== null && accountName !== null ? { bankCode, accountNo, name: accountName } : null;
  const pattern = maskLikePattern(sender.account);
  const others = sender.bankCode !== null && pattern !== null ? await bankAccountsLike(db, sender.bankCode, pattern, member.id) : [];
  return [...receiverProblems(receiver, ours), ...senderProblems(sender, registered, others)];
}
