/**
 * spec 2, 4, 7, 9: the member home (name, total balance, last
 * update, carousels, a game card opening its account modal, check balance,
 * the deposit modal) and the statement (activity, signs, statuses, times,
 * pagination 10 a page with 3 links before and 1 after), against the real
 * server; money is put in by an operator, as in production.
 */
import type { Locator, Page } from '@playwright/test';
import { api, callOk, freshIdempotencyKey, loginViaApi, newMember, registerViaApi, statementPage, type Member, type StatementEntry } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { tr, type Locale } from './support/texts.ts';
import { bottomNav, formatDateTime, logInViaUi, main, useServer } from './support/ui.ts';

const TIME_ZONE = 'Asia/Bangkok';
test.use({ timezoneId: TIME_ZONE });

const OPERATOR = { phone: '0899999990', password: 'operator-pass-1234' };
const server = useServer({ operator: OPERATOR });

// ---------------------------------------------------------------- money through the API

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<Json> => callOk(server(), method, path, token, body);

const operatorToken = () => loginViaApi(server(), OPERATOR.phone, OPERATOR.password);

async function deposit(member: Member, amount: number, operator: string): Promise<void> {
  await call('POST', '/api/ops/deposits', operator, { username: member.phone, amount, reference: `REF-${freshIdempotencyKey()}` });
}

/** A registered member with a session token of their own (another device). */
async function memberWithToken(): Promise<{ member: Member; token: string }> {
  const member = newMember();
  await registerViaApi(server(), member);
  return { member, token: await loginViaApi(server(), member.phone, member.password) };
}

interface SlotJson {
  code: string;
  name: string;
  category: 'slot' | 'sport' | 'lotto';
  isActive: boolean;
}


// ---------------------------------------------------------------- where things are

const money = (amount: number, sign = '') =>
  `${sign}฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function balanceCard(page: Page): Locator {
  return main(page).locator('section').filter({ has: page.getByText(tr('Total balance'), { exact: true }) });
}

function carousel(page: Page, title: 'Slots' | 'Sports and casino' | 'Lotto'): Locator {
  return main(page).getByRole('region', { name: tr(title) });
}

function gameCard(page: Page, name: string): Locator {
  return main(page).getByRole('button', { name: new RegExp(`^${name}`) });
}

function statementRows(page: Page, locale: Locale = 'th'): Locator {
  return main(page).getByRole('list', { name: tr('Statement', locale) }).getByRole('listitem');
}

function pageLinks(page: Page): Locator {
  return main(page).getByRole('navigation', { name: tr('Statement pages') });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
}

// ---------------------------------------------------------------- home

test('home: name, total balance of wallet and games, last update, three carousels, game card opens its modal', async ({ page }) => {
  const operator = await operatorToken();
  const { member, token } = await memberWithToken();
  await deposit(member, 1000.5, operator);
  // Two open game accounts with money: Golden Lotus (1 credit per baht), Lucky Elephant (100 credits per baht).
  await call('GET', '/api/wallet/activate/lotus', token);
  await call('GET', '/api/wallet/activate/elephant', token);
  await call('POST', '/api/wallet/transfer', token, { from: 'WALLET', to: 'lotus', amount: 200 });
  await call('POST', '/api/wallet/transfer', token, { from: 'WALLET', to: 'elephant', amount: 10.25 });
  const wallet = await call('GET', '/api/wallet', token);
  const slots = wallet.slots as SlotJson[];

  await logInViaUi(page, server(), member.phone, member.password);
  const card = balanceCard(page);

  await test.step('the member\'s name, the total (wallet + every game), its split and the last update', async () => {
    await expect(main(page).getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expect(card.getByText(money(1000.5), { exact: true })).toBeVisible();
    await expect(card.getByRole('definition').first()).toHaveText(money(790.25));
    await expect(card.getByRole('definition').nth(1)).toHaveText(money(210.25));
    await expect(card.locator('time')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  });

  await test.step('three carousels by category, every game account in its own, keen-slider running', async () => {
    for (const [title, category] of [
      ['Slots', 'slot'],
      ['Sports and casino', 'sport'],
      ['Lotto', 'lotto'],
    ] as const) {
      const region = carousel(page, title);
      await expect(region.getByRole('heading', { level: 2 })).toHaveText(tr(title));
      const names = slots.filter((slot) => slot.category === category).map((slot) => slot.name);
      await expect(region.getByRole('listitem')).toHaveCount(names.length);
      for (const name of names) await expect(gameCard(page, name)).toHaveCount(1);
    }
    // keen-slider places the slides itself.
    await expect(carousel(page, 'Slots').getByRole('listitem').first()).toHaveAttribute('style', /translate3d/);
  });

  await test.step('active cards show the balance and the credits (amount × ftWalletSlot); inactive ones the open-account prompt', async () => {
    await expect(gameCard(page, 'Golden Lotus')).toContainText(money(200));
    await expect(gameCard(page, 'Golden Lotus')).toContainText('200.00 เครดิต');
    await expect(gameCard(page, 'Lucky Elephant')).toContainText(money(10.25));
    await expect(gameCard(page, 'Lucky Elephant')).toContainText('1,025.00 เครดิต');
    await expect(gameCard(page, 'Lucky Lotto')).toContainText(tr('Open account'));
  });

  await test.step('cards keep 300:211; on a 390 px phone one card and the next one peeking in', async () => {
    const first = await gameCard(page, 'Golden Lotus').boundingBox();
    const second = await gameCard(page, 'Lucky Elephant').boundingBox();
    expect(first!.width).toBeLessThanOrEqual(300);
    expect(first!.width).toBeGreaterThan(250);
    expect(first!.width / first!.height).toBeCloseTo(300 / 211, 1);
    expect(second!.x).toBeLessThan(390);
    await noSidewaysScroll(page);
  });

  await test.step('the next arrow slides the carousel', async () => {
    const region = carousel(page, 'Slots');
    const before = (await gameCard(page, 'Golden Lotus').boundingBox())!.x;
    await region.getByRole('button', { name: tr('Next games') }).click();
    await expect.poll(async () => (await gameCard(page, 'Golden Lotus').boundingBox())!.x).toBeLessThan(before - 100);
    await region.getByRole('button', { name: tr('Previous games') }).click();
    await expect.poll(async () => (await gameCard(page, 'Golden Lotus').boundingBox())!.x).toBeCloseTo(before, 0);
  });

  await test.step('a game card opens its account modal; the page behind does not scroll; Esc closes it', async () => {
    await gameCard(page, 'Golden Lotus').click();
    const dialog = page.getByRole('dialog', { name: 'Golden Lotus' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /\d/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('body')).not.toHaveAttribute('data-scroll-locked', /\d/);
  });

  await test.step('an inactive card opens the modal that offers the account', async () => {
    await gameCard(page, 'Lucky Lotto').click();
    const dialog = page.getByRole('dialog', { name: 'Lucky Lotto' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('check balance reads the wallet again: a deposit made meanwhile shows', async () => {
    await deposit(member, 99.5, operator);
    await card.getByRole('button', { name: tr('Check balance') }).click();
    await expect(card.getByText(money(1100), { exact: true })).toBeVisible();
  });

  await test.step('refresh-all, in the wheel\'s place once the operator turns the wheel off, re-reads every balance', async () => {
    // The demo wheel is on: its widget stands where refresh-all would (spec 2).
    const widgets = main(page).getByRole('region', { name: tr('Wallet actions') });
    await expect(widgets.getByRole('button', { name: tr('Spin wheel') })).toBeVisible();
    await expect(widgets.getByRole('button', { name: tr('Refresh all') })).toHaveCount(0);
    const { wheel, coinRule } = (await call('GET', '/api/ops/spinwheel', operator)) as { wheel: { active: boolean }; coinRule: unknown };
    const off = await api(server(), 'PUT', '/api/ops/spinwheel', { token: operator, body: { wheel: { ...wheel, active: false }, coinRule } });
    expect(off.status).toBe(200);
    await page.reload();
    await expect(widgets.getByRole('button', { name: tr('Spin wheel') })).toHaveCount(0);
    const refresh = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/wallet/refresh/slot');
    await widgets.getByRole('button', { name: tr('Refresh all') }).click();
    expect((await refresh).status()).toBe(200);
    await expect(card.getByText(money(1100), { exact: true })).toBeVisible();
  });

  await test.step('deposit: the modal shows the accounts to transfer to and the registered account to send from', async () => {
    await main(page).getByRole('button', { name: tr('Deposit') }).click();
    const modal = page.getByRole('dialog', { name: tr('Deposit') });
    // The seeded KBANK receiving account (GET /api/lookup/deposit), grouped 3-3-4 (spec 9).
    await expect(modal).toContainText('041-881-2345');
    await expect(modal).toContainText(`${member.accountNo.slice(0, 3)}-${member.accountNo.slice(3, 6)}-${member.accountNo.slice(6)}`);
    await modal.getByRole('button', { name: tr('Close') }).first().click();
    await expect(modal).toBeHidden();
  });

  await test.step('invite and refund show their banners first; closing the carousel opens their modal', async () => {
    for (const [widget, inModal] of [
      ['Invite friends', 'Your invite link'],
      ['Refund', 'Refund history'],
    ] as const) {
      await main(page).getByRole('button', { name: new RegExp(tr(widget)) }).click();
      // The carousel and the modal after it are both named by the widget.
      const dialog = page.getByRole('dialog', { name: tr(widget) });
      const banners = dialog.getByRole('region', { name: tr('Banners') });
      await expect(banners).toBeVisible();
      await expect(dialog).not.toContainText(tr(inModal));
      await dialog.getByRole('button', { name: tr('Continue') }).click();
      await expect(dialog).toContainText(tr(inModal));
      await expect(banners).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  await test.step('on a 360 x 640 phone nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 360, height: 640 });
    await expect(gameCard(page, 'Golden Lotus')).toBeVisible();
    await noSidewaysScroll(page);
  });
});

// ---------------------------------------------------------------- statement

test('statement: activity, signs, statuses and times; 10 a page, page links, back and forward', async ({ page }) => {
  const operator = await operatorToken();
  const { member, token } = await memberWithToken();
  for (let index = 1; index <= 11; index += 1) await deposit(member, 100 + index, operator);
  await call('GET', '/api/wallet/activate/lotus', token);
  await call('POST', '/api/wallet/transfer', token, { from: 'WALLET', to: 'lotus', amount: 150 });
  await call('POST', '/api/wallet/withdraw', token, { amount: 100 });
  const { withdrawals } = (await call('GET', '/api/ops/withdrawals', operator)) as { withdrawals: { id: string; username: string }[] };
  const mine = withdrawals.find((withdrawal) => withdrawal.username === member.phone)!;
  await call('POST', `/api/ops/withdrawals/${mine.id}/rejected`, operator);
  await call('POST', '/api/wallet/withdraw', token, { amount: 120 });
  const first = await statementPage(server(), token, 1);
  const second = await statementPage(server(), token, 2);
  expect(first.total).toBe(14);

  await logInViaUi(page, server(), member.phone, member.password);
  await bottomNav(page).getByRole('link', { name: tr('Statement (bottom menu)') }).click();
  await expect(page).toHaveURL(/\/user\/statement$/);
  await expect(main(page).getByRole('heading', { level: 1, name: tr('Statement') })).toBeVisible();

  /** What a row must say for an entry (spec 4): its activity, signed amount, status, DD/MM/YYYY HH:mm:ss and time ago. */
  async function expectRows(entries: StatementEntry[]): Promise<void> {
    await expect(statementRows(page)).toHaveCount(entries.length);
    for (const [index, entry] of entries.entries()) {
      const row = statementRows(page).nth(index);
      const type = entry.statementType.toLowerCase();
      const sign = type === 'deposit' || type === 'bonus' ? '+' : type === 'withdraw' ? '-' : '';
      const activity = type === 'deposit' ? 'Deposit' : type === 'withdraw' ? 'Withdrawal' : type === 'transfer' ? 'Transfer' : 'Other transaction';
      const status = entry.status === 'SUCCESS' ? 'Success' : entry.status === 'FAILED' ? 'Failed' : 'In progress';
      await expect(row).toContainText(tr(activity));
      await expect(row).toContainText(money(entry.amount, sign));
      if (sign === '') await expect(row).not.toContainText(`+${money(entry.amount)}`);
      await expect(row).toContainText(tr(status));
      await expect(row.locator('time')).toHaveText(formatDateTime(entry.createdAt, TIME_ZONE));
      await expect(row).toContainText(/(วินาที|นาที|ชั่วโมง)ที่ผ่านมา|เมื่อสักครู่/);
    }
  }

  await test.step('page 1: the 10 newest entries, each as spec 4 says', async () => {
    await expectRows(first.statements);
    // Newest first: the pending withdrawal, the rejected one, then the transfer between named accounts.
    await expect(statementRows(page).nth(0)).toContainText(`${money(120, '-')}${tr('In progress')}`);
    await expect(statementRows(page).nth(1)).toContainText(`${money(100, '-')}${tr('Failed')}`);
    await expect(statementRows(page).nth(2)).toContainText(`${tr('Wallet')} → Golden Lotus`);
  });

  const nav = pageLinks(page);
  await test.step('page links: the current page marked, previous disabled on page 1', async () => {
    await expect(nav.getByRole('link', { name: 'หน้า 1' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'หน้า 2' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: tr('Previous page') })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });

  await test.step('next page: ?page=2 with the 4 oldest entries', async () => {
    await nav.getByRole('link', { name: tr('Next page') }).click();
    await expect(page).toHaveURL(/\/user\/statement\?page=2$/);
    await expectRows(second.statements);
    await expect(nav.getByRole('link', { name: 'หน้า 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: tr('Next page') })).toHaveAttribute('aria-disabled', 'true');
    // Only the current page is marked: not the previous-page link to page 1.
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });

  await test.step('back and forward move between the pages', async () => {
    await page.goBack();
    await expect(page).toHaveURL(/\/user\/statement$/);
    await expectRows(first.statements);
    await page.goForward();
    await expect(page).toHaveURL(/\?page=2$/);
    await expectRows(second.statements);
  });

  await test.step('on a 360 x 640 phone nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 360, height: 640 });
    await noSidewaysScroll(page);
  });

  await test.step('in Lao the time ago is Lao too (the browser has no Lao relative-time data of its own)', async () => {
    await page.evaluate(() => localStorage.setItem('locale', 'la'));
    await page.reload();
    await expect(statementRows(page, 'la').first()).toContainText(/ກ່ອນ|ເມື່ອຄູ່ນີ້/);
    await expect(statementRows(page, 'la').first()).not.toContainText(/ago|min/);
  });
});

test('statement: 3 page links before the current page and 1 after (spec 9); an empty statement says so', async ({ page }) => {
  const operator = await operatorToken();
  const { member } = await memberWithToken();
  // 52 entries: 6 pages.
  await Promise.all(Array.from({ length: 52 }, (_, index) => deposit(member, 10 + index, operator)));

  await logInViaUi(page, server(), member.phone, member.password);
  await page.goto(`${server().url}/user/statement?page=5`);
  const nav = pageLinks(page);
  await expect(nav.getByRole('link', { name: 'หน้า 5' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  const numbers = await nav.getByRole('link', { name: /^หน้า \d+$/ }).allTextContents();
  expect(numbers).toEqual(['2', '3', '4', '5', '6']);
  await expect(statementRows(page)).toHaveCount(10);

  await nav.getByRole('link', { name: 'หน้า 6' }).click();
  await expect(page).toHaveURL(/\?page=6$/);
  await expect(statementRows(page)).toHaveCount(2);
  expect(await nav.getByRole('link', { name: /^หน้า \d+$/ }).allTextContents()).toEqual(['3', '4', '5', '6']);

  // A member without entries.
  const { member: newcomer } = await memberWithToken();
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await logInViaUi(page, server(), newcomer.phone, newcomer.password);
  await page.goto(`${server().url}/user/statement`);
  await expect(main(page).getByRole('heading', { level: 2, name: tr('No transactions yet') })).toBeVisible();
  await expect(pageLinks(page)).toHaveCount(0);
});
