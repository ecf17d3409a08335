/**
 * The wallet's news (docs/decisions/0141-wallet-news.md): what a committed
 * transaction moved, told to each member it touched as one `wallet.changed`
 * over their sockets (the chat's hub, so through the Redis adapter to every
 * process). The ledger hands over the transfers once COMMIT succeeded
 * (ledger/commit-news.ts); whose accounts they touched is read once per
 * account and kept (an account never changes owner); the balances are what
 * the writes returned, the rows having stayed locked until the commit.
 * News goes out in the order the commits were told, one after the other.
 */
import type { FastifyBaseLogger } from 'fastify';
import { toMajor } from '../../contract/money.ts';
import { SOCKET_WALLET_CHANGED, type WalletChange, type WalletChangeKind, type WalletChanged } from '../../contract/wallet-news.ts';
import type { ChatHub } from '../chat/hub.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { accountsByIds, ownerOf, type AccountOwner } from '../ledger/accounts.ts';
import type { WrittenTransfer } from '../ledger/commit-news.ts';

type MemberOwner = Extract<AccountOwner, { kind: 'wallet' | 'game' }> & { currency: WalletChanged['currency'] };

/** Owners kept per process; past this many the cache starts again (a read is one query). */
const OWNERS_KEPT = 50_000;

function changeKind(transfer: WrittenTransfer['transfer']): WalletChangeKind {
  switch (transfer.kind) {
    case 'withdraw':
      return transfer.phase === 'post_pending' ? 'withdrawalPaid' : transfer.phase === 'void_pending' ? 'withdrawalReturned' : 'withdrawalHeld';
    case 'finish_bonus':
      return 'bonusEnded';
    case 'prize':
      return 'coupon';
    case 'correction':
      return 'adjustment';
    default:
      return transfer.kind;
  }
}

/**
 * Each touched member's news from one transaction's transfers. `owners`
 * names every member account among them (other accounts are absent). A
 * voided hold gives back: its direction is the hold's, turned round.
 */
export function walletNews(written: readonly WrittenTransfer[], owners: ReadonlyMap<number, MemberOwner>, at: Date): Map<number, WalletChanged> {
  const news = new Map<number, WalletChanged>();
  const newsOf = ({ userId, currency }: MemberOwner) => {
    let item = news.get(userId);
    if (!item) news.set(userId, (item = { currency, wallet: null, slots: [], changes: [], at: at.toISOString() }));
    return item;
  };
  for (const { transfer, accounts } of written) {
    const debit = owners.get(transfer.debitAccountId);
    const credit = owners.get(transfer.creditAccountId);
    const member = credit ?? debit;
    if (!member) continue;
    // Between two accounts of one member (wallet ↔ game) the wallet's side names the direction.
    const intoMember = credit !== undefined && (debit === undefined || credit.kind === 'wallet');
    const back = transfer.phase === 'void_pending';
    const change: WalletChange = { kind: changeKind(transfer), amount: toMajor(transfer.amount), direction: intoMember !== back ? 'in' : 'out' };
    newsOf(member).changes.push(change);
    for (const account of accounts) {
      const owner = owners.get(account.id);
      if (!owner) continue;
      const item = newsOf(owner);
      const amount = toMajor(account.available);
      if (owner.kind === 'wallet') item.wallet = { amount };
      else item.slots = [...item.slots.filter((slot) => slot.code !== owner.gameCode), { code: owner.gameCode, amount }];
    }
  }
  for (const [userId, item] of news) if (item.changes.length === 0) news.delete(userId);
  return news;
}

interface Deps {
  db: Db;
  hub: Pick<ChatHub, 'toMember'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The commit listener that tells members their news (app.ts watches the app's database with it). */
export function walletNewsTeller({ db, hub, clock, log }: Deps): (written: readonly WrittenTransfer[]) => void {
  const owners = new Map<number, MemberOwner | null>();
  let queue: Promise<void> = Promise.resolve();

  async function ownersOf(written: readonly WrittenTransfer[]): Promise<Map<number, MemberOwner>> {
    const ids = new Set(written.flatMap(({ transfer }) => [transfer.debitAccountId, transfer.creditAccountId]));
    const missing = [...ids].filter((id) => !owners.has(id));
    if (missing.length > 0) {
      if (owners.size + missing.length > OWNERS_KEPT) owners.clear();
      for (const account of await accountsByIds(db, missing)) {
        const owner = ownerOf(account);
        owners.set(account.id, owner.kind === 'wallet' || owner.kind === 'game' ? { ...owner, currency: account.currency } : null);
      }
    }
    const found = new Map<number, MemberOwner>();
    for (const id of ids) {
      const owner = owners.get(id);
      if (owner) found.set(id, owner);
    }
    return found;
  }

  async function tell(written: readonly WrittenTransfer[], at: Date): Promise<void> {
    for (const [userId, news] of walletNews(written, await ownersOf(written), at)) hub.toMember(userId, SOCKET_WALLET_CHANGED, news);
  }

  return (written) => {
    const at = clock();
    queue = queue.then(() => tell(written, at)).catch((error: unknown) => log.warn({ err: error }, 'wallet news: telling members failed'));
  };
}
