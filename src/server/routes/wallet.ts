/**
 * The member's wallet (spec 7): balances, wallet ↔ game transfers,
 * withdrawals, and the withdraw limits lookup. Everything is keyed by the
 * caller's user id; a body can name a game, never another member.
 *
 * Refusals a member can cause answer 400 with their code (404 for a game or
 * game account that does not exist, as the game routes do); a provider that
 * fails answers 502 TRANSFER_FAIL (docs/decisions.md, Server).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WALLET, type WalletResponse } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { SERVER_TEXTS } from '../../contract/errors.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { bankAccountOf, profileAnswer, profileOf } from '../answers/profile.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { MemberCaller } from '../plugins/authentication.ts';
import { listMemberSlots } from '../repositories/games.ts';
import { getSetting, getSettings } from '../repositories/settings.ts';
import type { Currency } from '../repositories/users.ts';
import { findMemberGame, memberCurrency, type MemberGame } from '../repositories/wallet.ts';
import { route } from '../route.ts';
import { spendableInWallet } from '../wallet/balance.ts';
import {
  ledgerKeyBase,
  transferAllToGame,
  transferWithGame,
  withdrawFromWallet,
  type Moved,
  type MovementContext,
  type PayoutAccount,
} from '../wallet/movements.ts';

/** spec 5: the transfer's own message when source and destination are the same. */
const [SAME_ACCOUNT] = SERVER_TEXTS;

function movedAnswer({ amount, transfer, available }: Moved) {
  return { message: 'SUCCESS', amount: toMajor(amount), wallet: { amount: toMajor(available) }, transferId: String(transfer.id) };
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
 * transferMin in minor units. findMemberGame read it with the game; when
 * there is no such game (or no settings row) it is read on its own, so the
 * minimum is still checked before the game (the codes' order).
 */
async function transferMinimum(db: Queryable, found: FoundGame): Promise<bigint> {
  return toMinor(found?.transferMin ?? (await getSetting(db, 'transferMin')));
}

/** An amount of major units in a setting, as minor units. */
async function minorSetting(db: Queryable, key: 'withdrawMin' | 'withdrawMax'): Promise<bigint> {
  return toMinor(await getSetting(db, key));
}

/** The parts of a route call a movement needs; `db` is the Idempotency-Key's transaction when there is one. */
interface MemberCall {
  db: Queryable;
  caller: MemberCaller;
  request: FastifyRequest;
}

/** spec 5: withdrawMin ≤ amount ≤ withdrawMax (the SPA checks first, so no code of its own), to the member's bank. */
async function checkedWithdrawal(db: Queryable, userId: number, amountMajor: number): Promise<{ amount: bigint; payTo: PayoutAccount }> {
  const amount = toMinor(amountMajor);
  if (amount < (await minorSetting(db, 'withdrawMin')) || amount > (await minorSetting(db, 'withdrawMax'))) {
    throw new ApiError(400, 'KEY_INVALID');
  }
  const bank = bankAccountOf(await profileOf(db, userId));
  if (!bank) throw new ApiError(400, 'NO_BANK');
  return { amount, payTo: { bankCode: bank.bankCode, accountName: bank.bankAccountName, accountNo: bank.bankAccountNo } };
}

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  async function walletAnswer(db: Queryable, userId: number): Promise<WalletResponse> {
    const profile = await profileOf(db, userId);
    const spendable = await spendableInWallet(db, userId);
    const slots = await listMemberSlots(db, userId);
    return {
      ...profileAnswer(profile),
      wallet: { amount: toMajor(spendable) },
      // Invites are not built yet.
      invite: { amount: 0, success: 0, fail: 0 },
      slots,
      updatedAt: clock().toISOString(),
    };
  }

  /** `currency`: the member's, when the handler has read it already. */
  async function movementContext({ db, caller, request }: MemberCall, action: string, currency?: Currency): Promise<MovementContext> {
    const { userId } = caller;
    return {
      member: { userId, currency: currency ?? (await memberCurrency(db, userId)) },
      providers: app.games,
      now: clock(),
      log: request.log,
      keyBase: ledgerKeyBase(request, userId, action),
    };
  }

  route(app, endpoints.lookupWithdraw, ({ db }) => getSettings(db, 'withdrawMin', 'withdrawMax'));

  route(app, endpoints.wallet, async ({ db, caller }) => walletAnswer(db, caller.userId));

  // The reference provider keeps its books in our ledger, so re-reading is refreshing; an
  // outside provider's balances would be fetched here first.
  route(app, endpoints.walletRefreshSlots, async ({ db, caller }) => walletAnswer(db, caller.userId));

  route(app, endpoints.transfer, async (call) => {
    const { body, caller, db } = call;
    if (body.from === body.to) throw new ApiError(400, SAME_ACCOUNT);
    if (body.from !== WALLET && body.to !== WALLET) throw new ApiError(400, 'KEY_INVALID');
    const amount = toMinor(body.amount);
    const toGame = body.from === WALLET;
    const found = await findMemberGame(db, caller.userId, toGame ? body.to : body.from);
    if (amount < (await transferMinimum(db, found))) throw new ApiError(400, 'TRANSFER_MINIMUM');
    const game = openedGame(found, toGame);
    return movedAnswer(await transferWithGame(db, await movementContext(call, 'transfer', game.currency), game, toGame, amount));
  });

  route(app, endpoints.transferAll, async (call) => {
    const { body, caller, db } = call;
    if (body.to === WALLET) throw new ApiError(400, SAME_ACCOUNT);
    const found = await findMemberGame(db, caller.userId, body.to);
    const game = openedGame(found, true);
    const minimum = await transferMinimum(db, found);
    return movedAnswer(await transferAllToGame(db, await movementContext(call, 'transferAll', game.currency), game, minimum));
  });

  route(app, endpoints.withdraw, async (call) => {
    const { amount, payTo } = await checkedWithdrawal(call.db, call.caller.userId, call.body.amount);
    return movedAnswer(await withdrawFromWallet(call.db, await movementContext(call, 'withdraw'), { amount, payTo, sweepGames: false }));
  });

  // The withdraw modal's call: every game balance comes back to the wallet first (docs/decisions.md).
  route(app, endpoints.withdrawAll, async (call) => {
    const { amount, payTo } = await checkedWithdrawal(call.db, call.caller.userId, call.body.amount);
    return movedAnswer(await withdrawFromWallet(call.db, await movementContext(call, 'withdrawAll'), { amount, payTo, sweepGames: true }));
  });
}
