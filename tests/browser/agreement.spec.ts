/**
 * The home's agreement modal (spec 2, spec 9): it opens 1.5 s after the home
 * loads with the server's agreements, and once accepted it does not open
 * again on this device. Time is Playwright's clock, moved by hand.
 */
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { logInViaUi, useServer } from './support/ui.ts';
import { newMember, registerViaApi } from './support/api.ts';

const server = useServer();
test.use({ agreementAccepted: false });

test('opens 1.5 s after the home loads, shows the agreements, and stays closed once accepted', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await page.clock.install();
  await logInViaUi(page, server(), member.phone, member.password);
  const dialog = page.getByRole('dialog', { name: tr('Agreement') });

  await page.clock.runFor(1_000);
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(600);
  await expect(dialog).toBeVisible();
  // The seeded agreements, in Thai (the default language).
  await expect(dialog.getByText('เก็บรหัสผ่านของท่านเป็นความลับ')).toBeVisible();
  await dialog.getByRole('button', { name: tr('I agree'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('remember-agreement'))).toBe('true');

  await page.reload();
  await page.clock.runFor(3_000);
  await expect(page.getByRole('main').getByText(tr('Hello'))).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('closing without accepting shows it again on the next visit', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await page.clock.install();
  await logInViaUi(page, server(), member.phone, member.password);
  const dialog = page.getByRole('dialog', { name: tr('Agreement') });
  await page.clock.runFor(1_600);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await page.clock.runFor(1_600);
  await expect(dialog).toBeVisible();
});
