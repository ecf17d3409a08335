/**
 * Dual control (docs/decisions/0121-dual-control.md): a payout, a manual
 * deposit, a payment's credit or a slip's approval above the approval
 * threshold (20,000 baht by default), or beyond what the operator may move
 * alone in a day (1,000,000), is not done by the operator who calls it: 202
 * APPROVAL_REQUIRED, nothing moves, and the request waits until a second
 * operator approves it (it runs then, once) or someone rejects it. The one
 * who asked never approves; within both bounds the call is done at once.
 */
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../src/contract/api.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { slips } from '../../src/server/db/schema.ts';
import { addOperator } from '../../src/server/operators/accounts.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import type { Settings } from '../../src/server/repositories/settings.ts';
import { createQr, simulatorFor } from './helpers/deposits.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, userIdOf, walletOf, withdrawalIdOf, type MoneyApp } from './helpers/money.ts';

checkLedgerAfterEach();

interface Operator {
  name: string;
  token: string;
  /** Signs in again (an operator's session ends after a while idle). */
  again?: () => Promise<Operator>;
}

let phones = 0;

/** A signed-in operator of `role`. */
async function operator(m: MoneyApp, role: OperatorRole): Promise<Operator> {
  const phone = `08100000${String(++phones).padStart(2, '0')}`;
  const name = `${role} ${phones}`;
  const enrolment = await addOperator(m.db, { phone, role, name }, m.clock());
  const signIn = async (): Promise<Operator> => {
    m.clock.advance(30_000);
    const response = await call(m.app, endpoints.login, { username: phone, password: enrolment.password, otpCode: totpCode(enrolment.totpSecret, m.clock()) });
    expect(response.statusCode, response.body).toBe(200);
    return { name, token: response.json().token, again: signIn };
  };
  return signIn();
}

/** The app with two finance operators. */
async function dualApp() {
  const m = await buildMoneyApp();
  return { m, first: await operator(m, 'finance'), second: await operator(m, 'finance') };
}

const as = (who: Operator, id?: string) => ({ token: who.token, ...(id !== undefined && { params: { id } }) });

async function approvals(m: MoneyApp, who: Operator, status?: string) {
  const response = await call(m.app, endpoints.opsApprovals, undefined, { token: who.token, ...(status && { query: { status } }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().approvals as { id: string; status: string }[];
}

/** A member's withdrawal of `amount` baht; answers its id. */
async function withdrawal(m: MoneyApp, amount: number) {
  const member = await memberWithMoney(m, { wallet: amount });
  const response = await call(m.app, endpoints.withdraw, { amount }, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return { member, id: await withdrawalIdOf(m.db, response.json().transferId) };
}

const withdrawalStatus = async (m: MoneyApp, who: Operator, id: string, status = 'pending') => {
  const response = await call(m.app, endpoints.opsWithdrawals, undefined, { token: who.token, query: { status } });
  return (response.json().withdrawals as { id: string }[]).some((row) => row.id === id);
};

describe('a payout above the threshold', () => {
  it('answers 202 and moves nothing; the asker cannot approve; a second operator approves and it is paid once', async () => {
    const { m, first, second } = await dualApp();
    const { member, id } = await withdrawal(m, 20_000.01);
    const before = await ledgerSnapshot(m.db);

    const asked = await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(first, id));
    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    const approvalId: string = asked.json().approvalId;
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await withdrawalStatus(m, first, id)).toBe(true);
    // Asking again is the same request.
    const again = await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(second, id));
    expect([again.statusCode, again.json()]).toEqual([202, { message: 'APPROVAL_REQUIRED', approvalId }]);

    expect(await approvals(m, second)).toEqual([
      {
        id: approvalId,
        action: 'withdrawal.paid',
        subject: id,
        username: member.phone,
        amount: 20_000.01,
        reason: null,
        currency: 'BAHT',
        status: 'pending',
        requestedBy: first.name,
        requestedAt: m.clock().toISOString(),
        decidedBy: null,
        decidedAt: null,
      },
    ]);

    const self = await call(m.app, endpoints.opsApprovalApproved, undefined, as(first, approvalId));
    expect([self.statusCode, self.json()]).toEqual([403, { message: 'SAME_OPERATOR' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);

    m.clock.advance(60_000);
    const approved = await call(m.app, endpoints.opsApprovalApproved, undefined, as(second, approvalId));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval).toMatchObject({ id: approvalId, status: 'approved', decidedBy: second.name, decidedAt: m.clock().toISOString() });
    expect(await withdrawalStatus(m, first, id, 'paid')).toBe(true);
    expect((await walletOf(m, member.token)).wallet).toBe(0);

    // Decided once; the withdrawal is paid, so asking again is refused as a second payment is.
    const twice = await call(m.app, endpoints.opsApprovalApproved, undefined, as(second, approvalId));
    const repay = await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(first, id));
    expect([twice.statusCode, twice.json(), repay.statusCode, repay.json()]).toEqual([409, { message: 'KEY_INVALID' }, 409, { message: 'KEY_INVALID' }]);
    expect(await approvals(m, first)).toEqual([]);
    expect((await approvals(m, first, 'approved')).map((row) => row.id)).toEqual([approvalId]);
  });

  it('pays at once at the threshold or below, as before', async () => {
    const { m, first } = await dualApp();
    const { id } = await withdrawal(m, 20_000);
    const paid = await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(first, id));
    expect([paid.statusCode, paid.json().withdrawal?.status]).toEqual([200, 'paid']);
    expect(await approvals(m, first)).toEqual([]);
  });

  it('of two operators approving at once, runs once: the other is told it was decided', async () => {
    const { m, first, second } = await dualApp();
    const third = await operator(m, 'finance');
    const member = await signedInMember(m);
    // A deposit: run twice, it would replay its ledger key and both would answer 200; only the request's lock makes one of them 409.
    const approvalId = (await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 30_000, reference: 'TWICE-1' }, as(first))).json().approvalId as string;
    const answers = await Promise.all([second, third].map((who) => call(m.app, endpoints.opsApprovalApproved, undefined, as(who, approvalId))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await walletOf(m, member.token)).wallet).toBe(30_000);
  });

  it('approved while its withdrawal is rejected, does one or the other, whole: paid and the rejection refused, or rejected and the approval refused', async () => {
    const { m, first, second } = await dualApp();
    const third = await operator(m, 'finance');
    const { member, id } = await withdrawal(m, 30_000);
    const approvalId = (await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(first, id))).json().approvalId as string;
    const [approve, reject] = await Promise.all([
      call(m.app, endpoints.opsApprovalApproved, undefined, as(second, approvalId)),
      call(m.app, endpoints.opsWithdrawalRejected, undefined, as(third, id)),
    ]);
    const rows = await approvals(m, first, approve.statusCode === 200 ? 'approved' : 'superseded');
    expect(rows.map((row) => row.id)).toEqual([approvalId]);
    if (approve.statusCode === 200) {
      expect([reject.statusCode, (await walletOf(m, member.token)).wallet]).toEqual([409, 0]);
    } else {
      expect([approve.statusCode, reject.statusCode, (await walletOf(m, member.token)).wallet]).toEqual([409, 200, 30_000]);
    }
  });

  it('rejected, moves nothing; the withdrawal stays pending, and may be asked for again', async () => {
    const { m, first, second } = await dualApp();
    const { id } = await withdrawal(m, 25_000);
    const approvalId = (await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(first, id))).json().approvalId as string;
    const before = await ledgerSnapshot(m.db);
    // The asker may withdraw their own request.
    const rejected = await call(m.app, endpoints.opsApprovalRejected, undefined, as(first, approvalId));
    expect([rejected.statusCode, rejected.json().approval?.status, rejected.json().approval?.decidedBy]).toEqual([200, 'rejected', first.name]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await withdrawalStatus(m, first, id)).toBe(true);
    const approve = await call(m.app, endpoints.opsApprovalApproved, undefined, as(second, approvalId));
    expect([approve.statusCode, approve.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    const anew = await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(second, id));
    expect(anew.statusCode).toBe(202);
    expect(anew.json().approvalId).not.toBe(approvalId);
  });
});

describe('a request whose subject is settled otherwise', () => {
  it('is superseded by whoever settled it: a payout when its withdrawal is rejected, a deposit when it was credited within the limits', async () => {
    const { m, first, second } = await dualApp();
    const { id } = await withdrawal(m, 25_000);
    const payout = (await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(first, id))).json().approvalId as string;
    expect((await call(m.app, endpoints.opsWithdrawalRejected, undefined, as(second, id))).statusCode).toBe(200);

    const member = await signedInMember(m);
    const body = { username: member.phone, amount: 25_000, reference: 'LATER-1' };
    const deposit = (await call(m.app, endpoints.opsDeposit, body, as(first))).json().approvalId as string;
    await putSetting(m.db, 'approvalThreshold', { BAHT: 30_000, LAK: 4_000_000 });
    expect((await call(m.app, endpoints.opsDeposit, body, as(second))).statusCode).toBe(200);

    expect(await approvals(m, first)).toEqual([]);
    const closed = (await approvals(m, first, 'superseded')) as unknown as { id: string; decidedBy: string }[];
    expect(closed.map((row) => [row.id, row.decidedBy]).sort()).toEqual([[payout, second.name], [deposit, second.name]].sort());
    expect((await walletOf(m, member.token)).wallet).toBe(25_000);
  });
});

describe('who may be the second operator', () => {
  /** An operator `admin` adds in the console: the admin sees the new password and second factor. */
  async function addedBy(m: MoneyApp, admin: Operator, role: OperatorRole): Promise<Operator> {
    const phone = `08100000${String(++phones).padStart(2, '0')}`;
    const added = await call(m.app, endpoints.opsOperatorAdd, { phone, role, name: `${role} ${phones}` }, { token: admin.token });
    expect(added.statusCode, added.body).toBe(200);
    const { enrolment } = added.json() as { enrolment: { password: string; totpUri: string } };
    m.clock.advance(30_000);
    const secret = new URL(enrolment.totpUri).searchParams.get('secret')!;
    const response = await call(m.app, endpoints.login, { username: phone, password: enrolment.password, otpCode: totpCode(secret, m.clock()) });
    expect(response.statusCode, response.body).toBe(200);
    return { name: `${role} ${phones}`, token: response.json().token };
  }

  it('is never one the asker gave a sign-in to, directly or through an operator they added; anyone else approves', async () => {
    const m = await buildMoneyApp();
    const admin = await operator(m, 'admin');
    const member = await signedInMember(m);
    const asked = await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 50_000, reference: 'PUPPET-1' }, as(admin));
    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);

    // A finance operator the asker just made, and one made by an admin the asker made: both the asker's own hands.
    const puppet = await addedBy(m, admin, 'finance');
    const deputy = await addedBy(m, admin, 'admin');
    const puppetOfDeputy = await addedBy(m, deputy, 'finance');
    for (const who of [puppet, deputy, puppetOfDeputy]) {
      const refused = await call(m.app, endpoints.opsApprovalApproved, undefined, as(who, asked.json().approvalId));
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'APPROVER_ENROLLED_BY_ASKER' }]);
    }
    expect((await walletOf(m, member.token)).wallet).toBe(0);

    const other = await operator(m, 'finance');
    const approved = await call(m.app, endpoints.opsApprovalApproved, undefined, as(other, asked.json().approvalId));
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await walletOf(m, member.token)).wallet).toBe(50_000);
  });

  it("pays no one when the member's phone changed after the request: 409 APPROVAL_MEMBER_CHANGED, and nothing moves", async () => {
    const { m, first, second } = await dualApp();
    const admin = await operator(m, 'admin');
    const member = await signedInMember(m);
    const asked = await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 50_000, reference: 'MOVED-1' }, as(first));
    expect(asked.statusCode).toBe(202);
    const moved = await call(m.app, endpoints.opsMemberPhone, { phone: '0899990002', reason: 'new SIM' }, { token: admin.token, params: { username: member.phone } });
    expect(moved.statusCode, moved.body).toBe(200);

    const before = await ledgerSnapshot(m.db);
    const refused = await call(m.app, endpoints.opsApprovalApproved, undefined, as(second, asked.json().approvalId));
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'APPROVAL_MEMBER_CHANGED' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const [waiting] = await approvals(m, first);
    expect(waiting?.status).toBe('pending');
  });
});

describe('a manual deposit above the threshold', () => {
  it('waits for a second operator, then credits once; the same reference asked with another amount is 409', async () => {
    const { m, first, second } = await dualApp();
    const member = await signedInMember(m);
    const body = { username: member.phone, amount: 50_000, reference: 'BIG-1' };
    const asked = await call(m.app, endpoints.opsDeposit, body, as(first));
    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    expect((await walletOf(m, member.token)).wallet).toBe(0);
    const other = await call(m.app, endpoints.opsDeposit, { ...body, amount: 60_000 }, as(second));
    expect([other.statusCode, other.json()]).toEqual([409, { message: 'KEY_INVALID' }]);

    const approved = await call(m.app, endpoints.opsApprovalApproved, undefined, as(second, asked.json().approvalId));
    expect([approved.statusCode, approved.json().approval?.action, approved.json().approval?.username]).toEqual([200, 'deposit.manual', member.phone]);
    expect((await walletOf(m, member.token)).wallet).toBe(50_000);
    // The reference is credited: the same call answers it, and asks no one.
    const replay = await call(m.app, endpoints.opsDeposit, body, as(first));
    expect([replay.statusCode, replay.json().message]).toEqual([200, 'SUCCESS']);
    expect((await walletOf(m, member.token)).wallet).toBe(50_000);
    expect(await approvals(m, first)).toEqual([]);
  });

  it('reads the threshold per currency at each call; a value that is not an amount makes every deposit wait', async () => {
    const { m, first } = await dualApp();
    const member = await signedInMember(m);
    await putSetting(m.db, 'approvalThreshold', { BAHT: 100, LAK: 4_000_000 });
    const above = await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 100.01, reference: 'T-1' }, as(first));
    const at = await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 100, reference: 'T-2' }, as(first));
    expect([above.statusCode, at.statusCode]).toEqual([202, 200]);
    for (const broken of [20_000, { BAHT: '20000', LAK: 1 }, { LAK: 4_000_000 }]) {
      await putSetting(m.db, 'approvalThreshold', broken as unknown as Settings['approvalThreshold']);
      const small = await call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 1, reference: `T-${JSON.stringify(broken)}` }, as(first));
      expect([broken, small.statusCode]).toEqual([broken, 202]);
    }
  });
});

describe("a reviewed payment's credit above the threshold", () => {
  it('waits for a second operator, then credits the payment once', async () => {
    const { m, first, second } = await dualApp();
    const member = await memberWithMoney(m);
    await putSetting(m.db, 'qrMaximum', 100_000);
    const qr = await createQr(m, member.token, 'KBANK', 500);
    const paid = await simulatorFor(m).pay({ provider: 'KBANK', qrcodeId: qr.qrcodeId, amount: 25_000, transactionId: 'KB-BIG' });
    const paymentId: string = JSON.parse(paid.body).paymentId;
    const asked = await call(m.app, endpoints.opsPaymentCredit, {}, as(first, paymentId));
    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    expect((await walletOf(m, member.token)).wallet).toBe(0);
    const approved = await call(m.app, endpoints.opsApprovalApproved, undefined, as(second, asked.json().approvalId));
    expect([approved.statusCode, approved.json().approval?.action]).toEqual([200, 'payment.credit']);
    expect((await walletOf(m, member.token)).wallet).toBe(25_000);
    const again = await call(m.app, endpoints.opsPaymentCredit, {}, as(first, paymentId));
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
  });
});

describe("a slip's approval above the threshold", () => {
  it('waits for a second operator whatever amount the first one typed, then credits it once', async () => {
    const { m, first, second } = await dualApp();
    const member = await signedInMember(m);
    const [slip] = await m.db
      .insert(slips)
      .values({ userId: await userIdOf(m.db, member.phone), reference: 'SLIP-REF-1', status: 'PENDING', createdAt: m.clock() })
      .returning({ id: slips.id });
    const id = String(slip!.id);
    const asked = await call(m.app, endpoints.opsSlipApproved, { amount: 5_000_000 }, as(first, id));
    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    expect((await walletOf(m, member.token)).wallet).toBe(0);
    const approved = await call(m.app, endpoints.opsApprovalApproved, undefined, as(second, asked.json().approvalId));
    expect([approved.statusCode, approved.json().approval?.action, approved.json().approval?.amount]).toEqual([200, 'slip.approved', 5_000_000]);
    expect((await walletOf(m, member.token)).wallet).toBe(5_000_000);
    // Approved, the same approval again answers it and moves nothing.
    const again = await call(m.app, endpoints.opsSlipApproved, { amount: 5_000_000 }, as(first, id));
    expect([again.statusCode, again.json().slip?.status]).toEqual([200, 'SUCCESS']);
    expect((await walletOf(m, member.token)).wallet).toBe(5_000_000);
  });
});

describe('what one operator moves alone in a day', () => {
  it('is bounded too: many deposits within the threshold pass until their sum would pass operatorDailyAlone, then each waits', async () => {
    const { m, first, second } = await dualApp();
    const member = await signedInMember(m);
    await putSetting(m.db, 'operatorDailyAlone', { BAHT: 50_000, LAK: 10_000_000 });
    const split = async (who: Operator, reference: string) => call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 20_000, reference }, as(who));
    expect([(await split(first, 'S-1')).statusCode, (await split(first, 'S-2')).statusCode]).toEqual([200, 200]);
    const third = await split(first, 'S-3');
    expect([third.statusCode, third.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    // Another operator has a day of their own; the first operator's day ends 24 hours after their movements.
    expect((await split(second, 'S-4')).statusCode).toBe(200);
    m.clock.advance(24 * 60 * 60 * 1000);
    const firstAgain = await first.again!();
    const secondAgain = await second.again!();
    expect((await split(firstAgain, 'S-5')).statusCode).toBe(200);
    // An approved request is two operators' doing: it does not count as the approver's own.
    expect((await call(m.app, endpoints.opsApprovalApproved, undefined, as(secondAgain, third.json().approvalId))).statusCode).toBe(200);
    expect([(await split(secondAgain, 'S-6')).statusCode, (await split(secondAgain, 'S-7')).statusCode]).toEqual([200, 200]);
    expect((await walletOf(m, member.token)).wallet).toBe(140_000);
  });

  it('is counted one movement at a time: of many at once, only what fits passes alone', async () => {
    const { m, first } = await dualApp();
    const member = await signedInMember(m);
    await putSetting(m.db, 'operatorDailyAlone', { BAHT: 50_000, LAK: 10_000_000 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => call(m.app, endpoints.opsDeposit, { username: member.phone, amount: 20_000, reference: `RACE-${index}` }, as(first))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 202, 202, 202]);
    expect((await walletOf(m, member.token)).wallet).toBe(40_000);
  });
});

describe('the approvals routes', () => {
  it('are for finance and admins: support, marketing and members get 403 UNAUTHORIZED, anyone without a session 401', async () => {
    const { m, first } = await dualApp();
    const { id } = await withdrawal(m, 30_000);
    const approvalId = (await call(m.app, endpoints.opsWithdrawalPaid, undefined, as(first, id))).json().approvalId as string;
    const member = await signedInMember(m);
    const others = [await operator(m, 'support'), await operator(m, 'marketing'), { name: 'member', token: member.token }];
    const routes: Endpoint[] = [endpoints.opsApprovals, endpoints.opsApprovalApproved, endpoints.opsApprovalRejected];
    const before = await ledgerSnapshot(m.db);
    for (const endpoint of routes) {
      for (const who of others) {
        const response = await call(m.app, endpoint, undefined, as(who, approvalId));
        expect([endpoint.path, who.name, response.statusCode, response.json()]).toEqual([endpoint.path, who.name, 403, { message: 'UNAUTHORIZED' }]);
      }
      const anonymous = await call(m.app, endpoint, undefined, { params: { id: approvalId } });
      expect([endpoint.path, anonymous.statusCode]).toEqual([endpoint.path, 401]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    // An admin may approve what finance asked.
    const byAdmin = await call(m.app, endpoints.opsApprovalApproved, undefined, { token: m.operatorToken, params: { id: approvalId } });
    expect([byAdmin.statusCode, byAdmin.json().approval?.status]).toEqual([200, 'approved']);
  });

  it('answers 404 NO_DATA for an unknown request and KEY_INVALID for a status that is none', async () => {
    const { m, first } = await dualApp();
    const unknown = await call(m.app, endpoints.opsApprovalApproved, undefined, as(first, '999'));
    const bad = await call(m.app, endpoints.opsApprovals, undefined, { token: first.token, query: { status: 'done' } });
    expect([unknown.statusCode, unknown.json(), bad.statusCode, bad.json()]).toEqual([404, { message: 'NO_DATA' }, 400, { message: 'KEY_INVALID' }]);
  });
});
