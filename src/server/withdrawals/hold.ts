/**
 * A member's withdrawal (spec 5, withdraw): the amount is held in the
 * wallet as a pending transfer to the payouts account and a withdrawal row
 * waits for an operator, who pays or rejects it (resolve.ts). With
 * `sweepGames` (the withdraw modal's withdrawAll) every game balance first
 * comes back to the wallet through its provider, in the same transaction.
 */
import { toMajor, toMinor } from '../../contract/money.ts';
import { turnoverError } from '../../contract/rules/bonuses.ts';
import { fullAmountError, withdrawBalanceError, withdrawLimitError } from '../../contract/rules/money.ts';
import { bankAccountOf, profileOf } from '../answers/profile.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { availableOf, balanceOf, ensureSystemAccount, ensureWalletAccount, lockAccounts, type LedgerAccount } from '../ledger/accounts.ts';
import { holdTransfer } from '../ledger/transfers.ts';
import { availableAfter, availableNow, inMovement, type Moved, type MovementContext } from '../money/movement.ts';
import { finishForWithdrawal, heldBonus } from '../promotions/ending.ts';
import { memberGameAccounts } from '../repositories/member-games.ts';
import { getSettings } from '../repositories/settings.ts';
import { memberCurrency } from '../repositories/users.ts';
import { insertWithdrawal } from '../repositories/withdrawals.ts';
import { moveGameMoney } from '../transfers/game-transfers.ts';

export interface PayoutAccount {
  bankCode: string;
  accountName: string;
  accountNo: string;
}

/** The shared limits rule (contract/rules/money.ts), then the member's bank account the money goes to. */
async function checkedWithdrawal(db: Queryable, userId: number, amount: number): Promise<PayoutAccount> {
  const limitError = withdrawLimitError(amount, await getSettings(db, 'withdrawMin', 'withdrawMax'));
  if (limitError !== null) throw new ApiError(400, limitError);
  const bank = bankAccountOf(await profileOf(db, userId));
  if (!bank) throw new ApiError(400, 'NO_BANK');
  return { bankCode: bank.bankCode, accountName: bank.bankAccountName, accountNo: bank.bankAccountNo };
}

/**
 * Holds `amount` (major units) of the wallet for a payout to the member's
 * bank account and records the withdrawal.
 *
 * spec 5: a member holding a bonus must withdraw the full amount
 * (BONUS_REMAINING otherwise), so every account involved is locked before
 * "the full amount" is read; its turnover must be met (BONUS_CONDITION),
 * and the withdrawal then finishes it (promotions/ending.ts).
 */
export async function requestWithdrawal(db: Queryable, context: MovementContext, request: { amount: number; sweepGames: boolean }): Promise<Moved> {
  const { userId, now, keyBase } = context;
  const { sweepGames } = request;
  const payTo = await checkedWithdrawal(db, userId, request.amount);
  const amount = toMinor(request.amount);
  const currency = await memberCurrency(db, userId);
  return inMovement(db, context.log, async (tx) => {
    const wallet = await ensureWalletAccount(tx, userId, currency, now);
    const payouts = await ensureSystemAccount(tx, 'payouts', currency, now);
    const gameAccounts = await memberGameAccounts(tx, userId);
    const locked = await lockAccounts(tx, [wallet.id, payouts.id, ...gameAccounts.map(({ ledger }) => ledger.id)]);
    // The balance as locked: memberGameAccounts read it before the lock.
    const lockedBalance = (gameLedger: LedgerAccount) => balanceOf(locked.find((row) => row.id === gameLedger.id) ?? gameLedger);
    const lockedWallet = locked.find((row) => row.id === wallet.id)!;
    const holdings = {
      wallet: lockedWallet,
      walletAvailable: availableOf(lockedWallet),
      inGames: gameAccounts.reduce((sum, { ledger }) => sum + lockedBalance(ledger), 0n),
    };
    // A bonus that fell below its end threshold ends here, and then holds nothing back.
    const held = await heldBonus(tx, userId, holdings, now);
    const bonusHeld = held !== undefined;

    let inGames = 0n;
    for (const { ledger: gameLedger, game, account } of gameAccounts) {
      const balance = lockedBalance(gameLedger);
      if (balance <= 0n) continue;
      if (!sweepGames) {
        inGames += balance;
        continue;
      }
      const idempotencyKey = `${keyBase}:game:${game.code}`;
      await moveGameMoney(tx, context, { game, account, wallet, gameLedger, toGame: false, amount: balance, idempotencyKey });
    }

    // The shared rules (contract/rules/money.ts), in the withdraw form's order after the limits: with a bonus,
    // the full amount is everything the member holds (money left in a game counts: only withdrawAll brings it
    // home); and no more than the wallet holds for spending.
    const available = await availableNow(tx, wallet);
    const refusal =
      fullAmountError(request.amount, toMajor(available + inGames), bonusHeld) ??
      (held ? turnoverError(held.turnover, held.receipt.turnoverTarget) : null) ??
      withdrawBalanceError(request.amount, toMajor(available));
    if (refusal !== null) throw new ApiError(400, refusal);
    // With its turnover met, the bonus finishes with this withdrawal: what is above the offer's cap goes back first.
    const taken = held ? await finishForWithdrawal(tx, held, holdings, currency, amount, now) : amount;
    const written = await holdTransfer(
      tx,
      { debitAccountId: wallet.id, creditAccountId: payouts.id, amount: taken, kind: 'withdraw', idempotencyKey: `${keyBase}:hold` },
      now,
    );
    await insertWithdrawal(tx, { userId, pendingTransferId: written.transfer.id, ...payTo }, now);
    return { amount: taken, transfer: written.transfer, available: await availableAfter(tx, written, wallet) };
  });
}
