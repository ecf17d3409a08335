/**
 * spec 2, 4, 5, 8: a visitor registers through the four steps with OTP on,
 * logs in, reads the profile, changes the password (with both of its error
 * paths), logs out, and logs in again with the new password only.
 */
import { freshAccountNo, freshPhone } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { otpReferenceSent, wizard } from './support/registration.ts';
import { tr } from './support/texts.ts';
import { bottomNav, detail, field, formatDateTime, main, path, storedToken, submitLogin, useServer } from './support/ui.ts';

const TIME_ZONE = 'Asia/Bangkok';
test.use({ timezoneId: TIME_ZONE });

const server = useServer({ registerOtp: true });

test('register with OTP, log in, see the profile, change the password, log out and log in with the new one', async ({ page }) => {
  const phone = freshPhone();
  const accountNo = freshAccountNo();
  const name = 'สมชาย ใจดี';
  const oldPassword = 'first-pass-123';
  const newPassword = 'second-pass-456';
  const w = wizard(page);
  // Record when the SPA changes the path (for the 2 s redirect after registering).
  await page.addInitScript(() => {
    const record = window as unknown as { pathChanges: { path: string; at: number }[] };
    record.pathChanges = [];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record.pathChanges.push({ path: location.pathname, at: performance.now() });
      };
    }
  });

  await test.step('step 0: phone number; the server sends an OTP by SMS', async () => {
    await page.goto(`${server().url}/register`);
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Create an account') })).toBeVisible();
    await expect(w.heading('phone')).toBeVisible();
    await expect(w.currentStep()).toContainText(w.stepLabel('phone'));
    await w.phone().fill(phone);
    await w.next().click();
  });

  await test.step('step 1: the OTP step shows the reference of the SMS; the code from the SMS is accepted', async () => {
    await expect(w.heading('otp')).toBeVisible();
    await expect(w.currentStep()).toContainText(w.stepLabel('otp'));
    await expect(w.otpReference()).toContainText(otpReferenceSent(server().sms.sent, phone));
    await w.otpCode().fill(server().sms.lastCodeFor(phone));
    await w.confirmCode().click();
  });

  await test.step('step 2: profile (validated by the server before the bank step)', async () => {
    await expect(w.heading('profile')).toBeVisible();
    await expect(w.currentStep()).toContainText(w.stepLabel('profile'));
    await w.name().fill(name);
    await w.password().fill(oldPassword);
    await w.confirmPassword().fill(oldPassword);
    await w.source().selectOption({ label: 'เฟซบุ๊ก' });
    await w.next().click();
  });

  let registeredAt = 0;
  await test.step('step 3: bank account; names are forced to upper case; success toast', async () => {
    await expect(w.heading('bank')).toBeVisible();
    await expect(w.currentStep()).toContainText(w.stepLabel('bank'));
    await w.bank().selectOption({ label: 'ธนาคารกสิกรไทย' });
    await w.accountNo().fill(accountNo);
    await w.firstName().fill('somchai');
    await w.lastName().fill('jaidee');
    await expect(w.firstName()).toHaveValue('SOMCHAI');
    await expect(w.lastName()).toHaveValue('JAIDEE');
    const registration = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/account' && response.request().method() === 'POST',
    );
    await w.register().click();
    expect((await registration).status()).toBe(200);
    registeredAt = Date.now();
    await expect(page.getByText(tr('Registration complete. Please log in with your phone number.'))).toBeVisible();
  });

  await test.step('2 s after the server said yes, the app goes to /login', async () => {
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Log in') })).toBeVisible();
    // Timed inside the page, so a busy test process cannot blur it: from the
    // end of the registration response to the history entry for /login.
    const delay = await page.evaluate(() => {
      const answer = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === '/api/account') as PerformanceResourceTiming | undefined;
      const toLogin = (window as unknown as { pathChanges: { path: string; at: number }[] }).pathChanges.find(
        (change) => change.path === '/login',
      );
      return answer && toLogin ? toLogin.at - answer.responseEnd : null;
    });
    expect(delay, 'ms from the registration answer to /login').not.toBeNull();
    expect(delay!).toBeGreaterThanOrEqual(1_950);
    expect(delay!).toBeLessThan(6_000);
  });

  await test.step('log in with the new account', async () => {
    await submitLogin(page, phone, oldPassword);
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  });

  await test.step('profile: name, username, Thai bank name, account number 3-3-4, created-at DD/MM/YYYY HH:mm:ss', async () => {
    const profileAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/account/profile');
    await bottomNav(page).getByRole('link', { name: tr('Profile') }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    const { profile } = (await (await profileAnswer).json()) as { profile: { createdAt: string; _id: string } };

    await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(detail(page, tr('Username'))).toHaveText(phone);
    await expect(detail(page, tr('Bank account name'))).toHaveText('SOMCHAI JAIDEE');
    await expect(detail(page, tr('Bank'))).toHaveText('ธนาคารกสิกรไทย');
    await expect(detail(page, tr('Account number'))).toHaveText(
      `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}`,
    );
    await expect(detail(page, tr('Account number'))).toHaveText(/^\d{3}-\d{3}-\d{4}$/);
    const createdAt = detail(page, tr('Member since'));
    await expect(createdAt).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await expect(createdAt).toHaveText(formatDateTime(profile.createdAt, TIME_ZONE));
    expect(Math.abs(Date.parse(profile.createdAt) - registeredAt)).toBeLessThan(5 * 60_000);
  });

  const dialog = page.getByRole('dialog', { name: tr('Change password') });
  await test.step('change password: new and confirmation differ → inline password-not-equal', async () => {
    await main(page).getByRole('button', { name: tr('Change password') }).click();
    await expect(dialog).toBeVisible();
    await field(dialog, tr('Current password')).fill(oldPassword);
    await field(dialog, tr('New password')).fill(newPassword);
    await field(dialog, tr('Confirm new password')).fill(`${newPassword}x`);
    await dialog.getByRole('button', { name: tr('Save') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(tr('The new password and its confirmation are not the same.'));
    await expect(field(dialog, tr('Confirm new password'))).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('change password: wrong current password → WRONG_PASSWORD in the alert dialog', async () => {
    await field(dialog, tr('Current password')).fill('not-my-password');
    await field(dialog, tr('Confirm new password')).fill(newPassword);
    // Typing clears the inline error.
    await expect(dialog.getByText(tr('The new password and its confirmation are not the same.'))).toBeHidden();
    await dialog.getByRole('button', { name: tr('Save') }).click();
    const alert = page.getByRole('alertdialog', { name: tr('Password not changed') });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(tr('The current password is incorrect.'));
    await alert.getByRole('button', { name: tr('OK') }).click();
    await expect(alert).toBeHidden();
    // Back on the form, asked for the current password again.
    await expect(dialog).toBeVisible();
    await expect(field(dialog, tr('Current password'))).toHaveValue('');
  });

  await test.step('change password: right current password → success dialog', async () => {
    await field(dialog, tr('Current password')).fill(oldPassword);
    await dialog.getByRole('button', { name: tr('Save') }).click();
    const alert = page.getByRole('alertdialog', { name: tr('Password changed') });
    await expect(alert).toContainText(tr('Your new password is saved. Use it the next time you log in.'));
    await alert.getByRole('button', { name: tr('OK') }).click();
    await expect(alert).toBeHidden();
    await expect(dialog).toBeHidden();
  });

  await test.step('log out: token gone, back on /login', async () => {
    expect(await storedToken(page)).not.toBeNull();
    await page.getByRole('button', { name: tr('Log out') }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  await test.step('the old password is refused with the WRONG_CREDENTIAL text inline', async () => {
    await submitLogin(page, phone, oldPassword);
    await expect(main(page).getByRole('alert')).toHaveText(tr('The phone number or password is incorrect.'));
    expect(path(page)).toBe('/login');
    // The error line clears as soon as the member types again.
    await field(main(page), tr('Password')).fill(newPassword);
    await expect(main(page).getByText(tr('The phone number or password is incorrect.'))).toBeHidden();
  });

  await test.step('the new password logs in', async () => {
    await submitLogin(page, phone, newPassword);
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  });
});
