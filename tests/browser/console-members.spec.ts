/**
 * The console's members area and the service's switch
 * (docs/decisions/0128-members-and-service-in-the-console.md): a support
 * operator finds a member (the query and order kept in the address) and
 * suspends them, and the member's open app
 * loses its session at once; the suspension is audited once; the member's
 * page works on a phone; an admin terminates the service (the member app
 * shows /terminated) and resumes it.
 */
import type { Browser, Page } from '@playwright/test';
import { api, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import type { BrowserServer } from './support/app-server.ts';
import { expectAccessible } from './support/axe.ts';
import { addOperator, bootstrapAdminPage, consolePage } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { bottomNav, logInViaUi, main, storedToken, useServer } from './support/ui.ts';

const ADMIN = { phone: '0899999973', password: 'console-members-admin-1' };
const PHONE = { width: 390, height: 844 };

const server = useServer({ operator: ADMIN, registerOtp: false });

/** A member's own phone: a browser context of its own, logged in to the app (in Thai). */
async function memberOnTheirPhone(browser: Browser, s: BrowserServer, phone: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
  const page = await context.newPage();
  await logInViaUi(page, s, phone, password);
  return page;
}


test('support finds a member and suspends them: the member\'s open app ends at once, the audit has it once, the page works on a phone', async ({ browser }) => {
  const s = server();
  const member = newMember({ name: 'สมศรี ทดสอบ' });
  await registerViaApi(s, member);
  const memberPage = await memberOnTheirPhone(browser, s, member.phone, member.password);
  const support = await addOperator(s, ADMIN, 'support', 'Support Noi');

  // At a desk: search by part of the phone, open the member, suspend them.
  const desk = await consolePage(browser, s, support);
  await desk.getByRole('link', { name: 'Members' }).click();
  await expect(desk).toHaveURL(/\/ops\/members$/);
  await expectAccessible(desk, 'the member search at 1280×800');
  await desk.getByLabel('Phone, name or bank account').fill(member.phone.slice(3));
  await desk.getByRole('button', { name: 'Search' }).click();
  // The query is in the address (the router quotes a string of digits, so it stays a string).
  await expect(desk).toHaveURL(new RegExp(`q=(%22)?${member.phone.slice(3)}`));
  // The order too, beside the query: a reload (or a sent link) opens the same view.
  await desk.getByLabel('Order', { exact: true }).selectOption('name');
  await expect(desk).toHaveURL(/sort=name/);
  await desk.reload();
  await expect(desk.getByLabel('Order', { exact: true })).toHaveValue('name');
  await expect(desk).toHaveURL(new RegExp(`q=(%22)?${member.phone.slice(3)}.*sort=name|sort=name.*q=(%22)?${member.phone.slice(3)}`));
  await desk.getByRole('link', { name: member.phone }).click();
  await expect(desk).toHaveURL(new RegExp(`/ops/members/${member.phone}$`));
  await expect(desk.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expect(desk.getByRole('table', { name: 'Live sessions' }).getByRole('row')).toHaveCount(2);
  await expectAccessible(desk, 'the member page at 1280×800');

  await desk.getByRole('button', { name: 'Suspend', exact: true }).click();
  const dialog = desk.getByRole('dialog', { name: `Suspend ${member.name}?` });
  await expect(dialog).toContainText('is logged out at once on every device');
  await expectAccessible(desk, 'the suspension confirmation');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.locator('.ops-page__head').getByText('Suspended', { exact: true })).toBeVisible();
  await expect(desk.getByText('Not logged in anywhere.')).toBeVisible();

  // On the member's phone: the next screen is the login, with the reason; the token is gone.
  await bottomNav(memberPage).getByRole('link', { name: tr('Profile') }).click();
  await expect(memberPage).toHaveURL(/\/login$/);
  await expect(main(memberPage).getByRole('heading', { level: 1, name: tr('Log in') })).toBeVisible();
  expect(await storedToken(memberPage)).toBeNull();

  // The audit holds the suspension once, with who did it.
  const adminToken = await loginViaApi(s, ADMIN.phone, ADMIN.password);
  const audit = await api(s, 'GET', `/api/ops/audit?action=member.status&member=${member.phone}`, { token: adminToken });
  expect(audit.status).toBe(200);
  expect(audit.body.entries).toEqual([expect.objectContaining({ operator: support.phone, subject: member.phone, before: { status: 'active' }, after: { status: 'suspended' } })]);

  // On a phone the member's page still works: tables are cards, the records switch, nothing scrolls sideways.
  await desk.setViewportSize(PHONE);
  await desk.getByRole('button', { name: 'Statement' }).waitFor();
  await desk.getByRole('button', { name: 'Slips' }).click();
  await expect(desk).toHaveURL(/table=slips/);
  await expect(desk.getByRole('heading', { level: 2, name: 'Slips' })).toBeVisible();
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(desk, 'the member page at 390×844');
  // Resuming asks first too.
  await desk.getByRole('button', { name: 'Resume', exact: true }).click();
  await desk.getByRole('dialog', { name: `Resume ${member.name}?` }).getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(desk.locator('.ops-page__head').getByText('Active', { exact: true })).toBeVisible();
});

test('an admin terminates the service (the member app shows /terminated) and resumes it', async ({ browser }) => {
  const s = server();
  const member = newMember();
  await registerViaApi(s, member);
  const memberPage = await memberOnTheirPhone(browser, s, member.phone, member.password);
  const admin = await bootstrapAdminPage(browser, s, ADMIN);

  await admin.getByRole('link', { name: 'Service' }).click();
  await expect(admin.getByText('Running', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Terminate the service' }).click();
  const terminate = admin.getByRole('dialog', { name: 'Terminate the service?' });
  await expect(terminate).toContainText('Every member sees the closed page');
  await expectAccessible(admin, 'the termination confirmation');
  await terminate.getByRole('button', { name: 'Terminate', exact: true }).click();
  await expect(admin.getByText('Terminated', { exact: true })).toBeVisible();
  await expectAccessible(admin, 'the service page, terminated');

  // The member's next screen is the closed page; the login leads there too.
  await bottomNav(memberPage).getByRole('link', { name: tr('Profile') }).click();
  await expect(memberPage).toHaveURL(/\/terminated$/);
  await expect(memberPage.getByRole('heading', { level: 1, name: tr('Page not found') })).toBeVisible();
  await memberPage.goto(`${s.url}/login`);
  await expect(memberPage).toHaveURL(/\/terminated$/);

  await admin.getByRole('button', { name: 'Resume the service' }).click();
  await admin.getByRole('dialog', { name: 'Resume the service?' }).getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(admin.getByText('Running', { exact: true })).toBeVisible();

  await memberPage.goto(`${s.url}/login`);
  await expect(memberPage).toHaveURL(/\/login$/);
  await logInViaUi(memberPage, s, member.phone, member.password);
});
