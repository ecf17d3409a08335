/**
 * The rewards that pay into the wallet under an Idempotency-Key (spec 7;
 * src/contract/endpoints.ts `idempotent`): GET /api/invite/bonus, GET
 * /api/refund/receive and /addWallet, POST /api/spinwheel/coupon/claim. A
 * retry after a lost answer sends the same key and gets the first answer,
 * not NO_INVITE_BONUS / NO_REFUND / NO_CLAIMABLE_COUPON, also when the
 * copies race; a refusal is kept under its key too; a call without a key
 * still runs once, plainly (other clients). Every test ends with the
 * ledger sound (checkLedgerAfterEach).
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { bonuses, ledgerTransfers } from '../../src/server/db/schema.ts';
import { placeBet } from './helpers/bonuses.ts';
import { call } from './helpers/http.ts';
import { inviteeOf, setInviteRule, toSlot } from './helpers/invites.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp, type MoneyMember } from './helpers/money.ts';
import { moveClockTo, setRefund } from './helpers/refunds.ts';
import { giveCoins, setWheel, slice, spinOnce } from './helpers/wheel.ts';

checkLedgerAfterEach();

/** Monday 9 March 2026 00:00 in Bangkok: the test clock's first week closes (tests/server/refunds.test.ts). */
const WEEK_1_END = '2026-03-08T17:00:00.000Z';

/** A member with a reward of 10 (baht) waiting, and how to ask for it. */
interface Waiting {
  member: MoneyMember;
  /** The reward's call, with the key when given. */
  send: (idempotencyKey?: string) => Promise<LightMyRequestResponse>;
  /** The same call on another path or with another body (null: there is none). */
  sendOther: ((idempotencyKey: string) => Promise<LightMyRequestResponse>) | null;
}

interface Reward {
  name: string;
  /** The ledger transfer's kind that pays it. */
  kind: 'invite' | 'refund' | 'prize';
  /** The first answer. */
  paid: unknown;
  /** The answer once nothing is left. */
  nothingLeft: [number, unknown];
  prepare: (m: MoneyApp) => Promise<Waiting>;
}

/** An inviter whose invitee deposited 200 and bet it: 10 % is 10 to collect. */
async function inviteWaiting(m: MoneyApp): Promise<Waiting> {
  await setInviteRule(m, { turnoverMultiplier: 1 });
  const member = await memberWithMoney(m);
  const invitee = await inviteeOf(m, member);
  await deposit(m, invitee.phone, 100);
  await toSlot(m, invitee, 100);
  await placeBet(m, invitee.userId, 'TEST_SLOT', 100);
  return {
    member,
    send: (idempotencyKey) => call(m.app, endpoints.inviteCollect, undefined, { token: member.token, ...(idempotencyKey && { idempotencyKey }) }),
    sendOther: null,
  };
}

/** A member who lost 100 in a week that closed: 10 % is 10 to receive. */
async function refundWaiting(m: MoneyApp, via: 'refundReceive' | 'refundAddWallet'): Promise<Waiting> {
  await m.db.delete(bonuses);
  await setRefund(m);
  const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 100 } });
  await placeBet(m, member.userId, 'TEST_SLOT', 100);
  await moveClockTo(m, WEEK_1_END, member);
  const other = via === 'refundReceive' ? endpoints.refundAddWallet : endpoints.refundReceive;
  return {
    member,
    send: (idempotencyKey) => call(m.app, endpoints[via], undefined, { token: member.token, ...(idempotencyKey && { idempotencyKey }) }),
    sendOther: (idempotencyKey) => call(m.app, other, undefined, { token: member.token, idempotencyKey }),
  };
}

/** A member who won two coupons of 10 on a wheel that always pays 10; the first is the one claimed. */
async function couponWaiting(m: MoneyApp): Promise<Waiting> {
  await setWheel(m.db, m.clock(), { slices: [slice('CASH10', 1, { type: 'credit', amount: { BAHT: 10, LAK: 2_000 } }), slice('NOTHING', 0)] });
  const member = await memberWithMoney(m);
  await giveCoins(m.db, member.userId, 2);
  const [first, second] = [(await spinOnce(m, member.token)).coupon!, (await spinOnce(m, member.token)).coupon!];
  const claim = (coupon: string, idempotencyKey?: string) =>
    call(m.app, endpoints.couponClaim, { coupon }, { token: member.token, ...(idempotencyKey && { idempotencyKey }) });
  return { member, send: (idempotencyKey) => claim(first, idempotencyKey), sendOther: (idempotencyKey) => claim(second, idempotencyKey) };
}

const REWARDS: Reward[] = [
  { name: 'GET /api/invite/bonus', kind: 'invite', paid: { message: 'INVITE_COLLECT', amount: 10 }, nothingLeft: [400, { message: 'NO_INVITE_BONUS' }], prepare: inviteWaiting },
  { name: 'GET /api/refund/receive', kind: 'refund', paid: { message: 'REFUND_SUCCESS', amount: 10 }, nothingLeft: [400, { message: 'NO_REFUND' }], prepare: (m) => refundWaiting(m, 'refundReceive') },
  { name: 'GET /api/refund/addWallet', kind: 'refund', paid: { message: 'REFUND_SUCCESS', amount: 10 }, nothingLeft: [400, { message: 'NO_REFUND' }], prepare: (m) => refundWaiting(m, 'refundAddWallet') },
  { name: 'POST /api/spinwheel/coupon/claim', kind: 'prize', paid: { message: 'SUCCESS', amount: 10 }, nothingLeft: [404, { message: 'NO_CLAIMABLE_COUPON' }], prepare: couponWaiting },
];

const answerOf = (response: LightMyRequestResponse) => [response.statusCode, response.json()];

function transfersOf(m: MoneyApp, kind: Reward['kind']) {
  return m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, kind));
}

describe.each(REWARDS)('$name', ({ kind, paid, nothingLeft, prepare }) => {
  it('answers the first answer again for the same key, credits once, and keeps a refusal under its own key', async () => {
    const m = await buildMoneyApp();
    const { member, send } = await prepare(m);
    const before = (await walletOf(m, member.token)).wallet;

    const first = await send('reward-key-0001');
    expect(answerOf(first)).toEqual([200, paid]);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The answer was lost: the retry sends the same key and gets the first answer, not "nothing left".
    const retry = await send('reward-key-0001');
    expect(answerOf(retry)).toEqual([200, paid]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await transfersOf(m, kind)).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(before + 10);

    // A new action under a new key finds nothing left; that refusal is kept under its key.
    const snapshot = await ledgerSnapshot(m.db);
    expect(answerOf(await send('reward-key-0002'))).toEqual(nothingLeft);
    const refusedAgain = await send('reward-key-0002');
    expect(answerOf(refusedAgain)).toEqual(nothingLeft);
    expect(refusedAgain.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerSnapshot(m.db)).toEqual(snapshot);
  });

  it('answers 10 copies sent at once with one key all with the first answer, and credits once', async () => {
    const m = await buildMoneyApp();
    const { member, send } = await prepare(m);
    const before = (await walletOf(m, member.token)).wallet;

    const raced = await Promise.all(Array.from({ length: 10 }, () => send('reward-race-0001')));
    expect(raced.map(answerOf)).toEqual(Array.from({ length: 10 }, () => [200, paid]));
    expect(await transfersOf(m, kind)).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(before + 10);
    expect(answerOf(await send('reward-race-0001'))).toEqual([200, paid]);
  });

  it('runs once without a key (other clients), and refuses the key of one call on another (409 KEY_INVALID)', async () => {
    const m = await buildMoneyApp();
    const { member, send, sendOther } = await prepare(m);
    const before = (await walletOf(m, member.token)).wallet;

    if (sendOther) {
      expect(answerOf(await send('reward-used-0001'))).toEqual([200, paid]);
      const snapshot = await ledgerSnapshot(m.db);
      expect(answerOf(await sendOther('reward-used-0001'))).toEqual([409, { message: 'KEY_INVALID' }]);
      expect(await ledgerSnapshot(m.db)).toEqual(snapshot);
    } else {
      expect(answerOf(await send())).toEqual([200, paid]);
    }
    expect(answerOf(await send())).toEqual(nothingLeft);
    expect(await transfersOf(m, kind)).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(before + 10);
  });

  it('refuses a malformed key (400 KEY_INVALID) and moves nothing', async () => {
    const m = await buildMoneyApp();
    const { send } = await prepare(m);
    const snapshot = await ledgerSnapshot(m.db);
    expect(answerOf(await send('short'))).toEqual([400, { message: 'KEY_INVALID' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(snapshot);
  });
});
