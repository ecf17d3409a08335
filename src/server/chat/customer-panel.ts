/**
 * Beside a conversation, the agent sees who the member is and their money
 * (issue 14 part 2): name, phone, standing, currency, what they hold (the
 * money layer's memberHoldings: the wallet they can spend plus every game
 * account) and their latest deposits (the statement's latestDeposits).
 * Guests have no panel.
 */
import type * as v from 'valibot';
import type { CustomerPanelResponse } from '../../contract/chat.ts';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { depositSource } from '../deposits/credit.ts';
import { memberHoldings } from '../money/holdings.ts';
import { CHAT_PANEL_DEPOSITS } from '../policy.ts';
import { latestDeposits } from '../repositories/statement.ts';
import { findMemberCard, memberCurrency } from '../repositories/users.ts';

export type MemberPanel = NonNullable<v.InferOutput<typeof CustomerPanelResponse>['member']>;

export async function memberPanel(db: Queryable, userId: number): Promise<MemberPanel | null> {
  const member = await findMemberCard(db, userId);
  if (!member) return null;
  const [currency, holdings, deposits] = await Promise.all([memberCurrency(db, userId), memberHoldings(db, userId), latestDeposits(db, userId, CHAT_PANEL_DEPOSITS)]);
  return {
    userId: String(userId),
    ...member,
    currency,
    holdings: toMajor(holdings),
    deposits: deposits.map((row) => ({ amount: toMajor(row.amount), createdAt: row.createdAt.toISOString(), source: depositSource(row) })),
  };
}
