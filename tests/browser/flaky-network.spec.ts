/**
 * A flaky network (docs/decisions/0145-a-flaky-network.md), in Chromium at
 * 390 x 844 with its offline emulation (context.setOffline) and throttled
 * profiles (CDP Network.emulateNetworkConditions): the offline banner shows
 * and goes away; reads come back by themselves; a withdrawal whose
 * connection drops is neither lost nor doubled, and the member is told
 * whether the money moved. What the ledger holds is read from the server
 * afterwards: exactly one withdrawal.
 */
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import { callOk, loginViaApi, newMember, registerViaApi, statementPage, type Member } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { bottomNav, field, logInViaUi, main, storedToken, useServer } from './support/ui.ts';

const OPERATOR = { phone: '0899999981', password: 'operator-pass-8765' };
const server = useServer({ operator: OPERATOR });

const DEPOSIT = 1000;
const WITHDRAWAL = 250;
const WITHDRAW_PATH = '/api/wallet/withdrawAll';

const money = (amount: number) => `฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A member with DEPOSIT in the wallet, logged in through the UI, at the home. */
async function memberAtHome(page: Page): Promise<{ member: Member; token: string }> {
  expect(page.viewportSize(), 'the phone viewport of playwright.config.ts').toEqual({ width: 390, height: 844 });
  const member = newMember();
  await registerViaApi(server(), member);
  const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
  await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: member.phone, amount: DEPOSIT, reference: `BANK-${member.phone}` });
  await logInViaUi(page, server(), member.phone, member.password);
  return { member, token: (await storedToken(page)) ?? '' };
}

/** The offline banner, as a screen reader finds it (a live region). */
function banner(page: Page) {
  return page.getByRole('status').filter({ hasText: tr('You are offline') });
}

/** The banner as it shows behind an open modal (which hides the page from screen readers: the modal says it itself). */
function bannerBehindModal(page: Page) {
  return page.locator('.offline-banner').getByText(tr('You are offline'));
}

/** Opens the withdraw modal, types the amount and reaches the review. */
async function reviewWithdrawal(page: Page) {
  await main(page).getByRole('region', { name: tr('Wallet actions') }).getByRole('button', { name: tr('Withdraw') }).click();
  const dialog = page.getByRole('dialog', { name: tr('Withdraw') });
  await field(dialog, tr('Amount')).fill(String(WITHDRAWAL));
  await dialog.getByRole('button', { name: tr('Continue') }).click();
  await expect(dialog).toContainText(money(WITHDRAWAL));
  return dialog;
}

/** The withdrawals in the member's statement, as the server answers it. */
async function withdrawalsOf(token: string): Promise<number> {
  const { statements } = await statementPage(server(), token);
  return statements.filter((entry) => entry.statementType === 'withdraw').length;
}

/** Every withdrawAll request the page sends, with its Idempotency-Key. */
function sentWithdrawals(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === WITHDRAW_PATH) keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** The connection drops as the withdrawal goes out: `reached` says whether the server got it before the answer was lost. */
async function dropOnWithdrawal(page: Page, context: BrowserContext, reached: boolean): Promise<void> {
  await page.route(`**${WITHDRAW_PATH}`, async (route: Route) => {
    if (reached) await route.fetch(); // the server moves the money; its answer never arrives
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  }, { times: 1 });
}

test('a withdrawal whose answer is lost moved once, and the member is told so when the connection is back', async ({ page, context }) => {
  const { token } = await memberAtHome(page);
  const sent = sentWithdrawals(page);
  const dialog = await reviewWithdrawal(page);
  await dropOnWithdrawal(page, context, true);
  await dialog.getByRole('button', { name: tr('Confirm withdrawal') }).click();

  await test.step('offline: the app cannot ask what happened, so it says it does not know yet; the banner shows', async () => {
    await expect(dialog.getByText(tr('We do not know yet whether it went through'))).toBeVisible();
    await expect(bannerBehindModal(page)).toBeVisible();
    expect(await withdrawalsOf(token), 'the server made the withdrawal before the answer was lost').toBe(1);
  });

  await test.step('back online: the app asks the server by the key by itself, nothing is sent again, and the member sees it moved', async () => {
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/idempotency/'));
    await context.setOffline(false);
    expect((await asked).status()).toBe(200);
    await expect(dialog.getByRole('status')).toHaveText(tr('Withdrawal requested'));
    await expect(bannerBehindModal(page)).toHaveCount(0);
    await dialog.getByRole('button', { name: tr('Done') }).click();
  });

  expect(sent, 'the withdrawal went out once').toHaveLength(1);
  expect(await withdrawalsOf(token), 'exactly one withdrawal in the ledger').toBe(1);
});

test('a withdrawal lost before it reached the server: nothing moved, sent again with the same key, made once', async ({ page, context }) => {
  const { token } = await memberAtHome(page);
  const sent = sentWithdrawals(page);
  const dialog = await reviewWithdrawal(page);
  await dropOnWithdrawal(page, context, false);
  await dialog.getByRole('button', { name: tr('Confirm withdrawal') }).click();
  await expect(dialog.getByText(tr('We do not know yet whether it went through'))).toBeVisible();

  await context.setOffline(false);
  await expect(dialog.getByText(tr('Your money did not move'))).toBeVisible();
  expect(await withdrawalsOf(token), 'nothing moved').toBe(0);

  await dialog.getByRole('button', { name: tr('Send again') }).click();
  await expect(dialog.getByRole('status')).toHaveText(tr('Withdrawal requested'));
  expect(sent, 'sent twice, under one key').toHaveLength(2);
  expect(sent[1]).toBe(sent[0]);
  expect(await withdrawalsOf(token), 'exactly one withdrawal in the ledger').toBe(1);
});

test('reads wait while offline and after a gateway error and come back by themselves; slow is not offline', async ({ page, context }) => {
  const { member } = await memberAtHome(page);
  const profileLink = bottomNav(page).getByRole('link', { name: tr('Profile') });
  const home = bottomNav(page).getByRole('link', { name: tr('Home') });
  const name = main(page).getByRole('heading', { level: 1, name: member.name });

  // The profile's code is loaded once while online (the app's code is the worker's business: 0142).
  await profileLink.click();
  await expect(name).toBeVisible();
  await home.click();

  await test.step('offline: the banner shows; the profile waits (no error, no retry button) and shows once back online', async () => {
    await context.setOffline(true);
    await expect(banner(page)).toBeVisible();
    await profileLink.click();
    await expect(main(page).getByRole('alert')).toHaveCount(0);
    await expect(name).toHaveCount(0);
    await context.setOffline(false);
    await expect(name).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await home.click();
  });

  await test.step('a gateway\'s 503 without a message: the read waits and tries again by itself', async () => {
    let refused = 0;
    await page.route('**/api/account/profile', async (route) => {
      refused += 1;
      await route.fulfill({ status: 503, contentType: 'text/html', body: '<html>Service Unavailable</html>' });
    }, { times: 1 });
    await profileLink.click();
    await expect(name).toBeVisible();
    expect(refused).toBe(1);
    await expect(main(page).getByRole('alert')).toHaveCount(0);
    await home.click();
  });

  await test.step('a throttled profile (Slow 3G): reads are slow but answered; no banner', async () => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
    await profileLink.click();
    await expect(name).toBeVisible({ timeout: 15_000 });
    await expect(banner(page)).toHaveCount(0);
    await cdp.detach();
  });
});

test('the statement waits while offline and after a gateway error, and lists the entries by itself (0146)', async ({ page, context }, testInfo) => {
  await memberAtHome(page);
  const statementLink = bottomNav(page).getByRole('link', { name: tr('Statement (bottom menu)') });
  const home = bottomNav(page).getByRole('link', { name: tr('Home') });
  const entries = main(page).getByRole('list', { name: tr('Statement') }).getByRole('listitem');
  const deposit = entries.filter({ hasText: tr('Deposit') });
  const waiting = main(page).locator('[aria-busy="true"] .skeleton').first();

  // The statement's code is loaded once while online.
  await statementLink.click();
  await expect(deposit).toHaveCount(1);
  await home.click();

  await test.step('offline: the banner and the skeleton show, not "No transactions yet" nor an error; back online, the entries come by themselves', async () => {
    await context.setOffline(true);
    await statementLink.click();
    await expect(banner(page)).toBeVisible();
    await expect(waiting).toBeVisible();
    await expect(main(page).getByText(tr('No transactions yet'))).toHaveCount(0);
    await expect(main(page).getByRole('alert')).toHaveCount(0);
    await expect(entries).toHaveCount(0);
    const shot = testInfo.outputPath('statement-offline-390x844.png');
    await page.screenshot({ path: shot });
    await testInfo.attach('statement offline at 390x844', { path: shot, contentType: 'image/png' });
    await context.setOffline(false);
    await expect(deposit).toHaveCount(1);
    await expect(deposit).toContainText(money(DEPOSIT));
    await expect(banner(page)).toHaveCount(0);
    await home.click();
  });

  await test.step('a gateway\'s 504 without a message: the page waits and reads again by itself', async () => {
    let refused = 0;
    await page.route('**/api/statement', async (route) => {
      refused += 1;
      await route.fulfill({ status: 504, contentType: 'text/html', body: '<html>Gateway Timeout</html>' });
    }, { times: 1 });
    await statementLink.click();
    await expect(deposit).toHaveCount(1);
    expect(refused).toBe(1);
    await expect(main(page).getByRole('alert')).toHaveCount(0);
  });
});
