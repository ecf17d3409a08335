/**
 * The console's deposits area (docs/decisions/0126-deposits-console.md)
 * against the real server: a member uploads a slip in the deposit modal; a
 * finance operator opens the slip queue at 1280×800, opens the slip (its
 * picture, reference, bank account, findings), approves it after the
 * confirmation that says what will happen; the member's statement shows the
 * deposit, and the audit trail the approval exactly once. At 390×844 the
 * same pages fit the screen (no sideways scroll) and a second slip is
 * rejected with a reason. Every console page passes axe.
 */
import type { Locator, Page } from '@playwright/test';
import { bankSlipPayload, newSlipReference, slipImage } from '../support/slip-image.ts';
import { expectAccessible } from './support/axe.ts';
import { callOk, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { addOperator, consolePage } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { bottomNav, logInViaUi, main, useServer } from './support/ui.ts';

const ADMIN = { phone: '0899999971', password: 'admin-pass-0126' };
const server = useServer({ operator: ADMIN });

/** The member's texts in Thai (locales/th member.po); English is the message id. */
const TH = {
  Deposit: 'ฝากเงิน',
  'Upload your transfer slip': 'อัปโหลดสลิปการโอนเงิน',
  'Upload slip': 'อัปโหลดสลิป',
  'Slip received': 'ได้รับสลิปแล้ว',
  Success: 'สำเร็จ',
} as const;

const AMOUNT = 250;
const baht = (amount: number, sign = '') => `${sign}฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The member uploads a fresh slip in the deposit modal (as tests/browser/slips.spec.ts does); answers its reference. */
async function uploadSlip(page: Page): Promise<string> {
  const reference = newSlipReference();
  await bottomNav(page)
    .getByRole('link', { name: tr('Home') })
    .click();
  await main(page)
    .getByRole('region', { name: tr('Wallet actions') })
    .getByRole('button', { name: TH.Deposit })
    .click();
  const section = page.getByRole('dialog', { name: TH.Deposit }).getByRole('region', { name: TH['Upload your transfer slip'] });
  await section.locator('input[type=file]').setInputFiles({
    name: 'slip.png',
    mimeType: 'image/png',
    buffer: await slipImage({ payload: bankSlipPayload(reference) }),
  });
  await section.getByRole('button', { name: TH['Upload slip'] }).click();
  await expect(section.getByRole('status')).toHaveText(TH['Slip received']);
  await page.keyboard.press('Escape');
  return reference;
}

/** No sideways scrolling at the page's width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

function queueRow(page: Page, member: { name: string; phone: string }): Locator {
  return page.getByRole('region', { name: 'Slip queue' }).getByRole('link', { name: `${member.name} ${member.phone}`, exact: true });
}

test('a finance operator approves a member’s slip in the console; the statement shows the deposit and the audit the approval once; the pages work on a phone', async ({
  page,
  browser,
}) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await logInViaUi(page, server(), member.phone, member.password);
  const memberToken = await loginViaApi(server(), member.phone, member.password);
  const finance = await addOperator(server(), ADMIN, 'finance', 'Finance desk');
  const reference = await uploadSlip(page);

  const desk = await consolePage(browser, server(), finance);
  let slipId = '';

  await test.step('1280×800: the queue lists the slip; opening it shows the picture, the reference, the bank account and the findings', async () => {
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Deposits' }).click();
    await expect(desk.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
    await expect(queueRow(desk, member)).toBeVisible();
    await expectAccessible(desk, 'the slip queue');
    await queueRow(desk, member).click();
    slipId = /\/ops\/deposits\/slips\/(\d+)$/.exec(new URL(desk.url()).pathname)?.[1] ?? '';
    expect(slipId).not.toBe('');
    const panel = desk.getByRole('region', { name: `Slip ${slipId}` });
    await expect(panel.getByRole('img', { name: `The slip ${member.name} uploaded` })).toBeVisible();
    await expect(panel.getByText(reference, { exact: true })).toBeVisible();
    // The member's bank account, grouped 3-3-4, and no duplicate of the reference.
    await expect(panel).toContainText(`${member.accountNo.slice(0, 3)}-${member.accountNo.slice(3, 6)}-${member.accountNo.slice(6)}`);
    await expect(panel.getByText('No duplicate', { exact: true })).toBeVisible();
    await expectAccessible(desk, 'an open slip');
    await expectNoSidewaysScroll(desk);
  });

  await test.step('approving asks first, saying what will happen; confirmed, the slip is credited and the queue is empty', async () => {
    const panel = desk.getByRole('region', { name: `Slip ${slipId}` });
    await panel.getByLabel(/^Amount to credit/).fill(String(AMOUNT));
    await panel.getByRole('button', { name: 'Approve' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Approve this deposit?' });
    await expect(confirm).toContainText(`Deposit ${baht(AMOUNT)} to ${member.name} (${member.phone}), paid from ${member.bankCode} `);
    await expectAccessible(desk, 'the approval’s confirmation');
    const approved = desk.waitForResponse((response) => new URL(response.url()).pathname === `/api/ops/slips/${slipId}/approved`);
    await confirm.getByRole('button', { name: `Deposit ${baht(AMOUNT)}` }).click();
    expect((await approved).status()).toBe(200);
    // No slip waits after it: the queue alone, with what was done.
    await expect(desk).toHaveURL(/\/ops\/deposits$/);
    await expect(
      desk.getByRole('status').filter({
        hasText: `Slip ${slipId} approved: ${baht(AMOUNT)} credited to ${member.name}.`,
      }),
    ).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Slip queue' }).getByText('No slips here.')).toBeVisible();
  });

  await test.step('the member’s statement shows the deposit', async () => {
    await bottomNav(page)
      .getByRole('link', { name: tr('Statement (bottom menu)') })
      .click();
    const entries = main(page)
      .getByRole('list', { name: tr('Statement') })
      .getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(TH.Deposit);
    await expect(entries.first()).toContainText(`${baht(AMOUNT, '+')}${TH.Success}`);
    const wallet = (await callOk(server(), 'GET', '/api/wallet', memberToken)) as { wallet: { amount: number } };
    expect(wallet.wallet.amount).toBe(AMOUNT);
  });

  await test.step('the audit trail holds the approval exactly once', async () => {
    const admin = await loginViaApi(server(), ADMIN.phone, ADMIN.password);
    const { entries } = (await callOk(server(), 'GET', '/api/ops/audit?action=slip.approved&limit=100', admin)) as {
      entries: {
        operator: string;
        action: string;
        subject: string;
        member: string | null;
      }[];
    };
    expect(entries.filter((entry) => entry.action === 'slip.approved' && entry.subject === slipId)).toEqual([
      expect.objectContaining({
        operator: finance.phone,
        member: member.phone,
      }),
    ]);
  });

  await test.step('1280×800: the QR payments table and a manual deposit, confirmed with the member’s name and the amount', async () => {
    await desk.getByRole('link', { name: 'QR payments' }).click();
    await expect(desk.getByText('No payments here.')).toBeVisible();
    await expectAccessible(desk, 'the QR payments');
    await desk.getByRole('link', { name: 'Manual deposit' }).click();
    const form = desk.getByRole('region', { name: 'Manual deposit' });
    await form.getByLabel('Member\'s phone').fill(member.phone);
    await form.getByLabel('Amount', { exact: true }).fill('100');
    await form.getByLabel('Bank reference').fill(`MANUAL${Date.now()}`);
    await form.getByRole('button', { name: 'Review deposit' }).click();
    const confirm = desk.getByRole('dialog', { name: `Deposit ${baht(100)}?` });
    await expect(confirm).toContainText(`Deposit ${baht(100)} to ${member.name} (${member.phone}`);
    await expectAccessible(desk, 'the manual deposit’s confirmation');
    await confirm.getByRole('button', { name: `Deposit ${baht(100)}` }).click();
    await expect(desk.getByRole('status').filter({ hasText: `Deposited ${baht(100)} to ${member.name}` })).toBeVisible();
    const wallet = (await callOk(server(), 'GET', '/api/wallet', memberToken)) as { wallet: { amount: number } };
    expect(wallet.wallet.amount).toBe(AMOUNT + 100);
  });

  await test.step('390×844: the queue and an open slip fit the screen, pass axe, and a second slip is rejected with a reason', async () => {
    server().advanceClock(61_000); // one slip a minute per member
    await uploadSlip(page);
    // The same operator's page, turned into a phone's (a second login would wait for an authenticator step of its own).
    const phone = desk;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${server().url}/ops/deposits`);
    await expect(queueRow(phone, member)).toBeVisible();
    await expectNoSidewaysScroll(phone);
    await expectAccessible(phone, 'the slip queue on a phone');
    await queueRow(phone, member).click();
    const panel = phone.getByRole('region', { name: /^Slip \d+$/ });
    await expect(panel.getByRole('img')).toBeVisible();
    await expectNoSidewaysScroll(phone);
    await expectAccessible(phone, 'an open slip on a phone');

    await panel.getByLabel('Reason to reject').selectOption({ label: 'Expired slip' });
    await panel.getByRole('button', { name: 'Reject' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Reject this slip?' });
    await expect(confirm).toContainText(`of ${member.name} as “Expired slip”`);
    await expectNoSidewaysScroll(phone);
    await confirm.getByRole('button', { name: 'Reject slip' }).click();
    await expect(phone.getByRole('status').filter({ hasText: /^Slip \d+ of .+ rejected\.$/ })).toBeVisible();
    await expect(phone).toHaveURL(/\/ops\/deposits$/);
    const wallet = (await callOk(server(), 'GET', '/api/wallet', memberToken)) as { wallet: { amount: number } };
    expect(wallet.wallet.amount).toBe(AMOUNT + 100);

    for (const [tab, where] of [
      ['QR payments', 'the QR payments on a phone'],
      ['Manual deposit', 'the manual deposit on a phone'],
    ] as const) {
      await phone.getByRole('link', { name: tab }).click();
      await expectNoSidewaysScroll(phone);
      await expectAccessible(phone, where);
    }
  });
});
