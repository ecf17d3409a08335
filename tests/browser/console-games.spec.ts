/**
 * The console's games (docs/decisions/0133-aggregator-games.md): at
 * 1280×800 a marketing operator filters the games in the address and
 * switches a reference game off after the confirmation says what it does
 * to members; a member's home then no longer offers it and opening it
 * answers NO_GAME; the admin finds the switch in the audit exactly once.
 * At 390×844 the page fits without sideways scrolling and passes axe, and
 * support sees the list without any switch.
 */
import type { Page } from '@playwright/test';
import { api, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { addOperator, bootstrapAdminPage, consolePage } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { logInViaUi, main, useServer } from './support/ui.ts';

const ADMIN = { phone: '0899999976', password: 'games-admin-7319' };
const PHONE = { width: 390, height: 844 };
const server = useServer({ operator: ADMIN });

const GAME = { code: 'muaythai', name: 'Muay Thai Kick' };


const gameRow = (page: Page, name: string) => page.getByRole('table', { name: 'Games' }).getByRole('row').filter({ hasText: name });

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The member home's card of a game in its carousel, once the home has drawn its games. */
async function homeCards(page: Page, name: string) {
  await expect(main(page).getByRole('region', { name: tr('Slots') }).getByRole('button', { name: /^Golden Lotus/ })).toHaveCount(1);
  return main(page).getByRole('region', { name: tr('Sports and casino') }).getByRole('button', { name: new RegExp(`^${name}`) });
}

test('marketing switches a reference game off: the home no longer offers it, opening it answers NO_GAME, the audit has the switch once', async ({ page, browser }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await logInViaUi(page, server(), member.phone, member.password);
  await expect(await homeCards(page, GAME.name)).toHaveCount(1);

  const marketing = await addOperator(server(), ADMIN, 'marketing', 'Mai Marketing');
  const desk = await consolePage(browser, server(), marketing);
  await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Games' }).click();
  await expect(desk.getByRole('heading', { name: 'Games' })).toBeVisible();
  await expect(gameRow(desk, GAME.name)).toContainText('On');

  // The filters and the order live in the address.
  await desk.getByLabel('Provider').selectOption('reference');
  await expect(desk).toHaveURL(/provider=reference/);
  await desk.getByLabel('Order').selectOption('name');
  await expect(desk).toHaveURL(/sort=name/);
  await expect(desk.getByRole('table', { name: 'Games' }).getByRole('row').nth(1)).toContainText('Dragon Boat Race');

  // Asked first, with what it does to members; backing out changes nothing.
  await desk.getByRole('button', { name: `Switch off ${GAME.name}` }).click();
  const dialog = desk.getByRole('dialog', { name: `Switch off ${GAME.name}?` });
  await expect(dialog).toContainText('Members can no longer open, enter or fund it; money already in it can still be moved back to the wallet.');
  await expectAccessible(desk, 'the switch confirmation (1280)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(gameRow(desk, GAME.name)).toContainText('On');

  await desk.getByRole('button', { name: `Switch off ${GAME.name}` }).click();
  await dialog.getByRole('button', { name: 'Switch off' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByText(`${GAME.name} is switched off.`)).toBeVisible();
  await expect(gameRow(desk, GAME.name)).toContainText('Switched off by an operator');
  await expect(desk.getByRole('button', { name: `Switch on ${GAME.name}` })).toBeVisible();
  await desk.getByLabel('Status').selectOption('off');
  await expect(desk).toHaveURL(/status=off/);
  await expect(desk.getByRole('table', { name: 'Games' }).getByRole('row')).toHaveCount(2); // the header and the game
  await expect(desk.getByRole('status').filter({ hasText: /1 game of \d+/ })).toBeVisible();
  await expectAccessible(desk, 'games (1280)');

  // The member's home no longer offers it, and the server refuses to open it.
  await page.reload();
  await expect(await homeCards(page, GAME.name)).toHaveCount(0);
  const token = await loginViaApi(server(), member.phone, member.password);
  const opened = await api(server(), 'GET', `/api/wallet/activate/${GAME.code}`, { token });
  expect([opened.status, opened.body]).toEqual([404, { message: 'NO_GAME' }]);

  const admin = await bootstrapAdminPage(browser, server(), ADMIN);
  await admin.goto(`${server().url}/ops/audit?action=game.switch`);
  const audited = admin.getByRole('table', { name: 'Operator actions, newest first' }).getByRole('row').filter({ hasText: 'Game switched off or on' });
  await expect(audited).toHaveCount(1);
  await expect(audited).toContainText(GAME.code);
  await expect(audited).toContainText(marketing.phone);
  await expect(admin.getByLabel('Action')).toHaveValue('game.switch');
  await desk.context().close();
  await admin.context().close();
});

test('at 390×844 the games fit without sideways scrolling and pass axe; support sees them but no switch', async ({ browser }) => {
  const marketing = await addOperator(server(), ADMIN, 'marketing');
  const phone = await consolePage(browser, server(), marketing, PHONE);
  await phone.goto(`${server().url}/ops/games`);
  await expect(gameRow(phone, 'Golden Lotus')).toContainText('Slots');
  const switchOff = phone.getByRole('button', { name: 'Switch off Golden Lotus' });
  expect((await switchOff.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await noSidewaysScroll(phone);
  await expectAccessible(phone, 'games (390)');
  await switchOff.click();
  const dialog = phone.getByRole('dialog', { name: 'Switch off Golden Lotus?' });
  await expect(dialog).toBeVisible();
  await noSidewaysScroll(phone);
  await expectAccessible(phone, 'the switch confirmation (390)');
  await phone.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const support = await addOperator(server(), ADMIN, 'support');
  const desk = await consolePage(browser, server(), support, PHONE);
  await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Games' }).click();
  await expect(gameRow(desk, 'Golden Lotus')).toContainText('On');
  await expect(desk.getByText('Marketing switches games off and on.')).toBeVisible();
  await expect(desk.getByRole('button', { name: /^Switch (off|on)/ })).toHaveCount(0);
  await noSidewaysScroll(desk);
  await expectAccessible(desk, 'games for support (390)');
  await phone.context().close();
  await desk.context().close();
});
