/**
 * The weekly loss refund end to end (spec 2 refund modal; docs/decisions/0099-loss-refund.md) at
 * 390 x 844, in English: a member loses at the reference game, the server's
 * clock moves past the end of the week (weeks start Monday 00:00 in
 * Bangkok), and the refund modal, after its banner, shows 5% of the loss
 * and the period in its history. While a bonus is held, receiving is
 * disabled with the conditions' words; once the bonus is gone the member
 * receives it and the wallet grows by exactly that much. The operator's
 * deposit, the clock, and taking and cancelling the bonus go through the
 * API; the rest is the member's screens.
 */
import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { DEMO_REWARD_SETTINGS } from '../../src/server/db/seed-data.ts';
import { losingReels } from '../support/scripted-random.ts';
import { expectAccessible } from './support/axe.ts';
import { callOk, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { balanceCard, enterGame, leaveGame, money, openGameAccount, playRound, setBet, transferFromGame, transferToGame, walletAmount } from './support/play.ts';
import { main, submitLogin, useServer } from './support/ui.ts';

const OPERATOR = { phone: '0899999914', password: 'operator-pass-1414' };
// The journey is about a loss, not about the draw: the reels always lose (the draw's fairness is the server suites' subject).
const server = useServer({ operator: OPERATOR }, {}, { random: losingReels() });
test.use({ viewport: { width: 390, height: 844 } });

const ZONE = 'Asia/Bangkok';
/** The demo's weekly refund (seed-data.ts): its percent, and the amount it must be above to be received. */
const { percent: PERCENT, minimum: MINIMUM, period: PERIOD } = DEMO_REWARD_SETTINGS.refund;
const REFUND_BANNER_HEADING = /<h3>(.*?)<\/h3>/.exec(DEMO_REWARD_SETTINGS.refundBanners[0]!.html.en)![1]!;
const DEPOSIT = 300;
const TO_GAME = 200;
const BET = 10;
/** The net loss played: its 5% is then above the refund's 1-baht minimum. */
const LOSS_WANTED = 40;
test.beforeAll(() => {
  expect(PERIOD).toBe('week');
  expect((LOSS_WANTED * PERCENT) / 100).toBeGreaterThan(MINIMUM);
});

async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto(`${server().url}/login`);
  await submitLogin(page, phone, password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(walletAmount(page)).toHaveText(/฿/);
}

/** The refund widget: the banner carousel first, then (Continue) the refund modal. */
async function openRefundModal(page: Page) {
  await main(page).getByRole('region', { name: 'Wallet actions' }).getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  const banners = dialog.getByRole('region', { name: 'Banners' });
  await expect(banners).toContainText(REFUND_BANNER_HEADING);
  await expect(dialog).not.toContainText('Refund history');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(banners).toHaveCount(0);
  await expect(dialog).toContainText('Refund history');
  return dialog;
}

async function closeModal(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('loses at the game; once the week has closed the refund modal offers 5% of the loss, held back by a bonus, then received', async ({ page }) => {
  test.setTimeout(150_000);
  const member = newMember({ name: 'ประสิทธิ์ เล่นเก่ง' });
  await registerViaApi(server(), member);
  const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
  await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: member.phone, amount: DEPOSIT, reference: `BANK-${member.phone}` });

  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await logIn(page, member.phone, member.password);
  await expect(walletAmount(page)).toHaveText(money(DEPOSIT));

  let loss = 0;
  const playedAt = DateTime.now().setZone(ZONE);
  await test.step(`the member plays Golden Lotus at ${BET} credits a round until the net loss reaches ${LOSS_WANTED}`, async () => {
    await openGameAccount(page);
    await transferToGame(page, TO_GAME);
    const game = await enterGame(page);
    await setBet(game, BET);
    let credits = TO_GAME;
    while (loss < LOSS_WANTED) {
      const answer = await playRound(game);
      expect(answer.win, 'a round on the losing reels').toBe(0);
      loss += answer.bet;
      credits = answer.credits;
    }
    expect(loss).toBe(LOSS_WANTED);
    await leaveGame(page, game, `${server().url}/user/home`);
    // What is left in the game back to the wallet: a bonus is received only with nothing in a game (BONUS_REMAINING).
    await transferFromGame(page, credits);
    await expect(walletAmount(page)).toHaveText(money(DEPOSIT - loss));
  });

  await test.step('while the week is open there is nothing to receive yet', async () => {
    const dialog = await openRefundModal(page);
    await expect(dialog).toContainText(`Refund to receive${money(0)}`);
    await expect(dialog).toContainText('Periods refunded0');
    await expect(dialog).toContainText(`You can receive the refund once it is more than ${money(MINIMUM)}.`);
    await expect(dialog).toContainText('No refunds yet.');
    await expect(dialog.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
    await closeModal(page);
  });

  // PERCENT of the loss, rounded down to the satang (rules/refunds.ts refundFor).
  const refund = Math.floor(loss * PERCENT) / 100;
  const weekStart = playedAt.startOf('week');

  await test.step('the server\'s clock moves past the end of the week; the member takes a bonus', async () => {
    const nextWeek = weekStart.plus({ weeks: 1 }).plus({ minutes: 1 });
    server().advanceClock(nextWeek.toMillis() - Date.now());
    // The move may outlast the session: log in again, on the server's new day.
    await page.evaluate(() => {
      localStorage.removeItem('token');
      sessionStorage.clear();
    });
    await logIn(page, member.phone, member.password);
    const token = await loginViaApi(server(), member.phone, member.password);
    await callOk(server(), 'GET', '/api/bonus/activate/WELCOME100', token);
  });

  await test.step(`the refund modal: ${money(refund)} to receive, the closed week in the history; receive disabled while the bonus is held`, async () => {
    await balanceCard(page).getByRole('button', { name: 'Check balance' }).click();
    const dialog = await openRefundModal(page);
    await expect(dialog).toContainText(`Refund to receive${money(refund)}`);
    await expect(dialog).toContainText(`${PERCENT}% of your net game loss, each week`);
    await expect(dialog).toContainText('Periods refunded1');
    await expect(dialog).toContainText('Periods without a refund0');
    // The conditions (the operator's text) and why receiving waits.
    await expect(dialog).toContainText('It cannot be received while you hold a bonus.');
    await expect(dialog).toContainText('You hold a bonus. You can receive the refund once the bonus has ended.');
    await expect(dialog.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
    // The history's rows (the conditions above have a list of their own).
    const rows = dialog.locator('.reward-list > li');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Period from ${weekStart.toFormat('dd/LL/yyyy')}`);
    await expect(rows.first()).toContainText(`Net loss ${money(loss)}`);
    await expect(rows.first()).toContainText(money(refund));
    await expect(rows.first()).toContainText('To receive');
    await expectAccessible(page, 'the refund modal while a bonus is held');
    await closeModal(page);
  });

  await test.step(`without the bonus, receive: the wallet grows by exactly ${money(refund)}`, async () => {
    const token = await loginViaApi(server(), member.phone, member.password);
    await callOk(server(), 'GET', '/api/bonus/clear', token);
    const { wallet } = (await callOk(server(), 'GET', '/api/wallet', token)) as { wallet: { amount: number } };
    await balanceCard(page).getByRole('button', { name: 'Check balance' }).click();
    await expect(walletAmount(page)).toHaveText(money(wallet.amount));

    const dialog = await openRefundModal(page);
    await expect(dialog).not.toContainText('You hold a bonus.');
    const receive = dialog.getByRole('button', { name: 'Receive refund' });
    await expect(receive).toBeEnabled();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/refund/receive');
    await receive.click();
    expect((await answer).status()).toBe(200);
    const received = dialog.getByRole('status');
    await expect(received).toContainText('Refund received');
    await expect(received).toContainText(`${money(refund)} was added to your wallet.`);
    await received.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(walletAmount(page)).toHaveText(money(Math.round((wallet.amount + refund) * 100) / 100));

    // Received once: the history says so, and there is nothing left to receive.
    const again = await openRefundModal(page);
    await expect(again).toContainText(`Refund to receive${money(0)}`);
    await expect(again.locator('.reward-list > li').first()).toContainText('Received');
    await expect(again.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
    await closeModal(page);
  });
});
