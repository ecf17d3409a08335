/**
 * A bonus played to its turnover on the reference game, end to end through
 * the member's API and the game page's own calls (docs/decisions/0095-bonuses-on-the-ledger.md): the
 * bonus taken, money moved into the game, rounds played until the bets the
 * ledger holds reach the target, the money brought home and withdrawn in
 * full, which finishes the bonus. The ledger is sound at every step.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { toMinor } from '../../src/contract/money.ts';
import { bonuses } from '../../src/server/db/schema.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { ensureSystemAccount, ensureWalletAccount } from '../../src/server/ledger/accounts.ts';
import { postTransfer } from '../../src/server/ledger/transfers.ts';
import { activeBonusOf, addOffer, takeBonus } from './helpers/bonuses.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { userIdOf } from './helpers/money.ts';
import { activate, buildGamesApp, enterGame, spin } from './helpers/reference-games.ts';
import { losingReels } from '../support/scripted-random.ts';

it('takes a bonus, plays the reference game until the turnover is met, and withdraws in full, finishing it', async () => {
  const t = await buildGamesApp(losingReels());
  await t.db.delete(bonuses);
  await addOffer(t.db, t.clock(), { code: 'PLAYTHROUGH', grant: { fixed: 100 }, turnoverMultiplier: 1, endThreshold: 0 });
  const member = await signedInMember(t);
  const userId = await userIdOf(t.db, member.phone);
  const now = t.clock();
  const deposits = await ensureSystemAccount(t.db, 'deposits', 'BAHT', now);
  const wallet = await ensureWalletAccount(t.db, userId, 'BAHT', now);
  await postTransfer(t.db, { debitAccountId: deposits.id, creditAccountId: wallet.id, amount: toMinor(500), kind: 'deposit', idempotencyKey: `play-deposit:${userId}` }, now);
  await activate(t, member.token, 'lotus');

  await takeBonus(t, member.token, 'PLAYTHROUGH');
  const moved = await call(t.app, endpoints.transfer, { from: 'WALLET', to: 'lotus', amount: 200 }, { token: member.token });
  expect(moved.statusCode, moved.body).toBe(200);
  const refused = await call(t.app, endpoints.withdrawAll, { amount: 600 }, { token: member.token });
  expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'BONUS_CONDITION' }]);

  const cookie = await enterGame(t, member.token, 'lotus');
  for (let round = 1; round <= 10; round += 1) {
    const answer = await spin(t, cookie, { game: 'lotus', roundId: `bonus-play-${userId}-${round}`, bet: 10 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await activeBonusOf(t, member.token)).toMatchObject({ status: true, turnover: 10 * round, target: 100 });
  }
  const home = await call(t.app, endpoints.transfer, { from: 'lotus', to: 'WALLET', amount: 100 }, { token: member.token });
  expect(home.statusCode, home.body).toBe(200);
  const done = await call(t.app, endpoints.withdrawAll, { amount: 500 }, { token: member.token });
  expect([done.statusCode, done.json()]).toMatchObject([200, { amount: 500, wallet: { amount: 0 } }]);
  expect(await activeBonusOf(t, member.token)).toEqual({ status: false, type: null });
  const statement = (await call(t.app, endpoints.statement, { page: 1, limit: 3 }, { token: member.token })).json();
  expect(statement.statements.map((row: { statementType: string }) => row.statementType)).toEqual(['finish_bonus', 'withdraw', 'transfer']);
  expect((await t.db.select({ status: bonuses.status }).from(bonuses).where(eq(bonuses.code, 'PLAYTHROUGH')))[0]?.status).toBe('active');
  expect(await checkLedger(t.db)).toEqual([]);
});
