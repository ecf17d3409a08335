/**
 * Beside a conversation, the agent sees who the member is and their money:
 * name, phone, standing, currency, what they hold (the money layer's
 * memberHoldings: the wallet they can spend plus every game account) and
 * their latest deposits (the statement's latestDeposits). Guests have no
 * panel.
 */
import type * as v from 'valibot';
import type { CustomerPanelResponse } from '../../contract/chat.ts';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import { depositSource } from '../deposits/credit.ts';
import { ApiError } from '../errors.ts';
import { memberHoldings } from '../money/holdings.ts';
import { CHAT_PANEL_DEPOSITS } from '../policy.ts';
import { latestDeposits } from '../repositories/statement.ts';
import { findMemberCard, memberCurrency } from '../repositories/users.ts';
import { conversationById } from './conversations.ts';
import { inboxSummary } from './inbox.ts';

type Panel = v.InferOutput<typeof CustomerPanelResponse>;
export type MemberPanel = NonNullable<Panel['member']>;

/** Conversation `conversationId` as the inbox lists it, with its member's panel (null for a guest); 404 NO_DATA when there is none. */
export async function conversationPanel(db: Queryable, prefix: string, conversationId: number): Promise<Panel> {
  const conversation = await conversationById(db, conversationId);
  const summary = await inboxSummary(db, prefix, conversation.id);
  if (!summary) throw new ApiError(404, 'NO_DATA');
  return { conversation: summary, member: conversation.userId === null ? null : await memberPanel(db, conversation.userId) };
}

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
