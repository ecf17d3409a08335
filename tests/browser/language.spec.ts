/**
 * spec 2 shells and spec 9: the language dropdown (th, la, en; the current one
 * disabled) on the public pages and in the member top bar. The choice is kept
 * in localStorage 'locale' and in the cookie `locale` in upper case, and it
 * survives a reload.
 */
import type { Page } from '@playwright/test';
import { newMember, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { LANGUAGE_NAMES, languageButtonDescription, tr, type Locale } from './support/texts.ts';
import { bottomNav, languageButton, logInViaUi, main, useServer } from './support/ui.ts';

const server = useServer({ registerOtp: false });

async function chooseLanguage(page: Page, from: Locale, to: Locale): Promise<void> {
  const button = languageButton(page, from);
  // Named by what it shows (WCAG 2.5.3), described by what it does.
  await expect(button).toHaveAccessibleDescription(languageButtonDescription(from));
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('list', { name: tr('Choose a language', from) });
  // The three languages, each named in its own language; the current one cannot be chosen.
  for (const locale of ['th', 'la', 'en'] as const) {
    const option = menu.getByRole('button', { name: LANGUAGE_NAMES[locale], exact: true });
    if (locale === from) await expect(option).toBeDisabled();
    else await expect(option).toBeEnabled();
  }
  await menu.getByRole('button', { name: LANGUAGE_NAMES[to], exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(languageButton(page, to)).toBeVisible();
}

async function expectStoredChoice(page: Page, locale: Locale): Promise<void> {
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe(locale);
  const cookie = (await page.context().cookies()).find((item) => item.name === 'locale');
  expect(cookie?.value).toBe(locale.toUpperCase());
  expect(await page.evaluate(() => document.cookie)).toContain(`locale=${locale.toUpperCase()}`);
  // Platforms get the BCP 47 tag: Lao is `lo`.
  await expect(page.locator('html')).toHaveAttribute('lang', locale === 'la' ? 'lo' : locale);
}

async function expectLoginPageIn(page: Page, locale: Locale): Promise<void> {
  await expect(main(page).getByRole('heading', { level: 1, name: tr('Log in', locale), exact: true })).toBeVisible();
  await expect(main(page).getByText(tr('Use the phone number and password you registered with.', locale))).toBeVisible();
  await expect(main(page).getByLabel(tr('Phone number', locale), { exact: true })).toBeVisible();
  const nav = bottomNav(page, locale);
  await expect(nav.getByRole('link', { name: tr('Register', locale), exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: tr('How to', locale), exact: true })).toBeVisible();
}

test('public pages: switch to Lao, then English; the choice is stored and survives a reload', async ({ page }) => {
  await page.goto(`${server().url}/login`);
  await expectLoginPageIn(page, 'th');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');

  await chooseLanguage(page, 'th', 'la');
  await expectLoginPageIn(page, 'la');
  await expectStoredChoice(page, 'la');

  await page.reload();
  await expectLoginPageIn(page, 'la');

  // Another public page in Lao.
  await bottomNav(page, 'la').getByRole('link', { name: tr('How to', 'la'), exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: tr('How-to videos', 'la') })).toBeVisible();

  await chooseLanguage(page, 'la', 'en');
  await expect(main(page).getByRole('heading', { level: 1, name: 'How-to videos' })).toBeVisible();
  await expectStoredChoice(page, 'en');

  await bottomNav(page, 'en').getByRole('link', { name: 'Log in', exact: true }).click();
  await expectLoginPageIn(page, 'en');
  await page.reload();
  await expectLoginPageIn(page, 'en');
  await expectStoredChoice(page, 'en');
});

test('member top bar: switch to Lao and to English; the choice is stored and survives a reload', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await logInViaUi(page, server(), member.phone, member.password);
  await expect(main(page).getByText(tr('Total balance'))).toBeVisible();

  await chooseLanguage(page, 'th', 'la');
  await expect(main(page).getByText(tr('Hello', 'la'), { exact: true })).toBeVisible();
  await expect(main(page).getByText(tr('Total balance', 'la'))).toBeVisible();
  await expect(bottomNav(page, 'la').getByRole('link', { name: tr('Statement (bottom menu)', 'la') })).toBeVisible();
  await expect(page.getByRole('button', { name: tr('Log out', 'la') })).toBeVisible();
  await expectStoredChoice(page, 'la');

  await chooseLanguage(page, 'la', 'en');
  await expect(main(page).getByText('Hello', { exact: true })).toBeVisible();
  await expect(main(page).getByText('Total balance')).toBeVisible();
  await expect(bottomNav(page, 'en').getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectStoredChoice(page, 'en');

  // Still English on the next page and after a reload (the member stays logged in).
  await bottomNav(page, 'en').getByRole('link', { name: 'Profile' }).click();
  await expect(main(page).getByRole('heading', { level: 2, name: 'Account details' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(main(page).getByRole('heading', { level: 2, name: 'Account details' })).toBeVisible();
  await expectStoredChoice(page, 'en');

  // Back to Thai.
  await chooseLanguage(page, 'en', 'th');
  await expect(main(page).getByRole('heading', { level: 2, name: tr('Account details') })).toBeVisible();
  await expectStoredChoice(page, 'th');
});

test('the language cookie alone (LA, upper case) picks the language on a first visit', async ({ page, context }) => {
  const { hostname } = new URL(server().url);
  await context.addCookies([{ name: 'locale', value: 'LA', domain: hostname, path: '/' }]);
  await page.goto(`${server().url}/login`);
  await expectLoginPageIn(page, 'la');
});
