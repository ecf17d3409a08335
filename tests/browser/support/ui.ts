/**
 * Page helpers shared by the specs: where things are, found the way a member
 * (or a screen reader) finds them: by role and by the visible Thai, Lao or
 * English text.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startBrowserServer, type BrowserServer, type BrowserServerOptions } from './app-server.ts';
import type { Config } from '../../../src/server/config.ts';
import type { Settings } from '../../../src/server/repositories/settings.ts';
import { languageButtonName, tr, type Locale } from './texts.ts';

/**
 * One real server for the spec file (or describe block) that calls this:
 * started before its first test, closed after its last one.
 */
export function useServer(overrides: Partial<Config> = {}, settings: Partial<Settings> = {}, options: BrowserServerOptions = {}): () => BrowserServer {
  let server: BrowserServer | undefined;
  test.beforeAll(async () => {
    server = await startBrowserServer(overrides, settings, options);
  });
  test.afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the server has not started');
    return server;
  };
}

export function main(page: Page): Locator {
  return page.getByRole('main');
}

export function bottomNav(page: Page, locale: Locale = 'th'): Locator {
  return page.getByRole('navigation', { name: tr('Main menu', locale) });
}

/** The language menu's own button: a disclosure button, named by what it shows, like the menu's choice of the same language. */
export function languageButton(page: Page, locale: Locale = 'th'): Locator {
  return page.getByRole('button', { name: languageButtonName(locale), exact: true }).and(page.locator('[aria-expanded]'));
}

/** A field found by its visible label, exactly (Thai 'รหัสผ่าน' is part of 'ยืนยันรหัสผ่าน'). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** The value shown next to a label in the profile's details list. */
export function detail(page: Page, label: string): Locator {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

export function path(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Logs in through the login page and waits for the member home. */
export async function logInViaUi(page: Page, server: BrowserServer, phone: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await submitLogin(page, phone, password);
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(main(page).getByText(tr('Hello'))).toBeVisible();
}

export async function submitLogin(page: Page, phone: string, password: string, locale: Locale = 'th'): Promise<void> {
  const form = main(page);
  await field(form, tr('Phone number', locale)).fill(phone);
  await field(form, tr('Password', locale)).fill(password);
  await form.getByRole('button', { name: tr('Log in', locale), exact: true }).click();
}

/** The login token wherever the app keeps it (localStorage with remember-me, sessionStorage otherwise). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
}

/** DD/MM/YYYY HH:mm:ss (spec 9) of an instant in a time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The app in English in this context (the stored language choice, before any page loads). */
export async function inEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'));
}
