/**
 * A bonus taken, played to its turnover and withdrawn, at 390 x 844 in
 * English (docs/decisions/0095-bonuses-on-the-ledger.md): the member receives a bonus on the bonus page, moves
 * money into the reference game, plays it in the game's own tab until the
 * bets reach the target the page shows, brings the money home and withdraws
 * it all through the withdraw modal, which finishes the bonus. The operator's
 * deposit and the moves of money between wallet and game go through the API;
 * everything the member decides goes through the screens.
 */
import type { Page, Response } from '@playwright/test';
import { bonuses } from '../../src/server/db/schema.ts';
import { callOk, loginViaApi, newMember, registerViaApi, statementPage } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { main, storedToken, submitLogin, useServer } from './support/ui.ts';

const OPERATOR = { phone: '0899999992', password: 'operator-pass-9012' };
const server = useServer({ operator: OPERATOR });
test.use({ viewport: { width: 390, height: 844 } });

const GAME = { code: 'lotus', name: 'Golden Lotus' };
const DEPOSIT = 200;
const BONUS = 10;
const TO_GAME = 50;

const money = (amount: number) => `฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const isPath = (path: string, method = 'GET') => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === method;

async function bonusRegion(page: Page) {
  return main(page).getByRole('region', { name: 'PLAYTEN' });
}

test('receives a bonus, plays the reference game to its turnover, and withdraws everything, which finishes it', async ({ page }) => {
  test.setTimeout(120_000);
  const now = new Date();
  await server()
    .db.insert(bonuses)
    .values({
      code: 'PLAYTEN',
      kind: 'bonus',
      bonusType: 'limit',
      currency: 'BAHT',
      maxReceived: 1,
      percentFail: 50,
      banners: [{ image: '/images/bonuses/welcome.svg', html: { th: '<p>10</p>', la: '<p>10</p>', en: '<p>Ten baht to play</p>' } }],
      description: { th: '<p>10</p>', la: '<p>10</p>', en: '<p>Ten baht to play</p>' },
      grantKind: 'fixed',
      grantAmount: BigInt(BONUS * 100),
      turnoverMultiplier: 1,
      endThreshold: 100n,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const member = newMember();
  await registerViaApi(server(), member);
  const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
  await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: member.phone, amount: DEPOSIT, reference: `BANK-${member.phone}` });

  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto(`${server().url}/login`);
  await submitLogin(page, member.phone, member.password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  const token = (await storedToken(page)) ?? '';
  await callOk(server(), 'GET', `/api/wallet/activate/${GAME.code}`, token);

  await test.step('the bonus page: receive PLAYTEN; it is active with its turnover at 0 of 10', async () => {
    await page.goto(`${server().url}/user/bonus`);
    await main(page).getByRole('button', { name: /^PLAYTEN\b/ }).click();
    const modal = page.getByRole('dialog', { name: 'PLAYTEN' });
    await modal.getByRole('button', { name: 'Receive bonus' }).click();
    const received = page.getByRole('alertdialog', { name: 'Bonus received' });
    await expect(received).toContainText(`${money(BONUS)} was added to your wallet.`);
    await received.getByRole('button', { name: 'OK' }).click();
    await expect(await bonusRegion(page)).toContainText(`${money(0)} / ${money(BONUS)}`);
  });

  await test.step('the withdraw modal refuses before the turnover is met, saying why', async () => {
    await page.goto(`${server().url}/user/home`);
    await main(page).getByRole('region', { name: 'Wallet actions' }).getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw' });
    await expect(dialog).toContainText('You hold a bonus');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const refused = page.waitForResponse(isPath('/api/wallet/withdrawAll', 'POST'));
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
    expect((await refused).status()).toBe(400);
    await expect(dialog.getByRole('alert')).toContainText(/bonus/i);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  let credits = TO_GAME;
  await test.step('money into the game, and rounds in its own tab until the bets reach the target', async () => {
    await callOk(server(), 'POST', '/api/wallet/transfer', token, { from: 'WALLET', to: GAME.code, amount: TO_GAME });
    await page.reload();
    await main(page).getByRole('button', { name: new RegExp(`^${GAME.name}`) }).click();
    const gameDialog = page.getByRole('dialog', { name: GAME.name });
    const popup = page.waitForEvent('popup');
    const sameTab = page.waitForURL(new RegExp(`/games/${GAME.code}\\b`));
    popup.catch(() => undefined);
    sameTab.catch(() => undefined);
    await gameDialog.getByRole('button', { name: 'Enter game' }).click();
    const game = await Promise.race([popup, sameTab.then(() => page)]);
    await expect(game.getByRole('heading', { level: 1, name: GAME.name })).toBeVisible();
    for (let round = 0; round < BONUS; round += 1) {
      const answer = game.waitForResponse(isPath('/games/api/spin', 'POST'));
      await game.getByRole('button', { name: 'Spin', exact: true }).click();
      const spin = (await (await answer).json()) as { bet: number; credits: number };
      expect(spin.bet).toBe(1);
      credits = spin.credits;
      await expect(game.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled();
    }
    if (game !== page) await game.close();
  });

  await test.step('the bonus page shows the turnover met', async () => {
    await page.goto(`${server().url}/user/bonus`);
    await expect(await bonusRegion(page)).toContainText(`${money(BONUS)} / ${money(BONUS)}`);
  });

  await test.step('the game money back, and the whole balance withdrawn through the modal: the bonus finishes', async () => {
    await callOk(server(), 'POST', '/api/wallet/transfer', token, { from: GAME.code, to: 'WALLET', amount: credits });
    const whole = DEPOSIT + BONUS - TO_GAME + credits;
    await page.goto(`${server().url}/user/home`);
    await main(page).getByRole('region', { name: 'Wallet actions' }).getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw' });
    await expect(dialog).toContainText(`Available to withdraw${money(whole)}`);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const withdrawal = page.waitForResponse(isPath('/api/wallet/withdrawAll', 'POST'));
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
    expect((await withdrawal).status()).toBe(200);
    await expect(dialog.getByRole('status')).toHaveText('Withdrawal requested');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const statement = await statementPage(server(), token);
    expect(statement.statements.slice(0, 2).map((entry) => [entry.statementType, entry.amount])).toEqual([
      ['finish_bonus', 0],
      ['withdraw', whole],
    ]);
    // The statement names the bonus its rows belong to (spec 3 linked records), as the server's HTML, sanitised.
    await page.goto(`${server().url}/user/statement`);
    await expect(main(page).getByRole('listitem').filter({ hasText: 'Ten baht to play' })).toHaveCount(2);
    await page.goto(`${server().url}/user/bonus`);
    await expect(main(page).getByLabel('Enter your promotion code')).toBeVisible();
    await expect(main(page).getByRole('button', { name: /^PLAYTEN\b/ })).toBeDisabled();
  });
});
