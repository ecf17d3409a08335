/**
 * The money journey end to end through the UI (spec 2, 4, 5, 7): an operator
 * credits a deposit (the only step through the API, as in production); the
 * member logs in, sees the home with its three carousels, opens a game
 * account, moves money into it, plays one round of the reference game in its
 * own tab, moves the money back, withdraws, and finds every movement in the
 * statement with the sign and status the server gives; once the operator pays
 * the withdrawal the statement says so. Chromium at 390 x 844 (the suite's
 * phone viewport).
 */
import type { Locator, Page, Response } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { callOk, loginViaApi, newMember, registerViaApi, statementPage, type StatementEntry } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { bottomNav, field, formatDateTime, logInViaUi, main, storedToken, useServer } from './support/ui.ts';

const TIME_ZONE = 'Asia/Bangkok';
test.use({ timezoneId: TIME_ZONE });

const OPERATOR = { phone: '0899999991', password: 'operator-pass-5678' };
const server = useServer({ operator: OPERATOR });

/** Golden Lotus: a slot of the reference provider entered by a plain link (entry 'token_link'), 1 credit per baht. */
const GAME = { code: 'lotus', name: 'Golden Lotus' };
const DEPOSIT = 1000;
const TO_GAME = 300;
const WITHDRAWAL = 250;

/** The reference game page's own words (src/server/games/page/texts.ts, Thai): the provider's page, not the app's catalogues. */
const GAME_PAGE = { spin: 'หมุน', player: 'ผู้เล่น' };

// ---------------------------------------------------------------- the API (operator, and reading what the server says)

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<Json> => callOk(server(), method, path, token, body);



// ---------------------------------------------------------------- where things are

const money = (amount: number, sign = '') =>
  `${sign}฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Credits as the Thai game page writes them (play.js: Intl.NumberFormat of the page's language). */
const credits = (amount: number) => new Intl.NumberFormat('th', { maximumFractionDigits: 2 }).format(amount);

function balanceCard(page: Page): Locator {
  return main(page).locator('section').filter({ has: page.getByText(tr('Total balance'), { exact: true }) });
}

/** The total, the wallet and the games lines of the balance card. */
async function expectBalances(page: Page, { wallet, games }: { wallet: number; games: number }): Promise<void> {
  const card = balanceCard(page);
  // The total is the card's live line (the only paragraph with a ฿ amount).
  await expect(card.getByRole('paragraph').filter({ hasText: '฿' })).toHaveText(money(wallet + games));
  await expect(card.getByRole('definition').first()).toHaveText(money(wallet));
  await expect(card.getByRole('definition').nth(1)).toHaveText(money(games));
}

function carousel(page: Page, title: 'Slots' | 'Sports and casino' | 'Lotto'): Locator {
  return main(page).getByRole('region', { name: tr(title) });
}

function gameCard(page: Page, name: string): Locator {
  return main(page).getByRole('button', { name: new RegExp(`^${name}`) });
}

/** A value in a dialog's details list, by its term. */
function credential(dialog: Locator, term: string): Locator {
  return dialog
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

function statementRows(page: Page): Locator {
  return main(page).getByRole('list', { name: tr('Statement') }).getByRole('listitem');
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
}

const isPath = (path: string, method = 'GET') => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === method;

// ---------------------------------------------------------------- the journey

test('deposit, log in, open a game account, transfer in, play, transfer out, withdraw, see it all in the statement', async ({ page }) => {
  // One long journey through five screens and two tabs on a shared machine.
  test.setTimeout(120_000);
  expect(page.viewportSize(), 'the phone viewport of playwright.config.ts').toEqual({ width: 390, height: 844 });
  const member = newMember({ name: 'มานี มีเงิน' });
  await registerViaApi(server(), member);
  const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);

  await test.step('the operator credits a deposit to the new member (POST /api/ops/deposits)', async () => {
    const answer = await call('POST', '/api/ops/deposits', operator, { username: member.phone, amount: DEPOSIT, reference: `BANK-${member.phone}` });
    expect(answer).toMatchObject({ message: 'SUCCESS', username: member.phone, amount: DEPOSIT });
  });

  let token = '';
  await test.step('the member logs in; the home shows the name, the deposit and three carousels; nothing scrolls sideways', async () => {
    await logInViaUi(page, server(), member.phone, member.password);
    token = (await storedToken(page)) ?? '';
    expect(token, 'the app keeps the login token').not.toBe('');
    await expect(main(page).getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expectBalances(page, { wallet: DEPOSIT, games: 0 });

    const wallet = (await call('GET', '/api/wallet', token)) as { slots: { name: string; category: string; isActive: boolean }[] };
    expect(wallet.slots.every((slot) => !slot.isActive), 'a new member has no game account yet').toBe(true);
    for (const [title, category] of [
      ['Slots', 'slot'],
      ['Sports and casino', 'sport'],
      ['Lotto', 'lotto'],
    ] as const) {
      const region = carousel(page, title);
      await expect(region.getByRole('heading', { level: 2 })).toHaveText(tr(title));
      const names = wallet.slots.filter((slot) => slot.category === category).map((slot) => slot.name);
      expect(names.length, `${category} games in the wallet`).toBeGreaterThan(0);
      await expect(region.getByRole('listitem')).toHaveCount(names.length);
    }
    await expect(main(page).getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) })).toHaveCount(3);
    await expect(gameCard(page, GAME.name)).toContainText(tr('Open account'));
    await noSidewaysScroll(page);
  });

  const gameDialog = page.getByRole('dialog', { name: GAME.name });
  await test.step('the inactive game card opens its modal; opening the account shows the game username and password', async () => {
    await gameCard(page, GAME.name).click();
    await expect(gameDialog).toBeVisible();
    await expect(gameDialog).toContainText(`${tr('Game balance')}${money(0)}`);
    const activation = page.waitForResponse(isPath(`/api/wallet/activate/${GAME.code}`));
    await gameDialog.getByRole('button', { name: tr('Open account'), exact: true }).click();
    expect((await activation).status()).toBe(200);

    // What the server holds for the account, read with the member's own session.
    const account = (await call('GET', `/api/wallet/account/${GAME.code}`, token)) as { username: string; password: string };
    expect(account.username).not.toBe('');
    await expect(credential(gameDialog, tr('Username'))).toHaveText(account.username);
    await expect(credential(gameDialog, tr('Password'))).toContainText(tr('Hidden'));
    await expect(credential(gameDialog, tr('Password'))).not.toContainText(account.password);
    await gameDialog.getByRole('button', { name: tr('Show password') }).click();
    await expectAccessible(page, 'the game modal with its account');
    await expect(credential(gameDialog, tr('Password'))).toHaveText(account.password);
    await expect(gameDialog.getByRole('button', { name: tr('Enter game') })).toBeEnabled();
    // Nothing in the game yet: transfer-only is off (spec 2).
    await expect(gameDialog.getByRole('button', { name: tr('Transfer only') })).toBeDisabled();

    await page.keyboard.press('Escape');
    await expect(gameDialog).toBeHidden();
    // The home read the wallet again: the card is an account now.
    await expect(gameCard(page, GAME.name)).not.toContainText(tr('Open account'));
    await expect(gameCard(page, GAME.name)).toContainText(money(0));
  });

  const transferDialog = page.getByRole('dialog', { name: tr('Transfer') });
  await test.step(`wallet → game through the transfer modal: ${TO_GAME} baht`, async () => {
    await balanceCard(page).getByRole('button', { name: tr('Transfer'), exact: true }).click();
    await expect(transferDialog).toBeVisible();
    await expect(transferDialog.getByRole('radio', { name: tr('An amount') })).toBeChecked();
    await expect(field(transferDialog, tr('From'))).toHaveValue('WALLET');
    await field(transferDialog, tr('To')).selectOption(GAME.code);
    await field(transferDialog, tr('Amount')).fill(String(TO_GAME));
    await transferDialog.getByRole('button', { name: tr('Continue') }).click();

    // The review, before anything moves.
    await expect(transferDialog).toContainText(money(TO_GAME));
    await expect(transferDialog).toContainText(`${tr('From')}${tr('Wallet')}`);
    await expect(transferDialog).toContainText(`${tr('To')}${GAME.name}`);
    await expectAccessible(page, 'the transfer modal, review');
    const transfer = page.waitForResponse(isPath('/api/wallet/transfer', 'POST'));
    await transferDialog.getByRole('button', { name: tr('Confirm transfer') }).click();
    expect((await transfer).status()).toBe(200);

    await expect(transferDialog.getByRole('status')).toHaveText(tr('Transfer complete'));
    await expect(transferDialog).toContainText(`${tr('Wallet balance now')}${money(DEPOSIT - TO_GAME)}`);
    await transferDialog.getByRole('button', { name: tr('Done') }).click();
    await expect(transferDialog).toBeHidden();
    await expectBalances(page, { wallet: DEPOSIT - TO_GAME, games: TO_GAME });
    await expect(gameCard(page, GAME.name)).toContainText(money(TO_GAME));
  });

  let afterSpin = 0;
  await test.step('enter the game from its modal (a new tab), play one spin, the credits change', async () => {
    await gameCard(page, GAME.name).click();
    await expect(gameDialog).toBeVisible();
    await expect(gameDialog).toContainText(`${tr('Game balance')}${money(TO_GAME)}`);
    const enter = gameDialog.getByRole('button', { name: tr('Enter game') });
    await expect(enter).toBeEnabled();

    // The game opens in a new tab; when the browser refuses the tab, in this one (src/features/game-account/game-entry.ts).
    const popup = page.waitForEvent('popup');
    const sameTab = page.waitForURL(new RegExp(`/games/${GAME.code}\\b`));
    popup.catch(() => undefined);
    sameTab.catch(() => undefined);
    await enter.click();
    const game = await Promise.race([popup, sameTab.then(() => page)]);
    test.info().annotations.push({ type: 'game opened in', description: game === page ? 'the same tab (fallback)' : 'a new tab' });

    // The entry token is spent on the way in: the address the member stays on carries no secret.
    await expect(game).toHaveURL(new RegExp(`/games/${GAME.code}\\?lang=th$`));
    await expect(game.getByRole('heading', { level: 1, name: GAME.name })).toBeVisible();
    const creditsShown = game.locator('#credits');
    await expect(creditsShown).toHaveText(credits(TO_GAME));
    const account = (await call('GET', `/api/wallet/account/${GAME.code}`, token)) as { username: string };
    await expect(game.getByText(`${GAME_PAGE.player}: ${account.username}`)).toBeVisible();

    const spinAnswer = game.waitForResponse(isPath('/games/api/spin', 'POST'));
    await game.getByRole('button', { name: GAME_PAGE.spin, exact: true }).click();
    const spin = (await (await spinAnswer).json()) as { bet: number; win: number; credits: number; replayed: boolean };
    expect(spin.replayed).toBe(false);
    expect(spin.bet, 'the smallest bet: 1 baht = 1 credit').toBe(1);
    expect(spin.credits).toBe(TO_GAME - spin.bet + spin.win);
    // No slot pays exactly the bet back (paytable.ts), so the credits always change.
    expect(spin.credits).not.toBe(TO_GAME);
    afterSpin = spin.credits;
    await expect(creditsShown).toHaveText(credits(afterSpin));
    await expectAccessible(game, 'the game page after a spin');
    await expect(game.getByRole('button', { name: GAME_PAGE.spin, exact: true })).toBeEnabled();

    if (game === page) {
      await page.goto(`${server().url}/user/home`);
    } else {
      await game.close();
      await expect(gameDialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(gameDialog).toBeHidden();
    }
  });

  await test.step('back in the app: check balance shows the game balance after the round', async () => {
    await balanceCard(page).getByRole('button', { name: tr('Check balance') }).click();
    await expectBalances(page, { wallet: DEPOSIT - TO_GAME, games: afterSpin });
    await expect(gameCard(page, GAME.name)).toContainText(money(afterSpin));
  });

  await test.step('game → wallet: the game modal\'s transfer-only button opens the transfer modal preset to this game', async () => {
    await gameCard(page, GAME.name).click();
    await expect(gameDialog).toContainText(`${tr('Game balance')}${money(afterSpin)}`);
    await gameDialog.getByRole('button', { name: tr('Transfer only') }).click();
    await expect(gameDialog).toBeHidden();
    await expect(transferDialog).toBeVisible();
    await expect(field(transferDialog, tr('From'))).toHaveValue(GAME.code);
    await expect(field(transferDialog, tr('To'))).toHaveValue('WALLET');
    await field(transferDialog, tr('Amount')).fill(String(afterSpin));
    await transferDialog.getByRole('button', { name: tr('Continue') }).click();
    await expect(transferDialog).toContainText(`${tr('From')}${GAME.name}`);
    await expect(transferDialog).toContainText(`${tr('To')}${tr('Wallet')}`);
    const transfer = page.waitForResponse(isPath('/api/wallet/transfer', 'POST'));
    await transferDialog.getByRole('button', { name: tr('Confirm transfer') }).click();
    expect((await transfer).status()).toBe(200);
    await expect(transferDialog.getByRole('status')).toHaveText(tr('Transfer complete'));
    await expect(transferDialog).toContainText(`${tr('Wallet balance now')}${money(DEPOSIT - TO_GAME + afterSpin)}`);
    await transferDialog.getByRole('button', { name: tr('Done') }).click();
    await expect(transferDialog).toBeHidden();
    await expectBalances(page, { wallet: DEPOSIT - TO_GAME + afterSpin, games: 0 });
  });

  const walletAfterWithdrawal = DEPOSIT - TO_GAME + afterSpin - WITHDRAWAL;
  await test.step(`withdraw ${WITHDRAWAL} baht through the withdraw modal, within the server's limits`, async () => {
    const limits = (await call('GET', '/api/lookup/withdraw', token)) as { withdrawMin: number; withdrawMax: number };
    expect(limits.withdrawMin).toBe(100);
    expect(WITHDRAWAL).toBeGreaterThanOrEqual(limits.withdrawMin);
    expect(WITHDRAWAL).toBeLessThanOrEqual(limits.withdrawMax);

    await main(page).getByRole('region', { name: tr('Wallet actions') }).getByRole('button', { name: tr('Withdraw') }).click();
    const dialog = page.getByRole('dialog', { name: tr('Withdraw') });
    await expect(dialog).toContainText(`${tr('Available to withdraw')}${money(DEPOSIT - TO_GAME + afterSpin)}`);
    await expect(dialog).toContainText(`${member.accountNo.slice(0, 3)}-${member.accountNo.slice(3, 6)}-${member.accountNo.slice(6)}`);
    const amount = field(dialog, tr('Amount'));

    // Below the minimum the modal says so and moves nothing.
    await amount.fill(String(limits.withdrawMin - 1));
    await dialog.getByRole('button', { name: tr('Continue') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(tr('The minimum withdrawal is {min}.').replace('{min}', money(limits.withdrawMin)));

    await amount.fill(String(WITHDRAWAL));
    await dialog.getByRole('button', { name: tr('Continue') }).click();
    await expect(dialog).toContainText(money(WITHDRAWAL));
    await expectAccessible(page, 'the withdraw modal, review');
    const withdrawal = page.waitForResponse(isPath('/api/wallet/withdrawAll', 'POST'));
    await dialog.getByRole('button', { name: tr('Confirm withdrawal') }).click();
    expect((await withdrawal).status()).toBe(200);
    await expect(dialog.getByRole('status')).toHaveText(tr('Withdrawal requested'));
    await expect(dialog).toContainText(`${tr('Wallet balance now')}${money(walletAfterWithdrawal)}`);
    await dialog.getByRole('button', { name: tr('Done') }).click();
    await expect(dialog).toBeHidden();
    await expectBalances(page, { wallet: walletAfterWithdrawal, games: 0 });
  });

  /** What a statement row must say for an entry (spec 4): activity, route of a transfer, signed amount, status, time. */
  async function expectStatement(entries: StatementEntry[]): Promise<void> {
    await expect(statementRows(page)).toHaveCount(entries.length);
    for (const [index, entry] of entries.entries()) {
      const row = statementRows(page).nth(index);
      const sign = entry.statementType === 'deposit' ? '+' : entry.statementType === 'withdraw' ? '-' : '';
      const activity = entry.statementType === 'deposit' ? 'Deposit' : entry.statementType === 'withdraw' ? 'Withdrawal' : 'Transfer';
      const status = entry.status === 'SUCCESS' ? 'Success' : entry.status === 'FAILED' ? 'Failed' : 'In progress';
      await expect(row).toContainText(tr(activity));
      await expect(row).toContainText(`${money(entry.amount, sign)}${tr(status)}`);
      if (sign === '') await expect(row).not.toContainText(/[+-]฿/);
      if (entry.statementType === 'transfer') {
        const name = (code: string) => (code === 'WALLET' ? tr('Wallet') : GAME.name);
        await expect(row).toContainText(`${name(entry.from)} → ${name(entry.to)}`);
      }
      await expect(row.locator('time')).toHaveText(formatDateTime(entry.createdAt, TIME_ZONE));
    }
  }

  await test.step('the statement: deposit +, two transfers without a sign, withdrawal - in progress; as POST /api/statement says', async () => {
    const { statements, total } = await statementPage(server(), token);
    // Newest first. The round's bet and win stay inside the game account: not wallet movements.
    expect(total).toBe(4);
    expect(statements.map(({ statementType, from, to, amount, status }) => ({ statementType, from, to, amount, status }))).toEqual([
      { statementType: 'withdraw', from: 'WALLET', to: member.bankCode, amount: WITHDRAWAL, status: 'PENDING' },
      { statementType: 'transfer', from: GAME.code, to: 'WALLET', amount: afterSpin, status: 'SUCCESS' },
      { statementType: 'transfer', from: 'WALLET', to: GAME.code, amount: TO_GAME, status: 'SUCCESS' },
      { statementType: 'deposit', from: 'DEPOSIT', to: 'WALLET', amount: DEPOSIT, status: 'SUCCESS' },
    ]);

    await bottomNav(page).getByRole('link', { name: tr('Statement (bottom menu)') }).click();
    await expect(page).toHaveURL(/\/user\/statement$/);
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Statement') })).toBeVisible();
    await expectStatement(statements);
    await expect(statementRows(page).first()).toContainText(`${money(WITHDRAWAL, '-')}${tr('In progress')}`);
    await expect(statementRows(page).last()).toContainText(`${money(DEPOSIT, '+')}${tr('Success')}`);
    await noSidewaysScroll(page);
  });

  await test.step('the operator pays the withdrawal; after a reload the statement shows it as a success', async () => {
    const { withdrawals } = (await call('GET', '/api/ops/withdrawals', operator)) as {
      withdrawals: { id: string; username: string; amount: number; status: string }[];
    };
    const mine = withdrawals.filter((withdrawal) => withdrawal.username === member.phone);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: WITHDRAWAL, status: 'pending' });
    const paid = (await call('POST', `/api/ops/withdrawals/${mine[0]!.id}/paid`, operator)) as { withdrawal: { status: string } };
    expect(paid.withdrawal.status).toBe('paid');

    const { statements } = await statementPage(server(), token);
    expect(statements[0]).toMatchObject({ statementType: 'withdraw', amount: WITHDRAWAL, status: 'SUCCESS' });
    await page.reload();
    await expectStatement(statements);
    await expect(statementRows(page).first()).toContainText(`${money(WITHDRAWAL, '-')}${tr('Success')}`);
    await expect(statementRows(page).filter({ hasText: tr('In progress') })).toHaveCount(0);
    await noSidewaysScroll(page);
  });
});
