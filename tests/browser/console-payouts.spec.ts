/**
 * The console's money work (docs/decisions/0127-payouts-console.md), in
 * Chromium: a member asks for two withdrawals; a finance operator pays the
 * first at 1280 x 800 with the bank's reference (the member's statement then
 * says it succeeded) and the next, above the approval threshold (set low for
 * this server: docs/decisions/0121-dual-control.md), waits for a second
 * operator: the one who asked cannot approve it (SAME_OPERATOR, in words), a
 * second finance operator does. Each action is in the audit exactly once.
 * Then the pages at 390 x 844: no sideways scrolling, an adjustment made,
 * and no serious or critical axe finding on any of them.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { api, callOk, loginViaApi, newMember, registerViaApi, statementPage } from './support/api.ts';
import { addOperator, consolePage } from './support/console.ts';
import { useServer } from './support/ui.ts';

const ADMIN = { phone: '0899999972', password: 'console-payouts-admin-1' };
/** Above this (baht) a payout waits for a second operator. */
const THRESHOLD = 1_000;
const server = useServer({ operator: ADMIN }, { approvalThreshold: { BAHT: THRESHOLD, LAK: 200_000 } });

test.describe.configure({ mode: 'serial' });

/** An area's link in the console's navigation. */
const area = (page: Page, name: string) => page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

/** The page scrolls sideways: wider than the window. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('a withdrawal paid with its reference, a large one approved by a second operator, each once in the audit; the pages on a phone', async ({ browser }) => {
  const member = newMember({ firstName: 'SOMCHAI', lastName: 'JAIDEE', accountNo: '1234512345' });
  const adminToken = await loginViaApi(server(), ADMIN.phone, ADMIN.password);
  let memberToken = '';
  const ids: string[] = [];

  await test.step('the member has money and asks for two withdrawals (one above the threshold)', async () => {
    await registerViaApi(server(), member);
    // Deposits within the threshold, which one operator may credit alone.
    for (const n of [1, 2, 3]) await callOk(server(), 'POST', '/api/ops/deposits', adminToken, { username: member.phone, amount: THRESHOLD, reference: `CP-${member.phone}-${n}` });
    memberToken = await loginViaApi(server(), member.phone, member.password);
    await callOk(server(), 'POST', '/api/wallet/withdraw', memberToken, { amount: 500 });
    await callOk(server(), 'POST', '/api/wallet/withdraw', memberToken, { amount: 1_500 });
    const queue = await callOk(server(), 'GET', `/api/ops/withdrawals?member=${member.phone}`, adminToken);
    ids.push(...(queue.withdrawals as { id: string }[]).map((row) => row.id));
    expect(ids).toHaveLength(2);
  });

  const first = await addOperator(server(), ADMIN, 'finance', 'First Finance');
  const second = await addOperator(server(), ADMIN, 'finance', 'Second Finance');
  const page = await consolePage(browser, server(), first);

  await test.step('the first finance operator pays the oldest with the bank reference, confirming what will happen', async () => {
    await area(page, 'Payouts').click();
    await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Withdrawals' }).getByRole('row')).toHaveCount(3); // the header and two
    await expectAccessible(page, 'payouts at 1280 x 800');

    await page.getByRole('button', { name: `Open the withdrawal of ${member.name}` }).first().click();
    const panel = page.getByRole('region', { name: `Withdrawal ${ids[0]}: ฿500.00` });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await panel.getByLabel('Bank reference of the transfer').fill('kb 0001-e2e');
    await panel.getByRole('button', { name: 'Pay', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm the payout' });
    await expect(dialog).toContainText('Pay ฿500.00 to SOMCHAI J., KBANK xxx-x-x1234-x');
    await expect(dialog).toContainText('Bank reference: kb 0001-e2e');
    await expectAccessible(page, 'the payout confirmation');
    const paid = page.waitForResponse((response) => response.url().endsWith(`/api/ops/withdrawals/${ids[0]}/paid`));
    await dialog.getByRole('button', { name: 'Pay ฿500.00' }).click();
    expect((await paid).status()).toBe(200);
    await expect(panel.getByRole('status')).toHaveText('Paid ฿500.00 to SOMCHAI J., KBANK xxx-x-x1234-x.');
  });

  await test.step('the member\'s statement says the withdrawal succeeded', async () => {
    const { statements } = await statementPage(server(), memberToken);
    const withdrawals = statements.filter((row) => row.statementType.toLowerCase() === 'withdraw');
    expect(withdrawals.map((row) => [row.amount, row.status])).toEqual([
      [1_500, expect.not.stringMatching(/^SUCCESS$/)],
      [500, 'SUCCESS'],
    ]);
  });

  await test.step('the next withdrawal opens; above the threshold it waits for a second operator', async () => {
    await page.getByRole('button', { name: 'Next withdrawal' }).click();
    const panel = page.getByRole('region', { name: `Withdrawal ${ids[1]}: ฿1,500.00` });
    await panel.getByLabel('Bank reference of the transfer').fill('KB-0002-E2E');
    await panel.getByLabel('Bank reference of the transfer').press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm the payout' });
    const asked = page.waitForResponse((response) => response.url().endsWith(`/api/ops/withdrawals/${ids[1]}/paid`));
    await dialog.getByRole('button', { name: 'Pay ฿1,500.00' }).click();
    expect((await asked).status()).toBe(202);
    await expect(panel.getByRole('status')).toContainText('Waiting for a second operator: the payout of ฿1,500.00 is in the approvals.');
    await expect(page.getByRole('table', { name: 'Withdrawals' }).getByRole('row').filter({ hasText: 'Waiting for a second operator' })).toHaveCount(1);
  });

  await test.step('the one who asked cannot approve it: the console says why', async () => {
    await area(page, 'Approvals').click();
    await page.getByRole('button', { name: 'Open the request of First Finance' }).click();
    await expectAccessible(page, 'approvals at 1280 x 800');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the request' });
    await expect(dialog).toContainText(`Approve ฿1,500.00 for ${member.phone}, asked by First Finance`);
    const refused = page.waitForResponse((response) => /\/api\/ops\/approvals\/\d+\/approved$/.test(response.url()));
    await dialog.getByRole('button', { name: 'Approve ฿1,500.00' }).click();
    expect((await refused).status()).toBe(403);
    await expect(page.getByRole('alert').filter({ hasText: 'You asked for this yourself. Another operator must approve it.' })).toBeVisible();
  });

  const secondPage = await consolePage(browser, server(), second);
  await test.step('a second finance operator approves it: the payout is done', async () => {
    await area(secondPage, 'Approvals').click();
    await secondPage.getByRole('button', { name: 'Open the request of First Finance' }).click();
    await secondPage.getByRole('button', { name: 'Approve', exact: true }).click();
    const approved = secondPage.waitForResponse((response) => /\/api\/ops\/approvals\/\d+\/approved$/.test(response.url()));
    await secondPage.getByRole('dialog', { name: 'Approve the request' }).getByRole('button', { name: 'Approve ฿1,500.00' }).click();
    expect((await approved).status()).toBe(200);
    await expect(secondPage.getByRole('status').filter({ hasText: 'Approved: what was asked has been done.' })).toBeVisible();
    await expect(secondPage.getByText('Nothing waits for a second operator.')).toBeVisible();

    const paid = await callOk(server(), 'GET', '/api/ops/withdrawals?status=paid', adminToken);
    expect((paid.withdrawals as { id: string; reference: string }[]).map((row) => [row.id, row.reference])).toEqual([
      [ids[1], 'KB-0002-E2E'],
      [ids[0], 'KB0001-E2E'],
    ]);
  });

  await test.step('each action is in the audit exactly once', async () => {
    const audit = await api(server(), 'GET', `/api/ops/audit?member=${member.phone}&limit=200`, { token: adminToken });
    const entries = (audit.body.entries as { action: string; operator: string; subject: string }[]).filter((entry) => !entry.action.startsWith('deposit.'));
    expect(entries.map((entry) => [entry.action, entry.operator, entry.subject]).sort()).toEqual(
      [
        ['withdrawal.paid', first.phone, ids[0]],
        ['approval.requested', first.phone, expect.any(String)],
        ['approval.approved', second.phone, expect.any(String)],
        ['withdrawal.paid', second.phone, ids[1]],
      ].sort(),
    );
  });

  await test.step('at 390 x 844 the pages fit, an adjustment is made, and axe finds nothing serious', async () => {
    await secondPage.setViewportSize({ width: 390, height: 844 });
    for (const [where, heading] of [
      ['payouts', 'Payouts'],
      ['approvals', 'Approvals'],
    ] as const) {
      await area(secondPage, heading).click();
      await expect(secondPage.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await scrollsSideways(secondPage), where).toBe(false);
      await expectAccessible(secondPage, `${where} at 390 x 844`);
    }
    await area(secondPage, 'Adjustments').click();
    await secondPage.getByLabel("Member's phone").fill(member.phone);
    await secondPage.getByLabel('Amount').fill('50');
    await secondPage.getByLabel('Reason').fill('Bank transfer without a slip');
    expect(await scrollsSideways(secondPage), 'adjustments').toBe(false);
    await expectAccessible(secondPage, 'adjustments at 390 x 844');
    await secondPage.getByRole('button', { name: 'Review the adjustment' }).click();
    const dialog = secondPage.getByRole('dialog', { name: 'Confirm the adjustment' });
    await expect(dialog).toContainText(`Credit ฿50.00 to the wallet of ${member.phone}`);
    await dialog.getByRole('button', { name: 'Credit ฿50.00' }).click();
    await expect(secondPage.getByRole('status').filter({ hasText: `Credited ฿50.00 to ${member.phone}.` })).toBeVisible();
  });
});
