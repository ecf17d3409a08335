/**
 * The audit trail (docs/decisions/0123-audit-trail.md): every operator
 * action — who, when, what, the target and member, before and after — in
 * one append-only table; GET /api/ops/audit filters it by operator, member,
 * action and day and pages it; /api/ops/audit.csv exports it. Admins only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { AuditEntry } from '../../src/contract/ops.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { call } from './helpers/http.ts';
import { login } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, memberWithMoney, OPERATOR, withdrawalIdOf, type MoneyApp } from './helpers/money.ts';
import { operatorToken } from './helpers/operators.ts';

checkLedgerAfterEach();

/** An entry as the audit answers it (the contract's). */
type Entry = v.InferOutput<typeof AuditEntry>;

async function auditAs(m: MoneyApp, query: Record<string, string>, token: string): Promise<{ entries: Entry[]; total: number }> {
  const response = await call(m.app, endpoints.opsAudit, undefined, { token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const audit = (m: MoneyApp, query: Record<string, string> = {}) => auditAs(m, query, m.operatorToken);

async function ok(response: Promise<{ statusCode: number; body: string }>) {
  const { statusCode, body } = await response;
  expect(statusCode, body).toBeLessThan(300);
}

describe('the audit of operator actions', () => {
  it('records each action once, with who, the member, before and after, whoever did it (alone or by approval)', async () => {
    const m = await buildMoneyApp();
    const finance = await operatorToken(m, 'finance', '0810000201');
    const support = await operatorToken(m, 'support', '0810000202');
    const member = await memberWithMoney(m, { wallet: 500 });
    const start = (await audit(m)).total;

    const withdrawn = await call(m.app, endpoints.withdraw, { amount: 100 }, { token: member.token });
    const id = await withdrawalIdOf(m.db, withdrawn.json().transferId);
    await ok(call(m.app, endpoints.opsWithdrawalPaid, undefined, { token: finance, params: { id } }));
    await ok(call(m.app, endpoints.opsAdjustment, { username: member.phone, amount: -50, reason: 'Bonus credited twice' }, { token: finance, idempotencyKey: 'audit-adjust-1' }));
    await ok(call(m.app, endpoints.opsMemberStatus, { status: 'suspended' }, { token: support, params: { username: member.phone } }));

    const { entries, total } = await audit(m);

    expect(total).toBe(start + 3);
    expect(entries.slice(0, 3)).toEqual([
      expect.objectContaining({ operator: '0810000202', action: 'member.status', subject: member.phone, member: member.phone, before: { status: 'active' }, after: { status: 'suspended' } }),
      expect.objectContaining({
        operator: '0810000201',
        action: 'adjustment',
        subject: expect.stringMatching(/^\d+:audit-adjust-1$/),
        member: member.phone,
        before: null,
        after: { amount: -50, currency: 'BAHT', reason: 'Bonus credited twice', transferId: expect.any(String) },
      }),
      expect.objectContaining({ operator: '0810000201', action: 'withdrawal.paid', subject: id, member: member.phone, before: { status: 'pending' }, after: { status: 'paid', transferId: expect.any(String) } }),
    ]);
    // The member's money arrived by manual deposits, each recorded for the admin who made it.
    expect(entries.filter((entry) => entry.action === 'deposit.manual')).toEqual([expect.objectContaining({ operator: OPERATOR.phone, member: member.phone, after: expect.objectContaining({ amount: 500 }) })]);
  });

  it('records an approved request as asked, decided and done by the approver', async () => {
    const m = await buildMoneyApp();
    const first = await operatorToken(m, 'finance', '0810000211');
    const second = await operatorToken(m, 'finance', '0810000212');
    const member = await memberWithMoney(m, { wallet: 10 });

    const asked = await call(m.app, endpoints.opsAdjustment, { username: member.phone, amount: 20_000.01, reason: 'Lost deposit' }, { token: first, idempotencyKey: 'audit-big-1' });
    expect(asked.statusCode, asked.body).toBe(202);
    await ok(call(m.app, endpoints.opsApprovalApproved, undefined, { token: second, params: { id: asked.json().approvalId } }));

    const { entries } = await audit(m, { member: member.phone });
    expect(entries.slice(0, 3).map((entry) => [entry.operator, entry.action, entry.subject])).toEqual([
      ['0810000212', 'approval.approved', asked.json().approvalId],
      ['0810000212', 'adjustment', expect.stringMatching(/^\d+:audit-big-1$/)],
      ['0810000211', 'approval.requested', asked.json().approvalId],
    ]);
    expect(entries[0]!.after).toMatchObject({ status: 'approved', action: 'adjustment', amount: 20_000.01, reason: 'Lost deposit' });
  });

  it('closes a request that another path settled (approval.superseded), and records a standing that did not change once', async () => {
    const m = await buildMoneyApp();
    const finance = await operatorToken(m, 'finance', '0810000231');
    const support = await operatorToken(m, 'support', '0810000232');
    const member = await memberWithMoney(m, { wallet: 25_000 });
    const withdrawn = await call(m.app, endpoints.withdraw, { amount: 25_000 }, { token: member.token });
    const id = await withdrawalIdOf(m.db, withdrawn.json().transferId);
    const asked = await call(m.app, endpoints.opsWithdrawalPaid, undefined, { token: finance, params: { id } });
    expect(asked.statusCode, asked.body).toBe(202);

    await ok(call(m.app, endpoints.opsWithdrawalRejected, undefined, { token: m.operatorToken, params: { id } }));
    for (let i = 0; i < 2; i++) await ok(call(m.app, endpoints.opsMemberStatus, { status: 'suspended' }, { token: support, params: { username: member.phone } }));

    const { entries } = await audit(m, { member: member.phone });
    expect(entries.slice(0, 4).map((entry) => [entry.operator, entry.action, entry.subject])).toEqual([
      ['0810000232', 'member.status', member.phone],
      // the rejection and, in its transaction, the request it made pointless
      [OPERATOR.phone, 'approval.superseded', asked.json().approvalId],
      [OPERATOR.phone, 'withdrawal.rejected', id],
      ['0810000231', 'approval.requested', asked.json().approvalId],
    ]);
  });

  it('filters by operator, member, action and day (in the service’s time zone), and pages newest first or oldest first', async () => {
    const m = await buildMoneyApp();
    const finance = await operatorToken(m, 'finance', '0810000221');
    const a = await memberWithMoney(m, { wallet: 100 });
    const b = await memberWithMoney(m, { wallet: 100 });
    // 2026-03-02T03:00Z is 10:00 in Bangkok; 17:30Z is 00:30 the next day there.
    for (const [member, key] of [[a, 'filter-1'], [b, 'filter-2'], [a, 'filter-3']] as const) {
      await ok(call(m.app, endpoints.opsAdjustment, { username: member.phone, amount: 1, reason: 'Goodwill' }, { token: finance, idempotencyKey: key }));
    }
    m.clock.advance(14.5 * 3600_000);
    // The earlier sessions have ended by now: the admin signs in again.
    const admin = await login(m, OPERATOR.phone, OPERATOR.password);
    await ok(call(m.app, endpoints.opsAdjustment, { username: b.phone, amount: 1, reason: 'Goodwill' }, { token: admin, idempotencyKey: 'filter-4' }));
    const audit = (query: Record<string, string>) => auditAs(m, query, admin);

    // An adjustment's subject is its asker's id and key.
    const subjects = (page: { entries: Entry[] }) => page.entries.map((entry) => entry.subject.replace(/^\d+:/, ''));
    expect(subjects(await audit({ operator: '0810000221' }))).toEqual(['filter-3', 'filter-2', 'filter-1']);
    expect(subjects(await audit({ operator: '0810000221', member: a.phone }))).toEqual(['filter-3', 'filter-1']);
    expect(subjects(await audit({ operator: OPERATOR.phone, action: 'adjustment' }))).toEqual(['filter-4']);
    expect(subjects(await audit({ action: 'adjustment', day: '2026-03-03' }))).toEqual(['filter-4']);
    expect(subjects(await audit({ action: 'adjustment', day: '2026-03-02' }))).toEqual(['filter-3', 'filter-2', 'filter-1']);
    const second = await audit({ action: 'adjustment', limit: '3', page: '2' });
    expect([subjects(second), second.total]).toEqual([['filter-1'], 4]);
    expect((await audit({ action: 'adjustment', day: '2026-03-01' })).entries).toEqual([]);
    // Oldest first when asked: a day read in the order it happened.
    expect(subjects(await audit({ action: 'adjustment', sort: 'oldest' }))).toEqual(['filter-1', 'filter-2', 'filter-3', 'filter-4']);

    const days = ['2026-13-01', '2023-02-31', '2024-02-30', '0000-01-01', '2026-3-2'].map((day) => ({ day }));
    for (const query of [...days, { page: '0' }, { limit: '201' }, { operator: '' }, { sort: 'random' }] as Record<string, string>[]) {
      const refused = await call(m.app, endpoints.opsAudit, undefined, { token: admin, query });
      const exported = await call(m.app, endpoints.opsAuditCsv, undefined, { token: admin, query });
      expect([refused.statusCode, refused.json(), exported.statusCode]).toEqual([400, { message: 'KEY_INVALID' }, 400]);
    }
  });

  it('exports the matches as CSV, with formulas a spreadsheet would run escaped', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    await ok(call(m.app, endpoints.opsAdjustment, { username: member.phone, amount: 1, reason: '=HYPERLINK("http://x.test","คืนเงิน")' }, { token: m.operatorToken, idempotencyKey: 'csv-key-1' }));

    const response = await call(m.app, endpoints.opsAuditCsv, undefined, { token: m.operatorToken, query: { action: 'adjustment' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('1');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('"id","createdAt","operator","action","subject","member","before","after"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`,"${OPERATOR.phone}","adjustment","\\d+:csv-key-1","${member.phone}","null",`));
    expect(lines[1]).toContain('คืนเงิน');
    // The reason sits inside the JSON of `after`, which starts with "{"; a subject that starts like a formula (a bank reference
    // the operator typed) is escaped.
    await ok(call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 1, reference: '=1+1' }, { token: m.operatorToken }));
    const escaped = await call(m.app, endpoints.opsAuditCsv, undefined, { token: m.operatorToken, query: { action: 'deposit.manual' } });
    expect(escaped.body).toContain(`,"${OPERATOR.phone}","deposit.manual","'=1+1","${member.phone}","null",`);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    expect((await audit(m, { member: member.phone })).total).toBeGreaterThan(0);

    const refusal = (query: ReturnType<typeof sql>) => m.db.execute(query).then(() => 'done', (error: Error) => String((error.cause as Error | undefined)?.message));
    expect(await refusal(sql`update ${auditLog} set action = 'nothing'`)).toBe('audit_log rows are never updated or deleted');
    expect(await refusal(sql`delete from ${auditLog}`)).toBe('audit_log rows are never updated or deleted');
    expect((await audit(m, { member: member.phone })).entries.map((entry) => entry.action)).toEqual(['deposit.manual']);
  });
});
