/**
 * A member plays an aggregator's game from the home, and the statement and
 * turnover show it (README "Games from an aggregator (Hub88)";
 * docs/decisions/0132-hub88-wallet-api.md, 0133-aggregator-games.md), at
 * 390 x 844 in English. The server runs with GAME_AGGREGATOR=hub88 on the
 * local fake aggregator's address and syncs its games at start; the
 * operator's deposit goes through the API, every step of the member through
 * the screens: the fake's slot in the home's carousel, its account opened,
 * money moved in with the transfer modal, the game entered by the link the
 * fake answers, one round played on the fake's page (the fake then bets and
 * pays through our Wallet API), and back home the game's balance, the wheel
 * coins the bet earned and the statement.
 *
 * Turnover is seen as wheel coins: every baht bet counts towards them
 * (docs/decisions/0103-coins-from-play.md), the wheel modal shows them, and a
 * new member has none, so one coin after one round proves the aggregator's
 * bet counted. The coin's price is set to the round's bet so that one round
 * earns exactly one.
 *
 * The fake's page is outside the app: no accessibility check runs on it
 * (the suite's check at the end runs on the app's statement page), and the
 * test only makes sure the app handed it nothing to reach back with: the
 * game's tab has no opener, and its address carries no login token of ours.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { callOk, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { slotCardOnScreen } from './support/carousel.ts';
import { expect, test } from './support/fixtures.ts';
import { useAggregatorServer } from './support/hub88.ts';
import { balanceCard, isPath, money, openGameAccount, transferToGame, walletAmount } from './support/play.ts';
import { bottomNav, main, storedToken, submitLogin } from './support/ui.ts';

const OPERATOR = { phone: '0899999933', password: 'operator-pass-3333' };
/** The fake's slot (scripts/fake-hub88/server.ts FAKE_GAMES), synced into the slot carousel. */
const GAME = { code: 'fk_lucky_lanterns', name: 'Lucky Lanterns' };
const DEPOSIT = 200;
const TO_GAME = 100;
/** One of the bets the fake's page offers, in baht; also the coin's price here. */
const BET = 10;

const world = useAggregatorServer({ operator: OPERATOR }, { wheelCoins: { BAHT: BET, LAK: 2_000 } });
test.use({ viewport: { width: 390, height: 844 } });

const wheelModal = (page: Page) => page.getByRole('dialog', { name: 'Lucky wheel' });

/** The coins the wheel modal shows, opened from the home's wallet actions and closed again. */
async function expectCoins(page: Page, coins: number): Promise<void> {
  const setup = page.waitForResponse(isPath('/api/spinwheel/setup'));
  await main(page).getByRole('region', { name: 'Wallet actions' }).getByRole('button', { name: 'Spin wheel' }).click();
  expect((await setup).status()).toBe(200);
  const modal = wheelModal(page);
  await expect(modal.locator('.wheel-coins')).toHaveText(`Your coins${coins}`);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
}

/** The aggregator's page a tap opened: a new tab, or this one when the browser kept the tab from opening. */
async function gamePageOpenedBy(page: Page, fakeUrl: string, tap: () => Promise<void>): Promise<Page> {
  const atTheFake = (url: URL) => url.href.startsWith(`${fakeUrl}/play/`);
  const popup = page.waitForEvent('popup');
  const sameTab = page.waitForURL(atTheFake);
  popup.catch(() => undefined);
  sameTab.catch(() => undefined);
  await tap();
  const game = await Promise.race([popup, sameTab.then(() => page)]);
  await game.waitForURL(atTheFake);
  return game;
}

test('a member plays an aggregator game from the home; the game balance, the wheel coins and the statement show the round', async ({ page }) => {
  const { server, fake } = world();
  const member = newMember();
  await registerViaApi(server, member);
  const operator = await loginViaApi(server, OPERATOR.phone, OPERATOR.password);
  await callOk(server, 'POST', '/api/ops/deposits', operator, { username: member.phone, amount: DEPOSIT, reference: `BANK-${member.phone}` });

  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto(`${server.url}/login`);
  await submitLogin(page, member.phone, member.password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(walletAmount(page)).toHaveText(money(DEPOSIT));

  await test.step(`the home's slot carousel offers ${GAME.name}: open its account, move ${money(TO_GAME)} into it`, async () => {
    await slotCardOnScreen(page, GAME.name, 'en');
    await openGameAccount(page, GAME);
    await transferToGame(page, TO_GAME, GAME);
    await expect(walletAmount(page)).toHaveText(money(DEPOSIT - TO_GAME));
    await expectCoins(page, 0);
  });

  let game: Page = page;
  await test.step("enter the game: the fake's page, with the balance it read from our wallet", async () => {
    await (await slotCardOnScreen(page, GAME.name, 'en')).click();
    const dialog = page.getByRole('dialog', { name: GAME.name });
    await expect(dialog.getByRole('button', { name: 'Enter game' })).toBeEnabled();
    await expectAccessible(page, 'the game modal of an aggregator game');
    const entry = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/autoLogin/hub88/'));
    game = await gamePageOpenedBy(page, fake.url, () => dialog.getByRole('button', { name: 'Enter game' }).click());
    expect((await entry).status()).toBe(200);
    await expect(game.getByRole('heading', { level: 1, name: GAME.name })).toBeVisible();
    await expect(game.getByText(`Balance: ${TO_GAME.toFixed(2)} THB`)).toBeVisible();
    // Nothing of ours for the other site to reach back with: no opener to script, no login token in its address.
    if (game !== page) expect(await game.evaluate(() => window.opener)).toBeNull();
    expect(game.url()).not.toContain((await storedToken(page)) ?? 'no token stored');
  });

  let afterRound = 0;
  await test.step(`one round of ${BET} on the fake's page: it bets and pays through our Wallet API`, async () => {
    await game.getByLabel('Bet').selectOption({ label: String(BET) });
    await game.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect(game.getByText(/^(You won [\d.]+!|No win this time\.)$/)).toBeVisible();
    const bets = fake.exchanges.filter((exchange) => exchange.path === '/transaction/bet');
    const wins = fake.exchanges.filter((exchange) => exchange.path === '/transaction/win');
    expect(bets.map((exchange) => [exchange.body.amount, exchange.answer.status])).toEqual([
      [BET * 100_000, 'RS_OK'],
      [BET * 100_000, 'RS_OK'], // Hub88's retry of the same bet: answered alike, taken once
    ]);
    expect(wins).toHaveLength(2);
    const won = Number(wins[0]!.body.amount) / 100_000;
    afterRound = TO_GAME - BET + won;
    expect(wins.map((exchange) => exchange.answer)).toEqual(wins.map(() => expect.objectContaining({ status: 'RS_OK', balance: afterRound * 100_000 })));
    await expect(game.getByText(`Balance: ${afterRound.toFixed(2)} THB`)).toBeVisible();
    expect(fake.refused).toEqual([]);
  });

  await test.step('back home: the game balance is the round\'s result and the bet earned a coin', async () => {
    if (game === page) {
      await page.goto(`${server.url}/user/home`);
    } else {
      await game.close();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    const check = page.waitForResponse(isPath('/api/wallet'));
    await balanceCard(page).getByRole('button', { name: 'Check balance' }).click();
    expect((await check).status()).toBe(200);
    await expect(balanceCard(page).getByRole('definition').nth(1)).toHaveText(money(afterRound));
    await expect(await slotCardOnScreen(page, GAME.name, 'en')).toContainText(money(afterRound));
    await expect(walletAmount(page)).toHaveText(money(DEPOSIT - TO_GAME));
    await expectCoins(page, 1);
  });

  await test.step(`the statement: the deposit, and the ${money(TO_GAME)} moved into the game`, async () => {
    await bottomNav(page, 'en').getByRole('link', { name: 'Statement' }).click();
    await expect(page).toHaveURL(/\/user\/statement$/);
    const rows = main(page).getByRole('list', { name: 'Statement' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Transfer');
    await expect(rows.first()).toContainText(`Wallet → ${GAME.name}`);
    await expect(rows.first()).toContainText(`${money(TO_GAME)}Success`);
    await expect(rows.last()).toContainText(`+${money(DEPOSIT)}Success`);
  });
});
