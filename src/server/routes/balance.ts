/**
 * The member's balances (spec 7, /api/wallet): profile, bank account, what
 * the wallet holds and each opened game's balance. Keyed by the caller's
 * user id.
 */
import type { FastifyInstance } from 'fastify';
import type { WalletResponse } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor } from '../../contract/money.ts';
import { profileAnswer, profileOf } from '../answers/profile.ts';
import type { Queryable } from '../db/client.ts';
import { spendableInWallet } from '../money/movement.ts';
import { listMemberGameAccounts } from '../repositories/games.ts';
import { inviteSummary } from '../rewards/invites.ts';
import { route } from '../route.ts';

export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  async function walletAnswer(db: Queryable, userId: number): Promise<WalletResponse> {
    const profile = await profileOf(db, userId);
    const spendable = await spendableInWallet(db, userId);
    const slots = await listMemberGameAccounts(db, userId);
    return {
      ...profileAnswer(profile),
      wallet: { amount: toMajor(spendable) },
      // What the caller's invites earned, settled as of now (docs/decisions/0098-invite-bonus.md).
      invite: await inviteSummary(db, userId, clock()),
      slots,
      updatedAt: clock().toISOString(),
    };
  }

  route(app, endpoints.wallet, async ({ db, caller }) => walletAnswer(db, caller.userId));

  // The reference provider keeps its books in our ledger, so re-reading is refreshing; an
  // outside provider's balances would be fetched here first.
  route(app, endpoints.walletRefreshGames, async ({ db, caller }) => walletAnswer(db, caller.userId));
}
