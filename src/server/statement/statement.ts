/**
 * The member's statement (spec 2, Statement; spec 4 for types and
 * statuses): their wallet's movements from the ledger, newest first, as the
 * SPA shows them. Only the given member's own wallet is read.
 */
import type * as v from 'valibot';
import { WALLET, type StatementItem, type StatementResponse } from '../../contract/api.ts';
import { toMajor } from '../../contract/money.ts';
import type { Queryable } from '../db/client.ts';
import type { Language, Localized } from '../language.ts';
import { findAccount, SYSTEM_ACCOUNTS, walletCode, type AccountOwner, type SystemAccount } from '../ledger/accounts.ts';
import {
  quietBonusEnds,
  statementHeads,
  statementPage,
  statementRows,
  statementTotal,
  type LinkedOffer,
  type QuietBonusEnd,
  type StatementRow,
} from '../repositories/statement.ts';

/** How the statement names where money came from or went, for the system side of a movement. */
const SYSTEM_LABELS: Record<SystemAccount, string> = {
  [SYSTEM_ACCOUNTS.deposits]: 'DEPOSIT',
  [SYSTEM_ACCOUNTS.payouts]: 'BANK',
  [SYSTEM_ACCOUNTS.bonus]: 'BONUS',
  [SYSTEM_ACCOUNTS.refund]: 'REFUND',
  [SYSTEM_ACCOUNTS.invite]: 'INVITE',
  [SYSTEM_ACCOUNTS.prize]: 'LUCKYDRAW',
  [SYSTEM_ACCOUNTS.adjustments]: 'ADJUSTMENT',
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

/** spec 3: a row's linked record, under the key of its kind, in the member's language. */
function linkedRecord(linked: LinkedOffer | null, language: Language): Pick<StatementItem, 'bonus' | 'promotion'> {
  if (linked === null) return {};
  return { [linked.kind]: { description: linked.description[language] } };
}

/**
 * Rewards other than offers are money given to the member: spec 4 knows them as `bonus` rows, and
 * spec 3 names what each was by its linked record.
 */
const REWARD_KINDS = {
  invite: { record: 'invite', description: { th: 'โบนัสชวนเพื่อน', la: 'ໂບນັດຊວນໝູ່', en: 'Invite-friend bonus' } },
  refund: { record: 'refund', description: { th: 'คืนยอดเสีย', la: 'ຄືນຍອດເສຍ', en: 'Loss refund' } },
  prize: { record: 'luckydraw', description: { th: 'รางวัลวงล้อนำโชค', la: 'ລາງວັນວົງລໍ້ນຳໂຊກ', en: 'Prize wheel reward' } },
} as const satisfies Partial<Record<StatementRow['kind'], { record: 'invite' | 'refund' | 'luckydraw'; description: Localized }>>;

function isRewardKind(kind: StatementRow['kind']): kind is keyof typeof REWARD_KINDS {
  return kind in REWARD_KINDS;
}

function statementItem(row: StatementRow, language: Language): StatementItem {
  if (isRewardKind(row.kind)) {
    const reward = REWARD_KINDS[row.kind];
    return { ...movementItem(row), statementType: 'bonus', [reward.record]: { description: reward.description[language] } };
  }
  return { ...movementItem(row), ...linkedRecord(row.linked, language) };
}

function movementItem(row: StatementRow): StatementItem {
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

/** A bonus that ended with nothing going back still shows its end (finish_bonus, 0). */
function bonusEndItem(end: QuietBonusEnd, language: Language): StatementItem {
  return {
    _id: `bonus-end-${end.receiptId}`,
    statementType: 'finish_bonus',
    from: WALLET,
    to: SYSTEM_LABELS[SYSTEM_ACCOUNTS.bonus],
    amount: 0,
    status: 'SUCCESS',
    createdAt: end.endedAt.toISOString(),
    ...linkedRecord(end.linked, language),
  };
}

/** One page (1-based) of `limit` movements of the member's wallet, and how many there are in all. */
export async function memberStatement(db: Queryable, userId: number, page: number, limit: number, language: Language): Promise<v.InferOutput<typeof StatementResponse>> {
  const wallet = await findAccount(db, walletCode(userId));
  if (!wallet) return { statements: [], total: 0 };
  const offset = (page - 1) * limit;
  const ends = await quietBonusEnds(db, userId);
  const total = (await statementTotal(db, wallet.id)) + ends.length;
  if (ends.length === 0) return { statements: (await statementPage(db, wallet.id, offset, limit)).map((row) => statementItem(row, language)), total };
  // Bonus ends without a ledger row of their own take their place by time among the movements (an end is
  // shown above a movement of the same instant: the withdrawal that finished it is written with it).
  const heads = await statementHeads(db, wallet.id, offset + limit);
  const merged: Array<{ at: Date; ledgerId?: number; end?: QuietBonusEnd }> = [];
  let next = 0;
  for (const head of heads) {
    while (next < ends.length && ends[next]!.endedAt >= head.createdAt) merged.push({ at: ends[next]!.endedAt, end: ends[next++]! });
    merged.push({ at: head.createdAt, ledgerId: head.id });
  }
  while (next < ends.length) merged.push({ at: ends[next]!.endedAt, end: ends[next++]! });
  const shown = merged.slice(offset, offset + limit);
  const rows = new Map((await statementRows(db, shown.flatMap((entry) => (entry.ledgerId === undefined ? [] : [entry.ledgerId])))).map((row) => [row.id, row]));
  return { statements: shown.map((entry) => (entry.end ? bonusEndItem(entry.end, language) : statementItem(rows.get(entry.ledgerId!)!, language))), total };
}
