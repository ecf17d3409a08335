/**
 * The admin's console pages (docs/decisions/0124-operators-in-the-console.md,
 * 0123-audit-trail.md): at 1280×800 the bootstrap admin adds an operator in
 * the console; the test reads the QR code the page shows as a camera would
 * (a screenshot of it, decoded by ZXing), takes the TOTP secret from the
 * otpauth:// address it holds, and logs in as the new operator with the
 * code an authenticator would show, landing in their console. The audit
 * then holds that add exactly once. At 390×844 finance runs the ledger check
 * from the dashboard and the admin finds it in the audit, without sideways
 * scrolling; every page passes axe.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { readBarcodes } from '../../src/server/slips/zxing.ts';
import { freshPhone } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { addOperator, bootstrapAdminPage, consolePage, logInToConsole, secretOf } from './support/console.ts';
import { inEnglish, useServer } from './support/ui.ts';

const ADMIN = { phone: '0899999974', password: 'admin-pass-9974' };
const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const server = useServer({ operator: ADMIN });


/** What the QR code on the page says, read from its pixels. */
async function readQr(page: Page, name: RegExp): Promise<string> {
  const png = await page.getByRole('img', { name }).screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, colorSpace: 'srgb' } as ImageData;
  const found = await readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
  expect(found.map((symbol) => symbol.isValid), 'one readable QR code').toEqual([true]);
  return found[0]!.text;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('the admin adds an operator; the new operator scans the QR code, logs in with its code and lands in the console; the audit has the add once', async ({ browser }) => {
  const admin = await bootstrapAdminPage(browser, server(), ADMIN, DESK);
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
  await expect(admin.getByRole('heading', { name: 'Operators' })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: ADMIN.phone })).toContainText('Enabled (first admin)');
  await expectAccessible(admin, 'operators (1280)');

  const phone = freshPhone();
  await admin.getByRole('button', { name: 'Add operator' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add an operator' });
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByLabel('Role').selectOption('support');
  await dialog.getByLabel('Name').fill('Noi Support');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText(`Add Noi Support (${phone}) as Support?`);
  await dialog.getByRole('button', { name: 'Add operator' }).click();

  const shown = admin.getByRole('dialog', { name: "New operator's sign-in" });
  await expect(shown).toContainText('shown only this once');
  const password = await shown.getByLabel('Password').inputValue();
  expect(password).toMatch(/^[A-Za-z2-9]{20}$/);
  const totpUri = await readQr(admin, /QR code of Noi Support's second factor/);
  expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
  await expectAccessible(admin, 'the enrolment shown once (1280)');
  await shown.getByRole('button', { name: 'Done: I have handed them over' }).click();
  await expect(shown).toBeHidden();
  // Gone with the dialog: nowhere on the page any more.
  expect(await admin.content()).not.toContain(password);
  await expect(admin.getByRole('row').filter({ hasText: phone })).toContainText('Support');

  // The new operator, on a desk of their own: the code their authenticator shows from the scanned secret.
  const context = await browser.newContext({ viewport: DESK });
  await inEnglish(context);
  const newcomer = await context.newPage();
  await logInToConsole(newcomer, server(), { phone, password, secret: secretOf(totpUri), role: 'support' });
  await expect(newcomer).toHaveURL(/\/ops\/dashboard$/);
  await expect(newcomer.getByRole('navigation', { name: 'Console' })).toContainText('Noi Support');
  await expect(newcomer.getByRole('heading', { name: /Today/ })).toBeVisible();

  // The audit: the add appears once, also when filtered by its action in the address.
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).click();
  const table = admin.getByRole('table', { name: 'Operator actions, newest first' });
  await expect(table.getByRole('row').filter({ hasText: 'Operator added' })).toHaveCount(1);
  await admin.getByLabel('Action').selectOption('operator.add');
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(admin).toHaveURL(/action=operator\.add/);
  await expect(admin.getByText('1 entry', { exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Operator added' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(phone);
  await expect(row).toContainText(ADMIN.phone);
  await expect(row).toContainText('Noi Support');
  await expectAccessible(admin, 'audit (1280)');
  await admin.context().close();
  await context.close();
});

test('at 390×844 finance runs the ledger check from the dashboard and the admin finds it in the audit, without sideways scrolling', async ({ browser }) => {
  const finance = await addOperator(server(), ADMIN, 'finance', 'Fon Finance');
  const desk = await consolePage(browser, server(), finance, PHONE);
  // Finance lands on the dashboard, the first area of every role.
  await expect(desk).toHaveURL(/\/ops\/dashboard$/);
  await expect(desk.getByRole('heading', { name: /Today/ })).toBeVisible();
  await expect(desk.getByText('Not checked yet.')).toBeVisible();
  await desk.getByRole('button', { name: 'Check the ledger now' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `by ${finance.phone}` })).toContainText('balanced');
  await noSidewaysScroll(desk);
  await expectAccessible(desk, 'dashboard (390)');

  const admin = await bootstrapAdminPage(browser, server(), ADMIN, PHONE);
  await admin.goto(`${server().url}/ops/audit?action=ledger.check`);
  const row = admin.getByRole('table', { name: 'Operator actions, newest first' }).getByRole('row').filter({ hasText: 'Ledger checked' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(finance.phone);
  await expect(row).toContainText('balanced: true');
  await expect(admin.getByLabel('Action')).toHaveValue('ledger.check');
  await noSidewaysScroll(admin);
  await expectAccessible(admin, 'audit (390)');
  await desk.context().close();
  await admin.context().close();
});
