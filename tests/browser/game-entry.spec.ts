/**
 * docs/decisions/0084-game-entry-from-this-server-only.md: every entry kind of the reference games opens from the game
 * account modal in a real browser, now that each carries a one-time token
 * and the game pages refuse requests from other sites: a link (token), a
 * link with the username (token), a posted login form (token) and app
 * links. And the other half: a page on another site that posts a member's
 * entry form, or links to an entry, gets the game's refusal page and no
 * session (login CSRF).
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { callOk, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { slotCardOnScreen } from './support/carousel.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { logInViaUi, useServer } from './support/ui.ts';

const server = useServer();

/** The slot carousel's games (seed data, in carousel order) and how each is entered. */
const SLOTS = [
  { code: 'lotus', name: 'Golden Lotus', entry: 'link' },
  { code: 'elephant', name: 'Lucky Elephant', entry: 'apps' },
  { code: 'naga', name: 'Naga Treasure', entry: 'form' },
  { code: 'songkran', name: 'Songkran Splash', entry: 'link with the username' },
] as const;

/** The Thai refusal of the game pages (src/server/games/page/texts.ts: openedElsewhere). */
const OPENED_ELSEWHERE = 'เพื่อความปลอดภัย เกมนี้เปิดได้จากกระเป๋าเงินของคุณเท่านั้น โปรดเปิดเกมอีกครั้งจากกระเป๋าเงิน';

/** A site that is not the wallet's; the browser believes it, Playwright answers for it. */
const OTHER_SITE = 'http://other-site.test';

async function memberWithGames(): Promise<{ phone: string; password: string; token: string }> {
  const member = newMember();
  await registerViaApi(server(), member);
  const token = await loginViaApi(server(), member.phone, member.password);
  for (const { code } of SLOTS) await callOk(server(), 'GET', `/api/wallet/activate/${code}`, token);
  return { phone: member.phone, password: member.password, token };
}

/** The game's card in the slot carousel, moved into view; its modal, open, with the account ready to enter. */
async function openGameModal(page: Page, name: string): Promise<Locator> {
  await (await slotCardOnScreen(page, name)).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('button', { name: tr('Enter game') })).toBeEnabled();
  return dialog;
}

/** The game page a tap opened: a new tab, or this one when the browser kept the tab from opening. */
async function pageOpenedBy(page: Page, code: string, tap: () => Promise<void>): Promise<Page> {
  const popup = page.waitForEvent('popup');
  const sameTab = page.waitForURL(new RegExp(`/games/${code}\\b`));
  popup.catch(() => undefined);
  sameTab.catch(() => undefined);
  await tap();
  return Promise.race([popup, sameTab.then(() => page)]);
}

/** The game page with a live session: the address holds no secret, and the balance call answered (credits shown). */
async function expectPlaying(game: Page, code: string): Promise<void> {
  await expect(game).toHaveURL(new RegExp(`/games/${code}\\?lang=th(&app=android)?$`));
  await expect(game.locator('#credits')).toHaveText('0');
  await expectAccessible(game, `the game page of ${code}`);
}

async function sessionCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('rg_'));
}

test('the game account modal opens every entry kind: link, link with the username, login form, app links', async ({ page, context }) => {
  test.setTimeout(120_000);
  const member = await memberWithGames();
  await logInViaUi(page, server(), member.phone, member.password);

  for (const game of SLOTS) {
    await test.step(`${game.name}: ${game.entry}`, async () => {
      const dialog = await openGameModal(page, game.name);
      const enter = dialog.getByRole('button', { name: tr('Enter game') });
      let opened: Page;
      if (game.entry === 'apps') {
        await enter.click();
        const android = dialog.getByRole('link', { name: tr('App for Android') });
        await expectAccessible(page, 'the app links of the game modal');
        opened = await pageOpenedBy(page, game.code, () => android.click());
      } else {
        opened = await pageOpenedBy(page, game.code, () => enter.click());
      }
      await expectPlaying(opened, game.code);
      expect(await sessionCookies(context)).toContain(`rg_${game.code}`);
      if (opened === page) {
        await page.goto(`${server().url}/user/home`);
      } else {
        await opened.close();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  }
});

test('another site cannot sign the member into a game: its posted form and its link get the refusal page, no session', async ({ page, context }) => {
  const member = await memberWithGames();
  const username = async (code: string) => ((await callOk(server(), 'GET', `/api/wallet/account/${code}`, member.token)) as { username: string }).username;
  const entry = async (code: string) => (await callOk(server(), 'GET', `/api/autoLogin/reference/${await username(code)}`, member.token)).entry as Record<string, unknown>;

  // The other site got hold of a fresh entry of the member's form game and of a link game.
  const form = (await entry('naga')) as { action: string; fields: Record<string, string> };
  const link = (await entry('lotus')) as { url: string };
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  await page.route(`${OTHER_SITE}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><title>Other site</title><main><form method="post" action="${form.action}">${inputs}<button>Win a prize</button></form><a href="${link.url}">Free credits</a></main></html>`,
    }),
  );

  await page.goto(`${OTHER_SITE}/prize`);
  const posted = page.waitForResponse((response) => new URL(response.url()).pathname === '/games/login');
  await page.getByRole('button', { name: 'Win a prize' }).click();
  expect((await posted).status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText(OPENED_ELSEWHERE);
  await expect(page.getByRole('heading', { level: 1, name: 'Naga Treasure' })).toBeVisible();

  await page.goto(`${OTHER_SITE}/prize`);
  const followed = page.waitForResponse((response) => new URL(response.url()).pathname === '/games/lotus');
  await page.getByRole('link', { name: 'Free credits' }).click();
  expect((await followed).status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText(OPENED_ELSEWHERE);

  expect(await sessionCookies(context)).toEqual([]);
  // The member's own entries were not spent by the refused requests: the link still opens the game.
  await page.goto(link.url);
  await expectPlaying(page, 'lotus');
});
