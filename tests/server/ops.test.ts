/**
 * The operator's routes: the withdrawal queue, paying and rejecting a
 * withdrawal once, and deposits credited once per bank reference.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { withdrawals } from '../../src/server/db/schema.ts';
import { balanceOf, findAccount, systemCode } from '../../src/server/ledger/accounts.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import {
  buildMoneyApp,
  checkLedgerAfterEach,
  deposit,
  ledgerSnapshot,
  memberWithMoney,
  OPERATOR,
  operatorIdOf,
  walletOf,
  withdrawalIdOf,
  type MoneyApp,
} from './helpers/money.ts';

checkLedgerAfterEach();

/** A member's withdrawal of `amount`; returns its id. */
async function withdrawal(m: MoneyApp, token: string, amount: number): Promise<string> {
  const response = await call(m.app, endpoints.withdraw, { amount }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return withdrawalIdOf(m.db, response.json().transferId);
}

const asOperator = (m: MoneyApp, id: string) => ({ token: m.operatorToken, params: { id } });

describe('GET /api/ops/withdrawals', () => {
  it('lists open withdrawals oldest first, and paid or rejected ones by status', async () => {
    const m = await buildMoneyApp();
    const ann = await memberWithMoney(m, { wallet: 1_000, registration: { name: 'Ann Member' } });
    const bob = await memberWithMoney(m, { wallet: 1_000 });
    const first = await withdrawal(m, ann.token, 100);
    m.clock.advance(60_000);
    const second = await withdrawal(m, bob.token, 200);
    const third = await withdrawal(m, ann.token, 300);
    const fourth = await withdrawal(m, bob.token, 400);
    await call(m.app, endpoints.opsWithdrawalPaid, undefined, asOperator(m, second));
    await call(m.app, endpoints.opsWithdrawalRejected, undefined, asOperator(m, fourth));

    const list = async (query?: Record<string, string>) => {
      const response = await call(m.app, endpoints.opsWithdrawals, undefined, { token: m.operatorToken, ...(query && { query }) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().withdrawals as { id: string; status: string }[];
    };
    const open = await list();
    expect(open.map((w) => w.id)).toEqual([first, third]);
    expect(open[0]).toEqual({
      id: first,
      username: ann.phone,
      name: 'Ann Member',
      amount: 100,
      status: 'pending',
      bankAccount: {
        bankCode: 'SCB',
        bankAccountName: ann.body.bankAccountName,
        bankAccountNo: ann.body.bankAccountNo,
        currency: 'BAHT',
        bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
      },
      createdAt: new Date(m.clock().getTime() - 60_000).toISOString(),
      resolvedAt: null,
      reference: null,
      approvalId: null,
    });
    expect(await list({ status: 'pending' })).toEqual(open);
    expect((await list({ status: 'paid' })).map((w) => [w.id, w.status])).toEqual([[second, 'paid']]);
    expect((await list({ status: 'rejected' })).map((w) => [w.id, w.status])).toEqual([[fourth, 'rejected']]);

    const bad = await call(m.app, endpoints.opsWithdrawals, undefined, { token: m.operatorToken, query: { status: 'lost' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });
});

describe('POST /api/ops/withdrawals/:id/paid and /rejected', () => {
  it('pays: the held money leaves for the bank, once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const id = await withdrawal(m, member.token, 400);
    m.clock.advance(3_600_000);
    const response = await call(m.app, endpoints.opsWithdrawalPaid, undefined, asOperator(m, id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().withdrawal).toMatchObject({ id, status: 'paid', amount: 400, resolvedAt: m.clock().toISOString() });
    const [row] = await m.db.select().from(withdrawals).where(eq(withdrawals.id, Number(id)));
    expect(row).toMatchObject({ resolvedAt: m.clock(), resolvedBy: await operatorIdOf(m.db, OPERATOR.phone) });
    expect(balanceOf((await findAccount(m.db, systemCode('payouts', 'BAHT')))!)).toBe(40_000n);
    expect((await walletOf(m, member.token)).wallet).toBe(600);

    const before = await ledgerSnapshot(m.db);
    for (const endpoint of [endpoints.opsWithdrawalPaid, endpoints.opsWithdrawalRejected]) {
      const again = await call(m.app, endpoint, undefined, asOperator(m, id));
      expect([again.statusCode, again.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
  });

  it('rejects: the held money is back in the wallet, once', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const id = await withdrawal(m, member.token, 400);
    expect((await walletOf(m, member.token)).wallet).toBe(600);
    const response = await call(m.app, endpoints.opsWithdrawalRejected, undefined, asOperator(m, id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().withdrawal).toMatchObject({ id, status: 'rejected', resolvedAt: m.clock().toISOString() });
    expect((await walletOf(m, member.token)).wallet).toBe(1_000);
    expect(balanceOf((await findAccount(m.db, systemCode('payouts', 'BAHT')))!)).toBe(0n);
    for (const endpoint of [endpoints.opsWithdrawalPaid, endpoints.opsWithdrawalRejected]) {
      expect((await call(m.app, endpoint, undefined, asOperator(m, id))).statusCode).toBe(409);
    }
    expect((await walletOf(m, member.token)).wallet).toBe(1_000);
  });

  it('answers 404 NO_DATA for an unknown withdrawal and 400 for an id that is not one', async () => {
    const m = await buildMoneyApp();
    for (const endpoint of [endpoints.opsWithdrawalPaid, endpoints.opsWithdrawalRejected]) {
      for (const id of ['1', '999999', '99999999999999999']) {
        const response = await call(m.app, endpoint, undefined, asOperator(m, id));
        expect([id, response.statusCode, response.json()]).toEqual([id, 404, { message: 'NO_DATA' }]);
      }
      for (const id of ['0', 'abc', '-1', '1.5', '1e3']) {
        const response = await call(m.app, endpoint, undefined, asOperator(m, id));
        expect([id, response.statusCode, response.json()]).toEqual([id, 400, { message: 'NO_DATA' }]);
      }
    }
  });

  it('resolves a withdrawal once when paid and rejected race', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 1_000 });
    const ids = [await withdrawal(m, member.token, 100), await withdrawal(m, member.token, 200), await withdrawal(m, member.token, 300)];
    const answers = await Promise.all(
      ids.flatMap((id) => [
        call(m.app, endpoints.opsWithdrawalPaid, undefined, asOperator(m, id)),
        call(m.app, endpoints.opsWithdrawalRejected, undefined, asOperator(m, id)),
        call(m.app, endpoints.opsWithdrawalPaid, undefined, asOperator(m, id)),
      ]),
    );
    for (let i = 0; i < ids.length; i++) {
      const statuses = answers.slice(i * 3, i * 3 + 3).map((a) => a.statusCode);
      expect(statuses.sort()).toEqual([200, 409, 409]);
    }
    const resolved = await m.db.select().from(withdrawals);
    expect(resolved.every((w) => w.resolvingTransferId !== null)).toBe(true);
  });
});

describe('operator and member at once', () => {
  it('pays, rejects and deposits while the member withdraws and transfers, without a failure or a lost cent', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 2_000, inGames: { TEST_SLOT: 500 } });
    const open = [await withdrawal(m, member.token, 100), await withdrawal(m, member.token, 200), await withdrawal(m, member.token, 300)];
    const token = { token: member.token };
    const answers = await Promise.all([
      call(m.app, endpoints.opsWithdrawalPaid, undefined, asOperator(m, open[0]!)),
      call(m.app, endpoints.opsWithdrawalRejected, undefined, asOperator(m, open[1]!)),
      call(m.app, endpoints.opsWithdrawalPaid, undefined, asOperator(m, open[2]!)),
      call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 1_000, reference: 'MIXED-1' }, { token: m.operatorToken }),
      ...Array.from({ length: 6 }, () => call(m.app, endpoints.withdraw, { amount: 150 }, token)),
      ...Array.from({ length: 6 }, (_, i) => call(m.app, endpoints.transfer, i % 2 ? { from: 'TEST_SLOT', to: 'WALLET', amount: 50 } : { from: 'WALLET', to: 'TEST_SLOT', amount: 50 }, token)),
      call(m.app, endpoints.withdrawAll, { amount: 100 }, token),
    ]);
    const unexpected = answers.filter((a) => a.statusCode !== 200 && a.json().message !== 'MONEY_NOT_ENOUGH');
    expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    // Pay what is still held: then everything that came in (2,500 + 1,000) is in the wallet, the game, or paid out.
    for (const { id, resolvingTransferId } of await m.db.select().from(withdrawals)) {
      if (resolvingTransferId === null) expect((await call(m.app, endpoints.opsWithdrawalPaid, undefined, asOperator(m, String(id)))).statusCode).toBe(200);
    }
    const { wallet, slots } = await walletOf(m, member.token);
    const paidOut = Number(balanceOf((await findAccount(m.db, systemCode('payouts', 'BAHT')))!)) / 100;
    expect(wallet + slots.TEST_SLOT! + paidOut).toBe(3_500);
  });
});

describe('POST /api/ops/deposits', () => {
  it('credits the member’s wallet from the deposits account', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    const response = await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 1_234.56, reference: 'KBANK-0001' }, { token: m.operatorToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'SUCCESS',
      username: member.phone,
      amount: 1_234.56,
      reference: 'KBANK-0001',
      transferId: expect.stringMatching(/^\d+$/),
    });
    expect((await walletOf(m, member.token)).wallet).toBe(1_234.56);
    expect(balanceOf((await findAccount(m.db, systemCode('deposits', 'BAHT')))!)).toBe(-123_456n);
  });

  it('credits a reference once: the same again answers the same, another member or amount is 409', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    const other = await signedInMember(m);
    const first = await deposit(m, member.phone, 500, 'SCB-REF-42');
    const before = await ledgerSnapshot(m.db);
    expect(await deposit(m, member.phone, 500, 'SCB-REF-42')).toEqual(first);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    for (const body of [
      { username: member.phone, amount: 501, reference: 'SCB-REF-42' },
      { username: other.phone, amount: 500, reference: 'SCB-REF-42' },
    ]) {
      const response = await call(m.app, endpoints.opsDeposit, body, { token: m.operatorToken });
      expect([response.statusCode, response.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect((await walletOf(m, member.token)).wallet).toBe(500);
  });

  it('takes a reference in one form: another case, full-width letters, spaces or a zero-width space are the same payment', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    const first = await deposit(m, member.phone, 300, 'scb-ref-7');
    expect(first.reference).toBe('SCB-REF-7');
    const before = await ledgerSnapshot(m.db);
    for (const spelling of ['SCB-REF-7', 'SCB-REF-7\u200b', 'ＳＣＢ-ＲＥＦ-７', 'SCB -REF-7']) {
      expect(await deposit(m, member.phone, 300, spelling), spelling).toEqual(first);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const invisible = await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 300, reference: '\u200b\u200b' }, { token: m.operatorToken });
    // Nothing left once the invisible characters go: as an empty reference.
    expect([invisible.statusCode, invisible.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
  });

  it('credits a reference once when the same deposit races', async () => {
    const m = await buildMoneyApp();
    const member = await signedInMember(m);
    const body = { username: member.phone, amount: 700, reference: 'RACE-REF-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(m.app, endpoints.opsDeposit, body, { token: m.operatorToken })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().transferId)).size).toBe(1);
    expect((await walletOf(m, member.token)).wallet).toBe(700);
  });

  it('answers 404 NO_USER for an unknown phone or a non-member', async () => {
    const m = await buildMoneyApp();
    for (const username of ['0899999999', OPERATOR.phone]) {
      const response = await call(m.app, endpoints.opsDeposit, { username, amount: 10, reference: `R-${username}` }, { token: m.operatorToken });
      expect([response.statusCode, response.json()]).toEqual([404, { message: 'NO_USER' }]);
    }
  });
});

describe('operator access', () => {
  it('is refused to members (403 UNAUTHORIZED) and to visitors (401)', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500 });
    const id = await withdrawal(m, member.token, 100);
    const before = await ledgerSnapshot(m.db);
    const attempts: [Parameters<typeof call>[1], unknown, { params?: Record<string, string> }][] = [
      [endpoints.opsWithdrawals, undefined, {}],
      [endpoints.opsWithdrawalPaid, undefined, { params: { id } }],
      [endpoints.opsWithdrawalRejected, undefined, { params: { id } }],
      [endpoints.opsDeposit, { username: member.phone, amount: 1_000, reference: 'SELF-SERVICE' }, {}],
    ];
    for (const [endpoint, body, options] of attempts) {
      const asMember = await call(m.app, endpoint, body, { ...options, token: member.token });
      expect([endpoint.path, asMember.statusCode, asMember.json()]).toEqual([endpoint.path, 403, { message: 'UNAUTHORIZED' }]);
      const asVisitor = await call(m.app, endpoint, body, options);
      expect([endpoint.path, asVisitor.statusCode]).toEqual([endpoint.path, 401]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
  });
});
