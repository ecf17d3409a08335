/**
 * Mobile-wallet links POST /api/wallet/truelink (spec 5, 7): the link comes
 * AES-encrypted; a TrueMoney gift link of a voucher from the member's
 * registered phone, of at least trueWalletMinimum, is credited once.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { buildApp } from '../../src/server/app.ts';
import { trueLinks } from '../../src/server/db/schema.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { simulatedTrueMoney, simulatedVoucher, type VoucherProvider } from '../../src/server/payments/truemoney.ts';
import { encrypt, encryptedVoucherLink } from './helpers/deposits.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, ledgerSnapshot, memberWithMoney, walletOf } from './helpers/money.ts';

checkLedgerAfterEach();

describe('POST /api/wallet/truelink', () => {
  it('credits the voucher’s amount to the wallet and answers like other money movements', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m, { wallet: 10 });
    const { encrypted } = encryptedVoucherLink(m, member.phone, 150.75);
    const response = await call(m.app, endpoints.trueLink, { link: encrypted }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS', amount: 150.75, wallet: { amount: 160.75 }, transferId: expect.stringMatching(/^\d+$/) });
    expect((await walletOf(m, member.token)).wallet).toBe(160.75);
    const [row] = await m.db.select().from(trueLinks);
    expect(row).toMatchObject({ userId: member.userId, amount: 15_075n, transferId: Number(response.json().transferId) });
  });

  it('refuses a voucher used before with TRUELINK_DUPLICATE, for the same or another member', async () => {
    const m = await buildMoneyApp();
    const ann = await memberWithMoney(m);
    const bob = await memberWithMoney(m);
    const { encrypted, link } = encryptedVoucherLink(m, ann.phone, 50);
    expect((await call(m.app, endpoints.trueLink, { link: encrypted }, { token: ann.token })).statusCode).toBe(200);
    const before = await ledgerSnapshot(m.db);
    // Encrypted again (another salt, other bytes), the same link.
    for (const [token, sent] of [[ann.token, encrypted], [ann.token, encrypt(link)], [bob.token, encrypt(link)]] as const) {
      const response = await call(m.app, endpoints.trueLink, { link: sent }, { token });
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'TRUELINK_DUPLICATE' }]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect((await walletOf(m, ann.token)).wallet).toBe(50);
  });

  it('credits a voucher once when sends race, with or without an Idempotency-Key', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const { link } = encryptedVoucherLink(m, member.phone, 80);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(m.app, endpoints.trueLink, { link: encrypt(link) }, { token: member.token, ...(index % 2 === 0 && { idempotencyKey: `truelink-race-${index}` }) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(answers.filter((answer) => answer.statusCode === 400).map((answer) => answer.json().message)).toEqual(Array(5).fill('TRUELINK_DUPLICATE'));
    expect(await m.db.select().from(trueLinks)).toHaveLength(1);
    expect((await walletOf(m, member.token)).wallet).toBe(80);
  });

  it('replays an Idempotency-Key’s answer', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const { encrypted } = encryptedVoucherLink(m, member.phone, 20);
    const options = { token: member.token, idempotencyKey: 'truelink-key-0001' };
    const first = await call(m.app, endpoints.trueLink, { link: encrypted }, options);
    const again = await call(m.app, endpoints.trueLink, { link: encrypted }, options);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect((await walletOf(m, member.token)).wallet).toBe(20);
  });

  it('refuses links that do not decrypt or are not a TrueMoney gift link with TRUELINK_INVALID', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const voucher = simulatedVoucher(m.config.paymentWebhookSecret, member.phone, 5_000n);
    const sent = [
      `https://gift.truemoney.com/campaign/?v=${voucher}`, // not encrypted
      'U2FsdGVkX1+garbage',
      encrypt('hello'),
      encrypt(`http://gift.truemoney.com/campaign/?v=${voucher}`),
      encrypt(`https://gift.truemoney.com.evil.example/campaign/?v=${voucher}`),
      encrypt(`https://gift.truemoney.com/other/?v=${voucher}`),
      encrypt(`https://gift.truemoney.com/campaign/?v=${voucher}&v=${voucher}`),
      encrypt('https://gift.truemoney.com/campaign/?v=short'),
      encrypt('https://gift.truemoney.com/campaign/?v=0812345678x5000x00000000x000000000000000000000000'), // not signed by the provider
      encrypt(`https://gift.truemoney.com/campaign/?v=${voucher.replace(/x(\d+)x/, 'x9999999x')}`), // amount changed
    ];
    const before = await ledgerSnapshot(m.db);
    for (const link of sent) {
      const response = await call(m.app, endpoints.trueLink, { link }, { token: member.token });
      expect([link, response.statusCode, response.json()]).toEqual([link, 400, { message: 'TRUELINK_INVALID' }]);
    }
    const empty = await call(m.app, endpoints.trueLink, { link: '' }, { token: member.token });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'TRUELINK_INVALID' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    // The same voucher in a well-formed link (no trailing slash is fine too) is taken.
    const taken = await call(m.app, endpoints.trueLink, { link: encrypt(`https://gift.truemoney.com/campaign?v=${voucher}`) }, { token: member.token });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('refuses a voucher below trueWalletMinimum with TRUELINK_INVALID and one from another phone with NOT_MATCH', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const other = await memberWithMoney(m);
    const before = await ledgerSnapshot(m.db);
    const small = await call(m.app, endpoints.trueLink, { link: encryptedVoucherLink(m, member.phone, 1.99).encrypted }, { token: member.token });
    expect([small.statusCode, small.json()]).toEqual([400, { message: 'TRUELINK_INVALID' }]);
    const foreign = await call(m.app, endpoints.trueLink, { link: encryptedVoucherLink(m, other.phone, 100).encrypted }, { token: member.token });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { message: 'NOT_MATCH' }]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await m.db.select().from(trueLinks)).toEqual([]);

    expect((await call(m.app, endpoints.trueLink, { link: encryptedVoucherLink(m, member.phone, 2).encrypted }, { token: member.token })).statusCode).toBe(200);
    await putSetting(m.db, 'trueWalletMinimum', 50);
    const belowNew = await call(m.app, endpoints.trueLink, { link: encryptedVoucherLink(m, member.phone, 49.99).encrypted }, { token: member.token });
    expect(belowNew.json()).toEqual({ message: 'TRUELINK_INVALID' });
  });

  it('refuses a voucher above trueWalletMaximum with TRUELINK_INVALID before redeeming it, and takes the maximum itself', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    // The simulator, counting redeems: a refused voucher must stay with its sender.
    const simulator = simulatedTrueMoney(m.config.paymentWebhookSecret);
    const redeemed: string[] = [];
    const vouchers: VoucherProvider = { inspect: simulator.inspect, redeem: (voucher) => (redeemed.push(voucher), simulator.redeem(voucher)) };
    await m.app.close();
    const app = await buildApp({ config: m.config, db: m.db, clock: m.clock, games: m.app.games, vouchers });
    onTestFinished(() => app.close());
    const send = (amount: number) => call(app, endpoints.trueLink, { link: encryptedVoucherLink(m, member.phone, amount).encrypted }, { token: member.token });
    const before = await ledgerSnapshot(m.db);

    const huge = await send(50_000_000);
    expect([huge.statusCode, huge.json()]).toEqual([400, { message: 'TRUELINK_INVALID' }]);
    await putSetting(m.db, 'trueWalletMaximum', 300);
    const above = await send(300.01);
    expect([above.statusCode, above.json()]).toEqual([400, { message: 'TRUELINK_INVALID' }]);
    expect(redeemed).toEqual([]);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await m.db.select().from(trueLinks)).toEqual([]);

    const atMaximum = await send(300);
    expect([atMaximum.statusCode, atMaximum.json().amount]).toEqual([200, 300]);
    expect(redeemed).toHaveLength(1);
  });

  it('is for members only', async () => {
    const m = await buildMoneyApp();
    const response = await call(m.app, endpoints.trueLink, { link: encrypt('x') });
    expect(response.statusCode).toBe(401);
  });
});
