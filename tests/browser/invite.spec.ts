/**
 * The invite-friend bonus end to end (spec 2 home, invite modal,
 * receive-invite-bonus dialog) at 390 x 844, in English: member A opens the
 * invite modal from the home (the banner carousel first) and reads their
 * link; member B registers with that link in another browser, gets a first
 * deposit from the operator (and a second to play with) and bets the rule's
 * turnover at the reference game; A's home shows the bonus, A receives it
 * through the confirm dialog and the wallet grows by exactly that much; a
 * second receive, from a tab that still shows the old amount, is refused
 * with the catalogue's text. Only the operator's deposits go through the API.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_REWARD_SETTINGS } from '../../src/server/db/seed-data.ts';
import { shortName } from '../../src/server/rewards/invites.ts';
import { expectAccessible } from './support/axe.ts';
import { callOk, loginViaApi, newMember, profileIdOf, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { balanceCard, enterGame, isPath, leaveGame, money, openGameAccount, playRound, setBet, transferToGame, walletAmount } from './support/play.ts';
import { wizard } from './support/registration.ts';
import { main, storedToken, submitLogin, useServer } from './support/ui.ts';

const OPERATOR = { phone: '0899999913', password: 'operator-pass-1313' };
const server = useServer({ operator: OPERATOR, registerOtp: true });
test.use({ viewport: { width: 390, height: 844 } });

/** A's own money before the bonus, so the wallet visibly grows. */
const A_DEPOSIT = 500;
/** B's first deposit (at least the rule's minimum): the invite earns its percent of it. */
const B_DEPOSIT = 200;
/** B plays at 100 credits a round. */
const BET = 100;

/** The invite banner's heading, as the demo seed writes it (English). */
const INVITE_BANNER_HEADING = /<h3>(.*?)<\/h3>/.exec(DEMO_REWARD_SETTINGS.inviteBanners[0]!.html.en)![1]!;

interface InviteRule {
  active: boolean;
  percent: number;
  minimumDeposit: number;
  turnoverMultiplier: number;
  windowDays: number;
}

/** A browser of B's own, as the suite's page is set up: the phone viewport, English, the agreement accepted. */
async function secondBrowser(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'th-TH',
  });
  await context.addInitScript(() => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('remember-agreement', 'true');
  });
  return context;
}

async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto(`${server().url}/login`);
  await submitLogin(page, phone, password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(walletAmount(page)).toHaveText(/฿/);
}

const inviteBonus = (page: Page) => balanceCard(page).locator('.balance-card__invite');
const receiveButton = (page: Page) => balanceCard(page).getByRole('button', { name: 'Receive Invite bonus', exact: true });

/** The invite widget: the banner carousel first, then (Continue) the invite modal. */
async function openInviteModal(page: Page) {
  await main(page).getByRole('region', { name: 'Wallet actions' }).getByRole('button', { name: 'Invite friends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite friends' });
  const banners = dialog.getByRole('region', { name: 'Banners' });
  await expect(banners).toContainText(INVITE_BANNER_HEADING);
  await expect(dialog).not.toContainText('Your invite link');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(banners).toHaveCount(0);
  await expect(dialog).toContainText('Your invite link');
  return dialog;
}

test('B registers with A\'s invite link, deposits and plays it through; A receives the invite bonus once', async ({ page, browser }) => {
  // Two members, two browsers, a registration and a game tab on a shared machine.
  test.setTimeout(150_000);
  const a = newMember({ name: 'สมศักดิ์ รักดี', firstName: 'SOMSAK', lastName: 'RAKDEE' });
  await registerViaApi(server(), a);
  const aId = await profileIdOf(server(), a.phone, a.password);
  const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
  await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: a.phone, amount: A_DEPOSIT, reference: `BANK-${a.phone}` });

  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await logIn(page, a.phone, a.password);
  await expect(walletAmount(page)).toHaveText(money(A_DEPOSIT));
  const rule = (await callOk(server(), 'GET', '/api/invite/rule', (await storedToken(page)) ?? '')) as unknown as InviteRule;
  // The demo's rule (seed-data.ts); the amounts below follow from it.
  expect(rule).toEqual(DEMO_REWARD_SETTINGS.invite);
  expect(B_DEPOSIT).toBeGreaterThanOrEqual(rule.minimumDeposit);
  const bonus = Math.floor(B_DEPOSIT * rule.percent) / 100;
  // The rounds that reach the turnover, and money for all of them even if every one loses: a second deposit tops up the first.
  const rounds = Math.ceil((rule.turnoverMultiplier * B_DEPOSIT) / BET);
  const topUp = Math.max(0, rounds * BET - B_DEPOSIT);

  let link = '';
  await test.step('A: the invite widget shows the banners, then the modal with the link {origin}/register?code=PR{id}', async () => {
    await expect(inviteBonus(page)).toContainText(`Invite bonus${money(0)}`);
    await expect(receiveButton(page)).toBeDisabled();
    const dialog = await openInviteModal(page);
    // The link as the modal shows it (B is sent exactly this): the page's origin and A's profile id.
    const shown = dialog.getByText(/\/register\?code=/);
    await expect(shown).toHaveText(`${server().url}/register?code=PR${aId}`);
    link = (await shown.textContent()) ?? '';
    await expect(dialog).toContainText(
      `You earn ${rule.percent}% of a friend's first deposit (at least ${money(rule.minimumDeposit)}) once their bets reach ${rule.turnoverMultiplier}× that deposit within ${rule.windowDays} days of registering.`,
    );
    await expect(dialog).toContainText('No friends have registered with your link yet.');
    await expectAccessible(page, 'the invite modal');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  // Another holder name on B's bank account: an invitee with the inviter's name on their account earns nothing (0098).
  const b = newMember({ name: 'มาลี สุขสันต์', firstName: 'MALI', lastName: 'SUKSAN' });
  const bContext = await secondBrowser(browser);
  const bPage = await bContext.newPage();
  try {
    await test.step('B, in another browser, opens the link: the wizard carries A\'s code; B registers and logs in', async () => {
      const w = wizard(bPage, 'en');
      await bPage.goto(link);
      await expect(w.heading('phone')).toBeVisible();
      await w.phone().fill(b.phone);
      await w.next().click();
      await expect(w.heading('otp')).toBeVisible();
      await w.otpCode().fill(server().sms.lastCodeFor(b.phone));
      await w.confirmCode().click();
      await expect(w.heading('profile')).toBeVisible();
      await expect(w.inviteCode()).toHaveValue(`PR${aId}`);
      await w.name().fill(b.name);
      await w.password().fill(b.password);
      await w.confirmPassword().fill(b.password);
      await w.next().click();
      await expect(w.heading('bank')).toBeVisible();
      await w.bank().selectOption(b.bankCode);
      await w.accountNo().fill(b.accountNo);
      await w.firstName().fill(b.firstName);
      await w.lastName().fill(b.lastName);
      const registration = bPage.waitForResponse(isPath('/api/account', 'POST'));
      await w.register().click();
      const answer = await registration;
      expect(answer.status()).toBe(200);
      expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ inviteCode: `PR${aId}` });
      await expect(bPage).toHaveURL(/\/login$/, { timeout: 10_000 });
      await submitLogin(bPage, b.phone, b.password, 'en');
      await expect(bPage).toHaveURL(/\/user\/home$/);
    });

    await test.step('the operator credits B\'s first deposit (and one more to play with); B opens the game account and moves it all in', async () => {
      await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: b.phone, amount: B_DEPOSIT, reference: `BANK-${b.phone}` });
      if (topUp > 0) {
        await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: b.phone, amount: topUp, reference: `BANK-${b.phone}-2` });
      }
      await balanceCard(bPage).getByRole('button', { name: 'Check balance' }).click();
      await expect(walletAmount(bPage)).toHaveText(money(B_DEPOSIT + topUp));
      await openGameAccount(bPage);
      await transferToGame(bPage, B_DEPOSIT + topUp);
      await expect(walletAmount(bPage)).toHaveText(money(0));
    });

    await test.step(`B plays in the game's tab at ${BET} credits a round until the bets reach ${rule.turnoverMultiplier}× the deposit`, async () => {
      const game = await enterGame(bPage);
      await setBet(game, BET);
      let bets = 0;
      for (let round = 0; round < rounds; round += 1) {
        const { bet } = await playRound(game);
        expect(bet).toBe(BET);
        bets += bet;
      }
      expect(bets).toBeGreaterThanOrEqual(rule.turnoverMultiplier * B_DEPOSIT);
      await leaveGame(bPage, game, `${server().url}/user/home`);
    });
  } finally {
    await bContext.close();
  }

  // A second tab of A's, opened before the bonus is received: it will still show the old amount.
  const aTab = await page.context().newPage();
  await test.step(`A's home shows the invite bonus: ${rule.percent}% of B's first deposit`, async () => {
    await balanceCard(page).getByRole('button', { name: 'Check balance' }).click();
    await expect(inviteBonus(page)).toContainText(`Invite bonus${money(bonus)}`);
    await expect(receiveButton(page)).toBeEnabled();
    await expect(walletAmount(page)).toHaveText(money(A_DEPOSIT));

    // The invite modal lists B, by a shortened name, as earned.
    const dialog = await openInviteModal(page);
    const row = dialog.getByRole('listitem').filter({ hasText: shortName(b.name) });
    await expect(row).toContainText(money(bonus));
    await expect(row).toContainText('Earned');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await logIn(aTab, a.phone, a.password);
    await expect(inviteBonus(aTab)).toContainText(`Invite bonus${money(bonus)}`);
  });

  await test.step('A receives it: the dialog gives the conditions and the shares; a success toast; the wallet grows by exactly the bonus', async () => {
    await receiveButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Receive invite bonus' });
    await expect(dialog).toContainText(`Invite bonus to receive${money(bonus)}`);
    await expect(dialog).toContainText('Invites that succeeded100% (1)');
    await expect(dialog).toContainText('Invites that failed0% (0)');
    await expect(dialog).toContainText(
      `An invite succeeds when your friend's first deposit is at least ${money(rule.minimumDeposit)} and their bets reach ${rule.turnoverMultiplier}× it within ${rule.windowDays} days of registering. You receive ${rule.percent}% of that first deposit.`,
    );
    await expect(dialog.getByRole('note')).toContainText('All the bonus your invites have earned goes to your wallet at once.');
    await expectAccessible(page, 'the receive-invite-bonus dialog');
    const collect = page.waitForResponse(isPath('/api/invite/bonus'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const answer = await collect;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ amount: bonus });
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText(
      `Invite bonus received: ${money(bonus)} is in your wallet.`,
    );
    await expect(dialog).toBeHidden();
    await expect(walletAmount(page)).toHaveText(money(A_DEPOSIT + bonus));
    await expect(inviteBonus(page)).toContainText(`Invite bonus${money(0)}`);
    await expect(receiveButton(page)).toBeDisabled();
  });

  await test.step('a second receive, from the tab still showing the old amount, is refused with NO_INVITE_BONUS\'s text; nothing moves', async () => {
    await aTab.bringToFront();
    await expect(inviteBonus(aTab)).toContainText(`Invite bonus${money(bonus)}`);
    await receiveButton(aTab).click();
    const dialog = aTab.getByRole('dialog', { name: 'Receive invite bonus' });
    const collect = aTab.waitForResponse(isPath('/api/invite/bonus'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const answer = await collect;
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toEqual({ message: 'NO_INVITE_BONUS' });
    await expect(aTab.locator('[data-sonner-toast][data-type="error"]')).toContainText('You have no invite bonus to collect yet.');
    await expect(dialog).toBeHidden();
    await balanceCard(aTab).getByRole('button', { name: 'Check balance' }).click();
    await expect(walletAmount(aTab)).toHaveText(money(A_DEPOSIT + bonus));
    await expect(inviteBonus(aTab)).toContainText(`Invite bonus${money(0)}`);
    await aTab.close();
  });
});
