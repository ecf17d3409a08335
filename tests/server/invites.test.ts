/**
 * The invite-friend bonus (docs/decisions/0098-invite-bonus.md):
 * the invite made at registration, settled from the invitee's first
 * deposit and bets inside the window, the wallet's counts, collecting once
 * (also raced), the window closing, what earns nothing (also the inviter's
 * own second account), the paused rule, collecting while a bonus is held,
 * and the list's pages and ownership. Every test ends with the ledger
 * sound (checkLedgerAfterEach).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { bankAccounts, bonuses, invites, ledgerTransfers, users } from '../../src/server/db/schema.ts';
import { sameHolderName } from '../../src/server/repositories/invites.ts';
import { FAIL_REASONS, settlementOf, shortName } from '../../src/server/rewards/invites.ts';
import { addOffer, placeBet, placeWin, takeBonus } from './helpers/bonuses.ts';
import { call } from './helpers/http.ts';
import {
  addInvitedUser,
  collect,
  DAY,
  daysLater,
  inviteeOf,
  inviteRowsOf,
  invitesOf,
  setInviteRule,
  toSlot,
  walletInviteOf,
} from './helpers/invites.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp } from './helpers/money.ts';

checkLedgerAfterEach();

function inviteTransfers(m: MoneyApp) {
  return m.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'invite'));
}

describe('an invite from registration to collection', () => {
  it('makes a waiting invite at registration, succeeds once the first deposit is played through inside the window, and collects it once', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m);
    const inviter = await memberWithMoney(m);
    const invitee = await inviteeOf(m, inviter, { name: 'Malee Jaidee' });

    const [row] = await inviteRowsOf(m, inviter.userId);
    expect(row).toMatchObject({ inviteeId: invitee.userId, status: 'waiting', amount: 0n, createdAt: m.clock() });
    expect(await invitesOf(m, inviter.token)).toEqual({
      invites: [{ _id: String(row!.id), from: { name: 'Malee J.' }, amount: 0, status: 'waiting', createdAt: m.clock().toISOString() }],
      total: 1,
    });
    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 0, success: 0, fail: 0 });
    const early = await collect(m, inviter.token);
    expect([early.statusCode, early.json()]).toEqual([400, { message: 'NO_INVITEE_PLAY_INFO' }]);

    // The first deposit (500) counts, not the larger one after it: 10 % is 50, earned at 2 × 500 of bets. Wins do not reduce them.
    await deposit(m, invitee.phone, 500);
    await deposit(m, invitee.phone, 5_000);
    await toSlot(m, invitee, 500);
    await placeBet(m, invitee.userId, 'TEST_SLOT', 500);
    await placeWin(m, invitee.userId, 'TEST_SLOT', 500);
    await placeBet(m, invitee.userId, 'TEST_SLOT', 499.99);
    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 0, success: 0, fail: 0 });
    await placeBet(m, invitee.userId, 'TEST_SLOT', 0.01);
    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 50, success: 1, fail: 0 });
    expect((await invitesOf(m, inviter.token)).invites[0]).toMatchObject({ amount: 50, status: 'success' });

    const collected = await collect(m, inviter.token);
    expect([collected.statusCode, collected.json()]).toEqual([200, { message: 'INVITE_COLLECT', amount: 50 }]);
    expect((await walletOf(m, inviter.token)).wallet).toBe(50);
    const again = await collect(m, inviter.token);
    expect([again.statusCode, again.json()]).toEqual([400, { message: 'NO_INVITE_BONUS' }]);
    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 0, success: 1, fail: 0 });
    expect((await invitesOf(m, inviter.token)).invites[0]).toMatchObject({ amount: 50, status: 'collected' });

    const [transfer, ...more] = await inviteTransfers(m);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ amount: 5_000n, reference: 'invite', idempotencyKey: `invite:${inviter.userId}:${row!.id}` });
    expect((await inviteRowsOf(m, inviter.userId))[0]).toMatchObject({ status: 'collected', collectTransferId: transfer!.id, collectedAt: m.clock() });
    const statement = await call(m.app, endpoints.statement, { page: 1, limit: 10 }, { token: inviter.token, language: 'en' });
    expect(statement.json().statements[0]).toMatchObject({ statementType: 'bonus', amount: 50, from: 'INVITE', to: 'WALLET', invite: { description: 'Invite-friend bonus' } });
    // The invitee invited nobody.
    expect(await walletInviteOf(m, invitee.token)).toEqual({ amount: 0, success: 0, fail: 0 });
  });

  it('credits exactly once when the inviter collects 10 times at once', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m, { turnoverMultiplier: 1 });
    const inviter = await memberWithMoney(m);
    for (const amount of [200, 300]) {
      const invitee = await inviteeOf(m, inviter);
      await deposit(m, invitee.phone, amount);
      await toSlot(m, invitee, amount);
      await placeBet(m, invitee.userId, 'TEST_SLOT', amount);
    }

    // Nobody read them yet: the first collect settles both under the wallet's lock.
    const raced = await Promise.all(Array.from({ length: 10 }, () => collect(m, inviter.token)));
    const credited = raced.filter((answer) => answer.statusCode === 200);
    expect(credited.map((answer) => answer.json())).toEqual([{ message: 'INVITE_COLLECT', amount: 50 }]);
    expect(new Set(raced.filter((answer) => answer.statusCode !== 200).map((answer) => `${answer.statusCode} ${answer.json().message}`))).toEqual(
      new Set(['400 NO_INVITE_BONUS']),
    );
    const transfers = await inviteTransfers(m);
    expect(transfers).toHaveLength(1);
    expect((await walletOf(m, inviter.token)).wallet).toBe(50);
    expect((await inviteRowsOf(m, inviter.userId)).map((row) => [row.status, row.collectTransferId])).toEqual([
      ['collected', transfers[0]!.id],
      ['collected', transfers[0]!.id],
    ]);
  });
});

describe('the window', () => {
  it('fails an invite whose turnover or deposit missed the window, and counts one met inside it even when read later', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m, { turnoverMultiplier: 1, windowDays: 7 });
    const inviter = await memberWithMoney(m);
    const late = await inviteeOf(m, inviter);
    const never = await inviteeOf(m, inviter);
    const quiet = await inviteeOf(m, inviter);

    // Bets before the first deposit do not count.
    await placeWin(m, late.userId, 'TEST_SLOT', 100);
    await placeBet(m, late.userId, 'TEST_SLOT', 100);
    await deposit(m, late.phone, 500);
    await toSlot(m, late, 500);
    await placeBet(m, late.userId, 'TEST_SLOT', 400);
    await deposit(m, quiet.phone, 200);
    await toSlot(m, quiet, 200);
    await placeBet(m, quiet.userId, 'TEST_SLOT', 200);
    await daysLater(m, 7 * DAY - 1, [inviter, never]);
    await placeBet(m, late.userId, 'TEST_SLOT', 50);
    m.clock.advance(1);
    // At the window's end: too late to count (it would have made 500).
    await placeBet(m, late.userId, 'TEST_SLOT', 50);
    // The first deposit after the window cannot start it.
    await deposit(m, never.phone, 1_000);
    await toSlot(m, never, 1_000);
    await placeBet(m, never.userId, 'TEST_SLOT', 1_000);

    // The inviter reads for the first time after the window.
    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 20, success: 1, fail: 2 });
    const rows = await inviteRowsOf(m, inviter.userId);
    expect(rows.map((row) => [row.inviteeId, row.status, row.reason, row.amount])).toEqual([
      [late.userId, 'fail', FAIL_REASONS.window, 0n],
      [never.userId, 'fail', FAIL_REASONS.window, 0n],
      [quiet.userId, 'success', null, 2_000n],
    ]);
    expect(rows[0]!.depositTransferId).not.toBeNull();
    const collected = await collect(m, inviter.token);
    expect(collected.json()).toEqual({ message: 'INVITE_COLLECT', amount: 20 });
  });
});

describe('invites that earn nothing', () => {
  it('fails an invitee with the inviter\'s account number, another currency or a small first deposit at once, whatever they play', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m, { turnoverMultiplier: 1 });
    const inviter = await memberWithMoney(m, { registration: { bankCode: 'SCB', bankAccountNo: '5550001111' } });
    // The same number at another bank: registration allows it (one account per bank and number).
    const sameBank = await inviteeOf(m, inviter, { bankCode: 'KBANK', bankAccountNo: '5550001111' });
    const otherCurrency = await inviteeOf(m, inviter);
    await m.db.update(bankAccounts).set({ currency: 'LAK' }).where(eq(bankAccounts.userId, otherCurrency.userId));
    const small = await inviteeOf(m, inviter);
    await deposit(m, sameBank.phone, 500);
    await toSlot(m, sameBank, 500);
    await placeBet(m, sameBank.userId, 'TEST_SLOT', 500);
    await deposit(m, small.phone, 99.99);
    await deposit(m, small.phone, 1_000);
    await toSlot(m, small, 1_000);
    await placeBet(m, small.userId, 'TEST_SLOT', 1_000);

    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 0, success: 0, fail: 3 });
    expect((await inviteRowsOf(m, inviter.userId)).map((row) => [row.status, row.reason, row.amount])).toEqual([
      ['fail', FAIL_REASONS.sameBank, 0n],
      ['fail', FAIL_REASONS.currency, 0n],
      ['fail', FAIL_REASONS.deposit, 0n],
    ]);
    const refused = await collect(m, inviter.token);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'NO_INVITE_BONUS' }]);
    expect(await inviteTransfers(m)).toEqual([]);
  });

  it('fails an invitee whose bank account holder name is the inviter\'s (same_name), however the name was written, whatever they play', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m, { turnoverMultiplier: 1 });
    const inviter = await memberWithMoney(m, { registration: { bankAccountName: 'ANAN CHAI' } });
    // The inviter's second account: another phone and account number, the same holder.
    const second = await inviteeOf(m, inviter, { bankAccountName: 'Anan Chai' });
    // A name stored before registration normalised it (or edited since): compared trimmed, spaces collapsed, upper case.
    const written = await inviteeOf(m, inviter);
    await m.db.update(bankAccounts).set({ accountName: '  anan \t chai ' }).where(eq(bankAccounts.userId, written.userId));
    // Another person whose name only starts alike earns the inviter their bonus.
    const other = await inviteeOf(m, inviter, { bankAccountName: 'ANAN CHAIYA' });
    for (const invitee of [second, written, other]) {
      await deposit(m, invitee.phone, 500);
      await toSlot(m, invitee, 500);
      await placeBet(m, invitee.userId, 'TEST_SLOT', 500);
    }

    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 50, success: 1, fail: 2 });
    expect((await inviteRowsOf(m, inviter.userId)).map((row) => [row.inviteeId, row.status, row.reason, row.amount])).toEqual([
      [second.userId, 'fail', FAIL_REASONS.sameName, 0n],
      [written.userId, 'fail', FAIL_REASONS.sameName, 0n],
      [other.userId, 'success', null, 5_000n],
    ]);
    expect((await collect(m, inviter.token)).json()).toEqual({ message: 'INVITE_COLLECT', amount: 50 });
  });

  it('fails both invites of a cycle (an edited inviter), including one added for an invitee who had no invite row', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m, { turnoverMultiplier: 1 });
    const first = await memberWithMoney(m, { opened: ['TEST_SLOT'] });
    const second = await inviteeOf(m, first);
    // Someone wrote the second member in as the first's inviter: first → second → first.
    await m.db.update(users).set({ invitedBy: second.userId }).where(eq(users.id, first.userId));
    for (const member of [first, second]) {
      await deposit(m, member.phone, 500);
      await toSlot(m, member, 500);
      await placeBet(m, member.userId, 'TEST_SLOT', 500);
    }

    expect(await walletInviteOf(m, first.token)).toEqual({ amount: 0, success: 0, fail: 1 });
    expect(await walletInviteOf(m, second.token)).toEqual({ amount: 0, success: 0, fail: 1 });
    const rows = await m.db.select().from(invites);
    expect(rows.map((row) => [row.inviterId, row.inviteeId, row.status, row.reason]).sort()).toEqual(
      [
        [first.userId, second.userId, 'fail', FAIL_REASONS.cycle],
        [second.userId, first.userId, 'fail', FAIL_REASONS.cycle],
      ].sort(),
    );
  });

  it('decides nothing while the rule is paused, refuses collecting (INVITE_INACTIVE), and settles by the window once it is on again', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m, { active: false, percent: 0 });
    const inviter = await memberWithMoney(m);
    const invitee = await inviteeOf(m, inviter);
    await deposit(m, invitee.phone, 500);
    await toSlot(m, invitee, 500);
    await placeBet(m, invitee.userId, 'TEST_SLOT', 500);
    await placeWin(m, invitee.userId, 'TEST_SLOT', 500);
    await placeBet(m, invitee.userId, 'TEST_SLOT', 500);

    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 0, success: 0, fail: 0 });
    const rule = await call(m.app, endpoints.inviteRule, undefined, { token: inviter.token });
    expect(rule.json()).toEqual({ active: false, percent: 0, minimumDeposit: 100, turnoverMultiplier: 2, windowDays: 7 });
    const before = await ledgerSnapshot(m.db);
    const refused = await collect(m, inviter.token);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'INVITE_INACTIVE' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect((await inviteRowsOf(m, inviter.userId)).map((row) => row.status)).toEqual(['waiting']);

    // Turned on after the window: what the invitee did inside it still counts.
    await daysLater(m, 8 * DAY, [inviter]);
    await setInviteRule(m, { percent: 20 });
    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 100, success: 1, fail: 0 });
    expect((await collect(m, inviter.token)).json()).toEqual({ message: 'INVITE_COLLECT', amount: 100 });
  });
});

describe('collecting while a bonus is held', () => {
  it('refuses (BONUS_REMAINING) and moves nothing while the inviter holds a bonus, and collects once it ended', async () => {
    const m = await buildMoneyApp();
    await m.db.delete(bonuses);
    await addOffer(m.db, m.clock(), { code: 'HELD' });
    await setInviteRule(m, { turnoverMultiplier: 1 });
    const inviter = await memberWithMoney(m, { wallet: 50 });
    const invitee = await inviteeOf(m, inviter);
    await deposit(m, invitee.phone, 500);
    await toSlot(m, invitee, 500);
    await placeBet(m, invitee.userId, 'TEST_SLOT', 500);
    await takeBonus(m, inviter.token, 'HELD');

    // Money credited now would count into the bonus's end (its own money, its withdraw cap).
    const before = await ledgerSnapshot(m.db);
    const refused = await collect(m, inviter.token);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'BONUS_REMAINING' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await walletInviteOf(m, inviter.token)).toEqual({ amount: 50, success: 1, fail: 0 });
    expect((await inviteRowsOf(m, inviter.userId)).map((row) => row.status)).toEqual(['success']);

    expect((await call(m.app, endpoints.bonusClear, undefined, { token: inviter.token })).statusCode).toBe(200);
    const collected = await collect(m, inviter.token);
    expect([collected.statusCode, collected.json()]).toEqual([200, { message: 'INVITE_COLLECT', amount: 50 }]);
  });

  it('answers what there is to collect before the held bonus: NO_INVITE_BONUS when nothing was earned', async () => {
    const m = await buildMoneyApp();
    await m.db.delete(bonuses);
    await addOffer(m.db, m.clock(), { code: 'HELD' });
    await setInviteRule(m);
    const inviter = await memberWithMoney(m, { wallet: 50 });
    await takeBonus(m, inviter.token, 'HELD');
    const refused = await collect(m, inviter.token);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'NO_INVITE_BONUS' }]);
  });
});

describe('POST /api/invite', () => {
  it('pages the caller\'s invites newest first with shortened names, adds those of members invited before invites were kept, and shows another member nothing', async () => {
    const m = await buildMoneyApp();
    await setInviteRule(m);
    const inviter = await memberWithMoney(m);
    const other = await memberWithMoney(m);
    const MINUTE = 60_000;
    for (let k = 0; k < 12; k += 1) await addInvitedUser(m, inviter.userId, `Invitee${k} Middle Lastname${k}`, new Date(m.clock().getTime() - (k + 1) * MINUTE));
    expect(await inviteRowsOf(m, inviter.userId)).toEqual([]);

    const first = await invitesOf(m, inviter.token, 1, 10);
    expect(first.total).toBe(12);
    expect(first.invites.map((invite) => invite.from.name)).toEqual(Array.from({ length: 10 }, (_, k) => `Invitee${k} L.`));
    expect(first.invites[0]).toMatchObject({ amount: 0, status: 'waiting', createdAt: new Date(m.clock().getTime() - MINUTE).toISOString() });
    const second = await invitesOf(m, inviter.token, 2, 10);
    expect(second).toMatchObject({ total: 12, invites: [{ from: { name: 'Invitee10 L.' } }, { from: { name: 'Invitee11 L.' } }] });
    expect(await inviteRowsOf(m, inviter.userId)).toHaveLength(12);

    expect(await invitesOf(m, other.token)).toEqual({ invites: [], total: 0 });
    expect(await walletInviteOf(m, other.token)).toEqual({ amount: 0, success: 0, fail: 0 });
    expect((await collect(m, other.token)).json()).toEqual({ message: 'NO_INVITE_BONUS' });
    expect(await m.db.select().from(invites).where(and(eq(invites.inviterId, other.userId)))).toEqual([]);
    expect((await call(m.app, endpoints.invites, { page: 1, limit: 10 })).statusCode).toBe(401);
    expect((await call(m.app, endpoints.invites, { page: 0, limit: 10 }, { token: inviter.token })).statusCode).toBe(400);
  });
});

describe('the rule in pieces', () => {
  const waiting = {
    id: 1,
    inviteeId: 2,
    inviterCurrency: 'BAHT' as const,
    inviteeCurrency: 'BAHT' as const,
    sameAccountNumber: false,
    sameHolderName: false,
    deposit: { id: 10, amount: 50n, inWindow: true },
    bets: 1_000n,
    windowClosed: false,
  };
  const rule = { active: true, percent: 1, minimumDeposit: 0, turnoverMultiplier: 1, windowDays: 7 };

  it('fails a first deposit whose percent is less than one minor unit, and rounds down otherwise', () => {
    expect(settlementOf(waiting, false, rule)).toEqual({ status: 'fail', reason: FAIL_REASONS.nothing, depositTransferId: 10 });
    expect(settlementOf({ ...waiting, deposit: { id: 10, amount: 199n, inWindow: true } }, false, rule)).toEqual({ status: 'success', amount: 1n, depositTransferId: 10 });
  });

  it('fails one holder name on both sides (same_name), the account number first, and takes no names as one', () => {
    expect(settlementOf({ ...waiting, sameHolderName: true }, false, rule)).toEqual({ status: 'fail', reason: FAIL_REASONS.sameName, depositTransferId: 10 });
    expect(settlementOf({ ...waiting, sameHolderName: true, sameAccountNumber: true }, false, rule)).toMatchObject({ reason: FAIL_REASONS.sameBank });
    expect(sameHolderName(' Anan   Chai ', 'ANAN CHAI')).toBe(true);
    expect(sameHolderName('ANAN CHAI', 'ANAN CHAIYA')).toBe(false);
    expect(sameHolderName('', '')).toBe(false);
    expect(sameHolderName(null, 'ANAN CHAI')).toBe(false);
  });

  it('shortens names to the first word and the last word\'s first letter (a Thai or Lao consonant, not a vowel written before it)', () => {
    expect(shortName('Somsak Rakdee')).toBe('Somsak R.');
    expect(shortName('  Malee  ')).toBe('Malee');
    expect(shortName('สมศักดิ์ ณ ที่นี่ รักดี')).toBe('สมศักดิ์ ร.');
    expect(shortName('มาลี เจริญสุข')).toBe('มาลี จ.');
    expect(shortName('ສົມສັກ ພົມມະຈັນ')).toBe('ສົມສັກ ພ.');
    expect(shortName('ບຸນມີ ແກ້ວມະນີ')).toBe('ບຸນມີ ກ.');
  });
});
