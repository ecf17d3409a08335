/**
 * Wallet ↔ game transfers (spec 5, transfer): the member moves money from
 * their wallet to a game account or back, and the game's provider is told
 * in the same transaction, so a provider's refusal rolls the transfer back
 * with it. Every refusal here has its catalogue code; the route only
 * validates the body's shape, calls one of these and shapes the answer.
 */
import { WALLET } from '../../contract/api.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { transferAccountsError, transferAllError, transferAmountError } from '../../contract/rules/money.ts';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Queryable, Transaction } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { checkLedgerHeldMove, ProviderError, type Game } from '../games/provider.ts';
import { NeedsTransaction, type KeyToStore } from '../idempotency.ts';
import { availableOf, ensureGameAccount, ensureWalletAccount, inCurrency, lockAccounts, type LedgerAccountRef } from '../ledger/accounts.ts';
import { postTransfer, type Written } from '../ledger/transfers.ts';
import { availableAfter, availableNow, inMovement, inOneCall, type Member, type Moved, type MovementContext } from '../money/movement.ts';
import { findMemberGame, type GameAccountRef, type MemberGame } from '../repositories/member-games.ts';
import { getSetting } from '../repositories/settings.ts';
import type { Currency } from '../repositories/users.ts';

/**
 * Moves money between the wallet and a game account and tells the game's
 * provider, in the caller's transaction: a provider's refusal rolls the
 * transfer back with it. Withdrawals use it to bring game balances home.
 */
export async function moveGameMoney(
  tx: Transaction,
  context: MovementContext,
  move: {
    game: Game;
    /** The member's account at the game, as read in this transaction. */
    account: GameAccountRef | null;
    wallet: LedgerAccountRef;
    gameLedger: LedgerAccountRef;
    toGame: boolean;
    amount: bigint;
    idempotencyKey: string;
  },
): Promise<Written> {
  const { game, account, wallet, gameLedger, toGame, amount, idempotencyKey } = move;
  const provider = context.providers.get(game.provider);
  if (!provider) throw new ProviderError('TRANSFER_FAIL', `game ${game.code}: provider ${game.provider} does not run on this server`);
  const written = await postTransfer(
    tx,
    {
      debitAccountId: toGame ? wallet.id : gameLedger.id,
      creditAccountId: toGame ? gameLedger.id : wallet.id,
      amount,
      kind: 'transfer',
      idempotencyKey,
    },
    context.now,
  );
  const atProvider = { userId: context.userId, game, account, amount, idempotencyKey };
  await (toGame ? provider.deposit(tx, atProvider) : provider.withdraw(tx, atProvider));
  return written;
}

/** A ledger account the movement's read found, or created now (its first use). */
function foundOrCreated(found: LedgerAccountRef | null, currency: Currency, create: () => Promise<LedgerAccountRef>): Promise<LedgerAccountRef> {
  return found ? Promise.resolve(inCurrency(found, currency)) : create();
}

/** The member's wallet and game ledger accounts as findMemberGame read them, created on first use. */
async function ledgerAccountsOf(tx: Transaction, member: Member, found: MemberGame, now: Date): Promise<[wallet: LedgerAccountRef, gameLedger: LedgerAccountRef]> {
  const wallet = await foundOrCreated(found.ledger.wallet, member.currency, () => ensureWalletAccount(tx, member.userId, member.currency, now));
  const gameLedger = await foundOrCreated(found.ledger.game, member.currency, () => ensureGameAccount(tx, member.userId, found.game.code, member.currency, now));
  return [wallet, gameLedger];
}

type FoundGame = Awaited<ReturnType<typeof findMemberGame>>;

/**
 * The game a body names must exist and be opened by the member. New money
 * goes only into an active game; money may leave a retired one (the home
 * still shows it there).
 */
function openedGame(found: FoundGame, toGame: boolean): MemberGame {
  if (!found || (toGame && !found.game.active)) throw new ApiError(404, 'NO_GAME');
  if (!found.account) throw new ApiError(404, 'SLOT_NO_ACCOUNT');
  return found;
}

/**
 * transferMin, major units. findMemberGame read it with the game; when
 * there is no such game (or no settings row) it is read on its own, so the
 * minimum is still checked before the game (the codes' order).
 */
async function transferMinimum(db: Queryable, found: FoundGame): Promise<number> {
  return found?.transferMin ?? (await getSetting(db, 'transferMin'));
}

/** The shared transfer rule (contract/rules/money.ts) as a refusal. */
function checkTransferAmount(amount: number, transferMin: number): void {
  const error = transferAmountError(amount, transferMin);
  if (error !== null) throw new ApiError(400, error);
}

/**
 * POST /api/wallet/transfer: `amount` (major units) from the wallet to a
 * game or back, by the shared rules: one side must be the wallet
 * (ACCOUNT_INCORRECT; the same account on both sides, SAME_ACCOUNT), and
 * less than transferMin is TRANSFER_MINIMUM.
 *
 * Called with the database (not a transaction), the movement is one
 * statement when it can be (oneCallTransfer), with `storeKey` storing the
 * member's Idempotency-Key and answer in it; else it runs in a
 * transaction, or with `storeKey` throws NeedsTransaction for the route to
 * run it again in the key's (idempotency.ts).
 */
export async function transferMoney(
  db: Queryable,
  context: MovementContext,
  request: { from: string; to: string; amount: number },
  storeKey: KeyToStore | null = null,
): Promise<Moved> {
  const { from, to } = request;
  const accountsProblem = transferAccountsError(from, to);
  if (accountsProblem) throw new ApiError(400, accountsProblem);
  const toGame = from === WALLET;
  const found = await findMemberGame(db, context.userId, toGame ? to : from);
  checkTransferAmount(request.amount, await transferMinimum(db, found));
  const amount = toMinor(request.amount);
  const game = openedGame(found, toGame);
  const member = { userId: context.userId, currency: game.currency };
  const oneCall = is(db, PgTransaction) ? null : oneCallTransfer(context, member, game, toGame, amount);
  if (oneCall) return inOneCall(context.log, () => oneCall(db as Db, storeKey));
  if (storeKey) throw new NeedsTransaction('the ledger accounts are created on first use, or the provider writes');
  return inMovement(db, context.log, async (tx) => {
    const [wallet, gameLedger] = await ledgerAccountsOf(tx, member, game, context.now);
    const { account } = game;
    const written = await moveGameMoney(tx, context, { game: game.game, account, wallet, gameLedger, toGame, amount, idempotencyKey: context.keyBase });
    return { amount, transfer: written.transfer, available: await availableAfter(tx, written, wallet) };
  });
}

/**
 * The transfer as one statement (ledger_move: the hot path,
 * docs/decisions/0149-one-round-trip-transfer.md), when both ledger
 * accounts exist and the game's provider keeps its money in our ledger:
 * its check reads and writes nothing, so it runs before the movement
 * instead of after it in the movement's transaction. Null otherwise.
 */
function oneCallTransfer(
  context: MovementContext,
  member: Member,
  found: MemberGame,
  toGame: boolean,
  amount: bigint,
): ((db: Db, storeKey: KeyToStore | null) => Promise<Moved>) | null {
  const provider = context.providers.get(found.game.provider);
  const { wallet: foundWallet, game: foundGameLedger } = found.ledger;
  if (!provider?.moneyInLedger || !foundWallet || !foundGameLedger) return null;
  const wallet = inCurrency(foundWallet, member.currency);
  const gameLedger = inCurrency(foundGameLedger, member.currency);
  const idempotencyKey = context.keyBase;
  return async (db, storeKey) => {
    checkLedgerHeldMove({ userId: context.userId, game: found.game, account: found.account, amount, idempotencyKey }, toGame);
    const written = await postTransfer(
      db,
      { debitAccountId: toGame ? wallet.id : gameLedger.id, creditAccountId: toGame ? gameLedger.id : wallet.id, amount, kind: 'transfer', idempotencyKey },
      context.now,
      storeKey ? { ...storeKey, answerAccountId: wallet.id } : undefined,
    );
    const changed = written.accounts.find((account) => account.id === wallet.id);
    return { amount, transfer: written.transfer, available: changed ? changed.available : await availableNow(db, wallet) };
  };
}

/**
 * POST /api/wallet/transferAll: everything the member can spend, to the
 * game. The two accounts are locked before the balance is read, so
 * "everything" cannot change before it moves. Less than transferMin
 * (nothing, say) is TRANSFER_MINIMUM.
 */
export async function transferAllToGame(db: Queryable, context: MovementContext, to: string): Promise<Moved> {
  const targetProblem = transferAllError(to);
  if (targetProblem) throw new ApiError(400, targetProblem);
  const found = await findMemberGame(db, context.userId, to);
  const game = openedGame(found, true);
  const minimum = await transferMinimum(db, found);
  const member = { userId: context.userId, currency: game.currency };
  return inMovement(db, context.log, async (tx) => {
    const [wallet, gameLedger] = await ledgerAccountsOf(tx, member, game, context.now);
    const [lockedWallet] = (await lockAccounts(tx, [wallet.id, gameLedger.id])).filter((row) => row.id === wallet.id);
    if (!lockedWallet) throw new Error(`ledger account ${wallet.code} vanished`);
    const amount = availableOf(lockedWallet);
    checkTransferAmount(toMajor(amount), minimum);
    const written = await moveGameMoney(tx, context, { game: game.game, account: game.account, wallet, gameLedger, toGame: true, amount, idempotencyKey: context.keyBase });
    return { amount, transfer: written.transfer, available: await availableAfter(tx, written, wallet) };
  });
}
