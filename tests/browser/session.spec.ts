/**
 * spec 2 route guard, spec 6 and spec 8 special messages: a token the server
 * no longer accepts sends the member to /login; a terminated service shows
 * /terminated; an unknown path shows the not-found page.
 */
import type { Page } from '@playwright/test';
import { api, loginViaApi, newMember, registerViaApi, type Member } from './support/api.ts';
import type { BrowserServer } from './support/app-server.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { bottomNav, field, logInViaUi, main, storedToken, useServer } from './support/ui.ts';

async function expectSentToLogin(page: Page): Promise<void> {
  // The member is told why (a background event: a toast that lasts about 4 s), and
  // the dead token is forgotten. The toast is awaited alongside the page change, not
  // after it: on a busy machine the login page's chunk can take longer than the toast lives.
  await Promise.all([
    expect(page.getByText(tr('Your session has ended. Please log in again.'))).toBeVisible(),
    expect(page).toHaveURL(/\/login$/),
    expect(main(page).getByRole('heading', { level: 1, name: tr('Log in') })).toBeVisible(),
  ]);
  expect(await storedToken(page)).toBeNull();
}

test.describe('invalid-token sends the member to /login', () => {
  const server = useServer({ registerOtp: false });

  async function signedIn(page: Page): Promise<{ member: Member; token: string }> {
    const member = newMember();
    await registerViaApi(server(), member);
    await logInViaUi(page, server(), member.phone, member.password);
    const token = await storedToken(page);
    expect(token, 'the app keeps the login token').toBeTruthy();
    return { member, token: token! };
  }

  test('after the token is revoked on the server (POST /api/logout), the next page change lands on /login', async ({ page }) => {
    const { token } = await signedIn(page);
    const revoked = await api(server(), 'POST', '/api/logout', { token });
    expect(revoked.status).toBe(200);

    await bottomNav(page).getByRole('link', { name: tr('Profile') }).click();
    await expectSentToLogin(page);
  });

  test('after the password is changed from another device, the next page change lands on /login', async ({ page }) => {
    const { member } = await signedIn(page);
    const otherDevice = await loginViaApi(server(), member.phone, member.password);
    const changed = await api(server(), 'PUT', '/api/account/changepwd', {
      token: otherDevice,
      body: { oldPassword: member.password, newPassword: 'changed-elsewhere-1' },
    });
    expect(changed.status).toBe(200);

    // Home loads the profile again: the revoked session answers invalid-token.
    await bottomNav(page).getByRole('link', { name: tr('Profile') }).click();
    await expectSentToLogin(page);
    // And the member area stays closed without logging in again.
    await page.goto(`${server().url}/user/home`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a page reload with a revoked token in storage also ends on /login', async ({ page }) => {
    const { token } = await signedIn(page);
    await bottomNav(page).getByRole('link', { name: tr('Profile') }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    expect((await api(server(), 'POST', '/api/logout', { token })).status).toBe(200);

    await page.reload();
    await expectSentToLogin(page);
  });
});

test.describe('route guard and token storage', () => {
  const server = useServer({ registerOtp: false });

  test('a member page without a stored token redirects to /login', async ({ page }) => {
    await page.goto(`${server().url}/user/profile`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Log in') })).toBeVisible();
  });

  test('login submits nothing while a field is empty', async ({ page }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login') logins.push(request.method());
    });
    await page.goto(`${server().url}/login`);
    const form = main(page);
    const submit = form.getByRole('button', { name: tr('Log in'), exact: true });
    await submit.click();
    await field(form, tr('Phone number')).fill('0912345678');
    await submit.click();
    await field(form, tr('Phone number')).fill('');
    await field(form, tr('Password')).fill('some-password');
    await submit.click();
    // Both filled: now it asks the server (and the counter above does count).
    await field(form, tr('Phone number')).fill('0912345678');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(tr('The phone number or password is incorrect.'));
    expect(logins).toEqual(['POST']);
  });

  test('without remember-me the token lives in sessionStorage, with it in localStorage', async ({ page }) => {
    const member = newMember();
    await registerViaApi(server(), member);
    await logInViaUi(page, server(), member.phone, member.password);
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token') !== null])).toEqual([null, true]);

    await page.getByRole('button', { name: tr('Log out') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await field(main(page), tr('Phone number')).fill(member.phone);
    await field(main(page), tr('Password')).fill(member.password);
    await main(page).getByRole('checkbox', { name: tr('Remember me on this device') }).check();
    await main(page).getByRole('button', { name: tr('Log in'), exact: true }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    expect(await page.evaluate(() => [localStorage.getItem('token') !== null, sessionStorage.getItem('token')])).toEqual([true, null]);
  });

  test('opening a public page while logged in acts as a logout', async ({ page }) => {
    const member = newMember();
    await registerViaApi(server(), member);
    await logInViaUi(page, server(), member.phone, member.password);
    const token = await storedToken(page);

    await page.goto(`${server().url}/howto`);
    await expect(main(page).getByRole('heading', { level: 1, name: tr('How-to videos') })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    // The token is also revoked on the server (quietly, in the background).
    await expect
      .poll(async () => (await api(server(), 'GET', '/api/account/profile', { token: token! })).body.message)
      .toBe('invalid-token');
    await page.goto(`${server().url}/user/home`);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('SERVICE_STATUS=terminated', () => {
  const server = useServer({ serviceStatus: 'terminated' });

  async function visitLogin(page: Page, s: BrowserServer): Promise<void> {
    await page.goto(`${s.url}/login`);
    await expect(page).toHaveURL(/\/terminated$/);
  }

  test('visiting /login ends on /terminated: "Page not found" in Thai', async ({ page }) => {
    await visitLogin(page, server());
    await expect(page.getByRole('heading', { level: 1, name: tr('Page not found') })).toBeVisible();
    await expect(page.getByText(tr('This service is no longer available.'))).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${tr('Page not found')} · `));
    // The terminated style is set and no menu is offered.
    await expect(page.locator('html')).toHaveAttribute('data-terminated', '');
    await expect(bottomNav(page)).toHaveCount(0);
  });

  test('visiting /login ends on /terminated: "Page not found" in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await visitLogin(page, server());
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found', exact: true })).toBeVisible();
    await expect(page.getByText('This service is no longer available.')).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found · /);
  });
});

test.describe('unknown path', () => {
  const server = useServer();

  test('shows the not-found page ("Page Not Found"), whose link leads back into the app', async ({ page }) => {
    const response = await page.goto(`${server().url}/no/such/page`);
    expect(response?.status()).toBeLessThan(500);
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole('heading', { level: 1, name: tr('Page Not Found') })).toBeVisible();
    await expect(page.getByText(tr('The address may be mistyped, or the page has moved.'))).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${tr('Page Not Found')} · `));

    // / → /user → /login for a visitor.
    await page.getByRole('link', { name: tr('Go to the start page') }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('in English the heading reads "Page Not Found"', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await page.goto(`${server().url}/user/nothing-here`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true })).toBeVisible();
  });
});
