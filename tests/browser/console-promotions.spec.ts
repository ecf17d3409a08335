/**
 * The console's promotions (docs/decisions/0130-promotions-console.md): a
 * marketing operator creates a bonus at 1280×800 and a member takes it in
 * the member app; an offer above the bounds is saved waiting for finance,
 * and a finance operator makes it active; the creation is in the audit
 * exactly once; and at 390×844 the pages work without sideways scrolling
 * and pass axe.
 */
import type { Page } from '@playwright/test';
import { api, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { addOperator, consolePage } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { main, submitLogin, useServer } from './support/ui.ts';

const ADMIN = { phone: '0899999975', password: 'promotions-admin-7531' };
const server = useServer({ operator: ADMIN });

const offerRow = (page: Page, code: string) => page.getByRole('row').filter({ hasText: code });

/** Fills the new offer form with a fixed grant and one banner, checks it, and stops at the summary. */
async function typeOffer(page: Page, code: string, amount: string) {
  await page.getByRole('button', { name: 'New offer' }).click();
  const form = page.getByRole('dialog', { name: 'New offer' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Amount', { exact: true }).fill(amount);
  await form.getByLabel('Description (English), HTML').fill(`<p>${code}: a gift of ${amount} baht</p>`);
  // The description as members will see it, sanitised, beside the source.
  await expect(form.locator('.rich-text').getByText(`${code}: a gift of ${amount} baht`)).toBeVisible();
  await form.getByRole('button', { name: 'Add a banner' }).click();
  await form.getByLabel('Image address').fill('/images/bonuses/welcome.svg');
  await form.getByLabel('Banner text (English), HTML').fill(`<p>${code} banner</p>`);
  await form.getByRole('button', { name: 'Check' }).click();
  return form;
}

test('marketing creates a bonus and a member takes it; the creation is audited once', async ({ page, browser }) => {
  const marketing = await addOperator(server(), ADMIN, 'marketing');
  const console = await consolePage(browser, server(), marketing);
  await console.goto(`${server().url}/ops/promotions`);
  await expect(offerRow(console, 'WELCOME100')).toContainText('Active');

  // A value the contract refuses is shown beside its field before anything is sent.
  await console.getByRole('button', { name: 'New offer' }).click();
  const form = console.getByRole('dialog', { name: 'New offer' });
  await form.getByLabel('Code', { exact: true }).fill('no spaces!');
  await form.getByRole('button', { name: 'Check' }).click();
  await expect(form.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Check this value.').first()).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  const summary = await typeOffer(console, 'spec50', '50');
  await expect(summary).toContainText('SPEC50');
  await expect(summary).toContainText('฿50.00');
  await expect(summary).toContainText('Members may take it as soon as it is saved.');
  await summary.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toHaveCount(0);
  await expect(offerRow(console, 'SPEC50')).toContainText('Active');
  await console.close();

  // The member app: the new bonus is listed and taken.
  const member = newMember();
  await registerViaApi(server(), member);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto(`${server().url}/login`);
  await submitLogin(page, member.phone, member.password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  await page.goto(`${server().url}/user/bonus`);
  await main(page).getByRole('button', { name: /^SPEC50\b/ }).click();
  const modal = page.getByRole('dialog', { name: 'SPEC50' });
  // The banner marketing wrote, and the rules in the offer's numbers.
  await expect(modal).toContainText('spec50 banner');
  await expect(modal).toContainText('Bet 2 times your deposit');
  await modal.getByRole('button', { name: 'Receive bonus' }).click();
  const received = page.getByRole('alertdialog', { name: 'Bonus received' });
  await expect(received).toContainText('฿50.00 was added to your wallet.');
  await received.getByRole('button', { name: 'OK' }).click();

  // The audit holds the creation exactly once.
  const adminToken = await loginViaApi(server(), ADMIN.phone, ADMIN.password);
  const audit = await api(server(), 'GET', '/api/ops/audit?action=bonus.create', { token: adminToken });
  expect(audit.status).toBe(200);
  const entries = (audit.body.entries as { subject: string; operator: string }[]).filter((entry) => entry.subject === 'SPEC50');
  expect(entries).toEqual([expect.objectContaining({ subject: 'SPEC50', operator: marketing.phone })]);
});

test('an offer above the bounds waits for finance, who makes it active', async ({ browser }) => {
  const marketing = await addOperator(server(), ADMIN, 'marketing');
  const console = await consolePage(browser, server(), marketing);
  await console.goto(`${server().url}/ops/promotions/bonuses`);
  // 1,500 baht once: above the 1,000 baht ceiling.
  const summary = await typeOffer(console, 'BIGSPEC', '1500');
  await expect(summary.getByRole('status')).toContainText('it will be saved paused and wait for finance');
  await summary.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toHaveCount(0);
  const waiting = offerRow(console, 'BIGSPEC');
  await expect(waiting).toContainText('Waiting for finance');
  // Marketing may not make it active: no such button.
  await expect(waiting.getByRole('button', { name: /Make active/ })).toHaveCount(0);
  await console.close();

  const finance = await addOperator(server(), ADMIN, 'finance');
  const desk = await consolePage(browser, server(), finance);
  await desk.goto(`${server().url}/ops/promotions`);
  const row = offerRow(desk, 'BIGSPEC');
  await expect(row).toContainText('Waiting for finance');
  // Finance makes offers active; it neither writes nor pauses them.
  await expect(desk.getByRole('button', { name: 'New offer' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Make active BIGSPEC' }).click();
  const confirm = desk.getByRole('dialog', { name: 'Make BIGSPEC active?' });
  await expect(confirm).toContainText('Members may take it from now on: ฿1,500.00, 1 in all.');
  await expectAccessible(desk, 'the confirmation to make an offer active');
  await confirm.getByRole('button', { name: 'Make active' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Waiting');
  await desk.close();
});

test('at 390×844 the promotions pages work, scroll only downwards and pass axe', async ({ browser }) => {
  const marketing = await addOperator(server(), ADMIN, 'marketing');
  const phone = await consolePage(browser, server(), marketing, { width: 390, height: 844 });
  const noSidewaysScroll = () => expect(phone.locator('html')).toHaveJSProperty('scrollWidth', 390);

  await phone.goto(`${server().url}/ops/promotions`);
  await expect(offerRow(phone, 'WELCOME100')).toContainText('Active');
  await noSidewaysScroll();
  await expectAccessible(phone, 'the offers at 390 px');

  // Pause an offer from its card, confirmed first.
  await offerRow(phone, 'DAILY10').getByRole('button', { name: 'Pause DAILY10' }).click();
  const confirm = phone.getByRole('dialog', { name: 'Pause DAILY10?' });
  await confirm.getByRole('button', { name: 'Pause' }).click();
  await expect(offerRow(phone, 'DAILY10')).toContainText('Paused');

  await offerRow(phone, 'WEEKLY20').getByRole('button', { name: 'Edit WEEKLY20' }).click();
  const form = phone.getByRole('dialog', { name: 'Change WEEKLY20' });
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue('WEEKLY20');
  await noSidewaysScroll();
  await expectAccessible(phone, 'the offer form at 390 px');
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('the wheel previews its expected value and return; the invite rule and the texts are saved from what is live', async ({ browser }) => {
  const marketing = await addOperator(server(), ADMIN, 'marketing');
  const phone = await consolePage(browser, server(), marketing, { width: 390, height: 844 });
  const noSidewaysScroll = () => expect(phone.locator('html')).toHaveJSProperty('scrollWidth', 390);

  // The wheel: what is live, then the preview with the server's own rule.
  await phone.goto(`${server().url}/ops/promotions/wheel`);
  const wheel = phone.getByRole('region', { name: 'Prize wheel' });
  await expect(wheel.getByLabel('Coin price in baht')).not.toHaveValue('');
  await noSidewaysScroll();
  await expectAccessible(phone, 'the wheel form at 390 px');
  await wheel.getByLabel('Weight').first().fill('heavy');
  await wheel.getByRole('button', { name: 'Preview' }).click();
  await expect(wheel.getByLabel('Weight').first()).toHaveAttribute('aria-invalid', 'true');
  await wheel.getByLabel('Weight').first().fill('400');
  await wheel.getByRole('button', { name: 'Preview' }).click();
  await expect(wheel.getByText('A coin pays on average (baht)')).toBeVisible();
  await expect(wheel.getByText("Returned of a coin's price (baht)").locator('xpath=following-sibling::dd[1]')).toHaveText(/%$/);
  await noSidewaysScroll();
  await expectAccessible(phone, 'the wheel preview at 390 px');

  // The invite rule: from what is live, previewed, saved.
  await phone.goto(`${server().url}/ops/promotions/settings`);
  const invite = phone.getByRole('region', { name: 'Invite bonus' });
  await expect(invite.getByLabel('Percent of the first deposit')).not.toHaveValue('');
  await noSidewaysScroll();
  await expectAccessible(phone, 'the invite and refund settings at 390 px');
  await invite.getByLabel('Percent of the first deposit').fill('4');
  await invite.getByRole('button', { name: 'Preview' }).click();
  await expect(invite.getByRole('status')).toContainText('An inviter earns 4%');
  await invite.getByRole('button', { name: 'Save' }).click();
  await expect(invite.getByRole('status')).toContainText('Saved: members see it now.');
  const adminToken = await loginViaApi(server(), ADMIN.phone, ADMIN.password);
  const live = await api(server(), 'GET', '/api/ops/settings/invite', { token: adminToken });
  expect(live.body.percent).toBe(4);

  // The conditions: an item added, previewed as members see it (sanitised), saved.
  await phone.goto(`${server().url}/ops/promotions/texts`);
  const conditions = phone.getByRole('region', { name: 'Conditions' });
  await conditions.getByRole('button', { name: 'Add an item (English)' }).click();
  const item = conditions.getByRole('textbox', { name: /^Item \d+ \(English\), HTML$/ }).last();
  await item.fill('<p>Play fair</p><img src=x alt="" onerror="window.__xss=1">');
  await conditions.getByRole('button', { name: 'Preview' }).click();
  await expect(conditions.getByText('Play fair')).toBeVisible();
  await expectAccessible(phone, 'the conditions preview at 390 px');
  await conditions.getByRole('button', { name: 'Save' }).click();
  await expect(conditions.getByRole('status')).toContainText('Saved: members see it now.');
  expect(await phone.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await noSidewaysScroll();

  // The notice members read: HTML written here, previewed sanitised, answered cleaned by GET /api/lookup/notice.
  const notice = phone.getByRole('region', { name: 'Notice' });
  await notice.getByLabel('Notice (English)').fill('<strong>Maintenance</strong> tonight at 02:00. <img src=x onerror="window.__xss=2">');
  // Below the English field, as members will see it (the seeded Thai and Lao notices are previewed too).
  await expect(notice.locator('.promo-html__preview strong').filter({ hasText: /^Maintenance$/ })).toBeVisible();
  await notice.getByRole('button', { name: 'Preview' }).click();
  await expect(notice.locator('section[lang="en"] strong')).toHaveText('Maintenance');
  await notice.getByRole('button', { name: 'Save' }).click();
  await expect(notice.getByRole('status')).toContainText('Saved: members see it now.');
  expect(await phone.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  const read = await fetch(`${server().url}/api/lookup/notice`, { headers: { 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'en' } });
  expect(await read.json()).toEqual({ notice: '<strong>Maintenance</strong> tonight at 02:00. ' });
  await expectAccessible(phone, 'the texts at 390 px');
});
