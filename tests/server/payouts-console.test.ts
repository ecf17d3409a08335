/**
 * The payout queue as the console works it (docs/decisions/0127-payouts-console.md):
 * GET /api/ops/withdrawals paged and filtered by member and bank, with the
 * total; a payout with the bank's transfer reference, kept on the ledger's
 * posting, in the audit and in the list, also when a second operator approves
 * it; and the queue as CSV for the bank's batch upload.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { WITHDRAWALS_PAGE_SIZE } from '../../src/contract/ops.ts';
import { auditLog, ledgerTransfers, withdrawals } from '../../src/server/db/schema.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { call } from './helpers/http.ts';
import { operatorToken } from './helpers/operators.ts';
import { buildMoneyApp, checkLedgerAfterEach, memberWithMoney, withdrawalIdOf, type MoneyApp, type MoneyMember } from './helpers/money.ts';

checkLedgerAfterEach();

/** A withdrawal of `amount` by `member`; answers its id. */
async function withdrawal(m: MoneyApp, member: MoneyMember, amount: number): Promise<string> {
  const response = await call(m.app, endpoints.withdraw, { amount }, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return withdrawalIdOf(m.db, response.json().transferId);
}

type Row = { id: string; username: string; status: string; reference: string | null; approvalId: string | null; bankAccount: { bankCode: string } };

async function list(m: MoneyApp, query: Record<string, string> = {}, token = m.operatorToken) {
  const response = await call(m.app, endpoints.opsWithdrawals, undefined, { token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { withdrawals: Row[]; total: number };
}

const paid = (m: MoneyApp, id: string, body?: unknown, token = m.operatorToken) => call(m.app, endpoints.opsWithdrawalPaid, body, { token, params: { id } });

describe('GET /api/ops/withdrawals, the console\'s queue', () => {
  it('pages the pending ones oldest first with the total, and filters by member and by bank', async () => {
    const m = await buildMoneyApp();
    const ann = await memberWithMoney(m, { wallet: 2_000 });
    const bob = await memberWithMoney(m, { wallet: 2_000, registration: { bankCode: 'KBANK' } });
    const ids: string[] = [];
    for (let n = 0; n < WITHDRAWALS_PAGE_SIZE + 2; n += 1) ids.push(await withdrawal(m, n % 2 === 0 ? ann : bob, 100));

    const first = await list(m);
    expect([first.total, first.withdrawals.map((row) => row.id)]).toEqual([ids.length, ids.slice(0, WITHDRAWALS_PAGE_SIZE)]);
    const second = await list(m, { page: '2' });
    expect([second.total, second.withdrawals.map((row) => row.id)]).toEqual([ids.length, ids.slice(WITHDRAWALS_PAGE_SIZE)]);
    expect((await list(m, { page: '3' })).withdrawals).toEqual([]);

    const bobs = await list(m, { member: bob.phone });
    expect([bobs.total, bobs.withdrawals.every((row) => row.username === bob.phone)]).toEqual([ids.length / 2, true]);
    const kbank = await list(m, { bank: 'kbank' });
    expect([kbank.total, kbank.withdrawals.every((row) => row.bankAccount.bankCode === 'KBANK')]).toEqual([ids.length / 2, true]);
  });

  it('orders by the sort asked: oldest (the default while pending), newest, largest (the oldest first among equal amounts)', async () => {
    const m = await buildMoneyApp();
    const ann = await memberWithMoney(m, { wallet: 5_000 });
    const small = await withdrawal(m, ann, 100);
    const large = await withdrawal(m, ann, 900);
    const middle = await withdrawal(m, ann, 500);
    const alsoLarge = await withdrawal(m, ann, 900);
    const ids = async (query: Record<string, string>) => (await list(m, query)).withdrawals.map((row) => row.id);

    expect(await ids({})).toEqual([small, large, middle, alsoLarge]);
    expect(await ids({ sort: 'oldest' })).toEqual([small, large, middle, alsoLarge]);
    expect(await ids({ sort: 'newest' })).toEqual([alsoLarge, middle, large, small]);
    expect(await ids({ sort: 'largest' })).toEqual([large, alsoLarge, middle, small]);
  });

  it('refuses a query it cannot read with KEY_INVALID', async () => {
    const m = await buildMoneyApp();
    const queries: Record<string, string>[] = [{ page: '0' }, { page: 'two' }, { member: '08-123' }, { bank: '<script>' }, { status: 'lost' }, { sort: 'cheapest' }];
    for (const query of queries) {
      const response = await call(m.app, endpoints.opsWithdrawals, undefined, { token: m.operatorToken, query });
      expect([response.statusCode, response.json()], JSON.stringify(query)).toEqual([400, { message: 'KEY_INVALID' }]);
    }
  });
});

describe('POST /api/ops/withdrawals/:id/paid with the bank\'s reference', () => {
  it('keeps the reference, in one form, on the ledger\'s posting, in the audit and in the list', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500 });
    const id = await withdrawal(m, member, 250);

    const response = await paid(m, id, { reference: ' kb 2026-0001 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().withdrawal).toMatchObject({ id, status: 'paid', reference: 'KB2026-0001', approvalId: null });

    const [row] = await m.db.select({ resolving: withdrawals.resolvingTransferId }).from(withdrawals).where(eq(withdrawals.id, Number(id)));
    const [posting] = await m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, row!.resolving!));
    expect([posting?.phase, posting?.reference]).toEqual(['post_pending', 'KB2026-0001']);
    const audit = await m.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawal.paid'));
    expect(audit.map((entry) => entry.after)).toEqual([{ status: 'paid', transferId: String(posting!.id), reference: 'KB2026-0001' }]);
    expect((await list(m, { status: 'paid' })).withdrawals.map((w) => [w.id, w.reference])).toEqual([[id, 'KB2026-0001']]);
  });

  it('pays without one (no body, or an empty one), as scripts always did', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500 });
    const bare = await paid(m, await withdrawal(m, member, 100));
    const empty = await paid(m, await withdrawal(m, member, 100), {});
    expect([bare.statusCode, bare.json().withdrawal.reference, empty.statusCode, empty.json().withdrawal.reference]).toEqual([200, null, 200, null]);
  });

  it('refuses a reference that is blank, too long or not text, moving nothing', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500 });
    const id = await withdrawal(m, member, 100);
    for (const body of [{ reference: '   ' }, { reference: 'X'.repeat(101) }, { reference: 42 }, { reference: '\u200b' }]) {
      const response = await paid(m, id, body);
      expect([response.statusCode, response.json()], JSON.stringify(body)).toEqual([400, { message: 'KEY_INVALID' }]);
    }
    expect((await list(m)).withdrawals.map((row) => row.id)).toEqual([id]);
  });

  it('above the threshold: the request keeps the reference, the list shows it waiting, and the approver pays with it', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 500 });
    const id = await withdrawal(m, member, 300);
    await putSetting(m.db, 'approvalThreshold', { BAHT: 100, LAK: 4_000_000 });
    const asker = await operatorToken(m, 'finance', '0810000091');
    const approver = await operatorToken(m, 'finance', '0810000092');

    const asked = await paid(m, id, { reference: 'SCB-777' }, asker);
    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    const approvalId: string = asked.json().approvalId;
    expect((await list(m)).withdrawals.map((row) => [row.id, row.approvalId])).toEqual([[id, approvalId]]);
    // Another reference for the same payout is another request: refused while this one waits.
    expect((await paid(m, id, { reference: 'SCB-778' }, asker)).statusCode).toBe(409);

    const approved = await call(m.app, endpoints.opsApprovalApproved, undefined, { token: approver, params: { id: approvalId } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await list(m, { status: 'paid' })).withdrawals.map((row) => [row.id, row.reference, row.approvalId])).toEqual([[id, 'SCB-777', null]]);
  });
});

describe('GET /api/ops/withdrawals.csv, the bank\'s batch', () => {
  it('answers the filtered withdrawals as CSV with a BOM, the total in X-Total-Count, and formulas escaped', async () => {
    const m = await buildMoneyApp();
    const ann = await memberWithMoney(m, { wallet: 2_000, registration: { name: 'อรุณ ใจดี', bankAccountName: 'อรุณ ใจดี' } });
    const bob = await memberWithMoney(m, { wallet: 1_000, registration: { bankCode: 'KBANK' } });
    const first = await withdrawal(m, ann, 1_234.5);
    await withdrawal(m, bob, 200);
    const done = await withdrawal(m, ann, 300);
    await paid(m, done, { reference: '=HYPERLINK("x")' });
    const another = await withdrawal(m, bob, 100);
    await paid(m, another, { reference: 'X;=1+2' });

    const response = await call(m.app, endpoints.opsWithdrawalsCsv, undefined, { token: m.operatorToken, query: { bank: 'SCB' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('1');
    // Every cell quoted: a spreadsheet that splits on ';' or '|' still reads one cell per field.
    expect(response.body.startsWith('\uFEFF"id","createdAt","status","username","name","bankCode","bankName","accountName","accountNo","amount","currency","reference"\n')).toBe(true);
    const lines = response.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${first}",`);
    expect(lines[1]).toContain(',"pending",');
    expect(lines[1]).toContain('อรุณ ใจดี');
    expect(lines[1]).toContain(',"1234.50","BAHT",');

    const paidCsv = await call(m.app, endpoints.opsWithdrawalsCsv, undefined, { token: m.operatorToken, query: { status: 'paid' } });
    // The reference as the operator typed it, made harmless for a spreadsheet.
    expect(paidCsv.body).toContain(`"'=HYPERLINK(""X"")"`);
    // A formula after a separator some spreadsheets split on stays inside its quoted cell.
    expect(paidCsv.body).toContain(`,"X;=1+2"`);
  });

  it('is finance\'s: a support operator gets 403', async () => {
    const m = await buildMoneyApp();
    const support = await operatorToken(m, 'support', '0810000093');
    const response = await call(m.app, endpoints.opsWithdrawalsCsv, undefined, { token: support });
    expect(response.statusCode).toBe(403);
  });
});
