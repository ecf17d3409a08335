/**
 * The statement (spec 2, 4, 7): the wallet's movements from the ledger,
 * newest first, one item per movement, with statuses that follow a
 * withdrawal's resolution; paged.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { ensureHouseAccount, findAccount, gameAccountCode } from '../../src/server/ledger/accounts.ts';
import { postTransfer } from '../../src/server/ledger/transfers.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, memberWithMoney, withdrawalIdOf, type MoneyApp } from './helpers/money.ts';

checkLedgerAfterEach();

async function statement(m: MoneyApp, token: string, page = 1, limit = 10) {
  const response = await call(m.app, endpoints.statement, { page, limit }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/statement', () => {
  it('is empty for a member whose wallet never moved', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    expect(await statement(m, member.token)).toEqual({ statements: [], total: 0 });
  });

  it('lists each movement once, newest first, with its type, sides, amount and status', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { opened: ['TEST_SLOT'] });
    const token = { token: member.token };
    const moneyIn = await deposit(m, member.phone, 2_000);
    const toGame = (await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 300 }, token)).json();
    const back = (await call(m.app, endpoints.transfer, { from: 'TEST_SLOT', to: 'WALLET', amount: 100.5 }, token)).json();
    const paid = (await call(m.app, endpoints.withdraw, { amount: 200 }, token)).json();
    const rejected = (await call(m.app, endpoints.withdraw, { amount: 300 }, token)).json();
    const open = (await call(m.app, endpoints.withdraw, { amount: 400 }, token)).json();
    const operator = (transferId: string) => withdrawalIdOf(m.db, transferId).then((id) => ({ token: m.operatorToken, params: { id } }));
    expect((await call(m.app, endpoints.opsWithdrawalPaid, undefined, await operator(paid.transferId))).statusCode).toBe(200);
    expect((await call(m.app, endpoints.opsWithdrawalRejected, undefined, await operator(rejected.transferId))).statusCode).toBe(200);

    const { statements, total } = await statement(m, member.token);
    const createdAt = m.clock().toISOString();
    const bank = member.body.bankCode;
    expect(statements).toEqual([
      { _id: open.transferId, statementType: 'withdraw', from: 'WALLET', to: bank, amount: 400, status: 'PENDING', createdAt },
      { _id: rejected.transferId, statementType: 'withdraw', from: 'WALLET', to: bank, amount: 300, status: 'FAILED', createdAt },
      { _id: paid.transferId, statementType: 'withdraw', from: 'WALLET', to: bank, amount: 200, status: 'SUCCESS', createdAt },
      { _id: back.transferId, statementType: 'transfer', from: 'TEST_SLOT', to: 'WALLET', amount: 100.5, status: 'SUCCESS', createdAt },
      { _id: toGame.transferId, statementType: 'transfer', from: 'WALLET', to: 'TEST_SLOT', amount: 300, status: 'SUCCESS', createdAt },
      { _id: moneyIn.transferId, statementType: 'deposit', from: 'DEPOSIT', to: 'WALLET', amount: 2_000, status: 'SUCCESS', createdAt },
    ]);
    expect(total).toBe(6);
  });

  it('leaves out movements that do not touch the wallet (bets inside a game)', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 100 } });
    const game = await findAccount(m.db, gameAccountCode(member.userId, 'TEST_SLOT'));
    const house = await ensureHouseAccount(m.db, 'test-provider', 'BAHT', m.clock());
    await postTransfer(m.db, { debitAccountId: game!.id, creditAccountId: house.id, amount: 1_000n, kind: 'bet', idempotencyKey: 'bet-1' }, m.clock());
    const { statements, total } = await statement(m, member.token);
    expect(statements.map((s: { statementType: string }) => s.statementType)).toEqual(['transfer', 'deposit']);
    expect(total).toBe(2);
  });

  it('pages newest first without gaps or repeats', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    const ids: string[] = [];
    for (let i = 1; i <= 23; i++) {
      ids.push((await deposit(m, member.phone, i)).transferId);
      m.clock.advance(1_000);
    }
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await statement(m, member.token, page, 10));
    expect(pages.map((p) => p.total)).toEqual([23, 23, 23, 23]);
    expect(pages.map((p) => p.statements.length)).toEqual([10, 10, 3, 0]);
    expect(pages.flatMap((p) => p.statements.map((s: { _id: string }) => s._id))).toEqual(ids.reverse());
    expect(pages[0].statements[0]).toMatchObject({ amount: 23, createdAt: new Date(m.clock().getTime() - 1_000).toISOString() });
  });

  it('refuses a page or limit out of range with KEY_INVALID', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    for (const body of [{ page: 0, limit: 10 }, { page: 1, limit: 0 }, { page: 1, limit: 101 }, { page: 1.5, limit: 10 }, { page: '1', limit: 10 }]) {
      const response = await call(m.app, endpoints.statement, body, { token: member.token });
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
  });
});

