/**
 * The home's agreement modal (spec 2, spec 9): it opens 1.5 s after the home
 * loads with the server's agreements, and once accepted it does not open
 * again on this device. Time is Playwright's clock, moved by hand. HTML in
 * the agreements and the conditions (stored past the server's clean-up on
 * write) runs no script.
 */
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { bottomNav, logInViaUi, useServer } from './support/ui.ts';
import { newMember, registerViaApi } from './support/api.ts';

const server = useServer();
test.use({ agreementAccepted: false });

test('opens 1.5 s after the home loads, shows the agreements, and stays closed once accepted', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await page.clock.install();
  await logInViaUi(page, server(), member.phone, member.password);
  const dialog = page.getByRole('dialog', { name: tr('Agreement') });

  // Not with the home, 1.5 s after it. The clock flows while the home loads, so a check at 1.0 s
  // failed on a slow machine; the 1,500 ms to the millisecond are the model's, on a simulated
  // clock (tests/model/agreement.model.test.ts).
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(1_600);
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

test.describe('HTML the server sends', () => {
  const payload =
    '<p>Read this</p><img src=x alt="" onerror="window.__xss=1"><script>window.__xss=1</script><a href="javascript:window.__xss=1">link</a><form action="https://evil.example"><input type="password"></form><div style="position:fixed;inset:0">cover</div>';
  const texts = { th: [payload], la: [payload], en: [payload] };
  const hostile = useServer({}, { agreements: texts, conditions: texts });

  test('runs no script in the agreement modal or the conditions modal, and draws no form or cover', async ({ page }) => {
    const member = newMember();
    await registerViaApi(hostile(), member);
    await page.clock.install();
    await logInViaUi(page, hostile(), member.phone, member.password);
    await page.clock.runFor(1_600);
    const agreement = page.getByRole('dialog', { name: tr('Agreement') });
    await expect(agreement.getByText('Read this')).toBeVisible();
    await expect(agreement.locator('script, [onerror], a[href^="javascript"], form, input, [style]')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await bottomNav(page).getByRole('button', { name: tr('Conditions') }).click();
    const conditions = page.getByRole('dialog', { name: tr('Conditions') });
    await expect(conditions.getByText('Read this')).toBeVisible();
    await expect(conditions.locator('script, [onerror], a[href^="javascript"], form, input, [style]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });
});
