/**
 * Operators for the console's browser tests: one of a given role, added by
 * the bootstrap admin over the API as the console does (POST
 * /api/ops/operators), and logged in at /ops/login with the code their
 * authenticator would show. A code is taken once per 30-second step
 * (src/server/auth/login.ts), so each login waits for a step of its own
 * (`codeOfNextFreeStep`), never sleeping a fixed time.
 */
import type { Browser, Page } from '@playwright/test';
import type { OperatorRole } from '../../../src/contract/api.ts';
import { totpCode } from '../../../src/server/auth/totp.ts';
import { api, freshPhone, loginViaApi } from './api.ts';
import type { BrowserServer } from './app-server.ts';
import { inEnglish } from './ui.ts';

export interface ConsoleOperator {
  phone: string;
  password: string;
  /** The TOTP secret of the enrolment (from its otpauth:// address). */
  secret: string;
  role: OperatorRole;
}

/** The secret of an otpauth:// address. */
export function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${totpUri}`);
  return secret;
}

/** A new operator of `role`, added by the bootstrap admin (`admin`: the server's `operator` option). */
export async function addOperator(
  server: BrowserServer,
  admin: { phone: string; password: string },
  role: OperatorRole,
  name = `Test ${role}`,
): Promise<ConsoleOperator> {
  const adminToken = await loginViaApi(server, admin.phone, admin.password);
  const phone = freshPhone();
  const answer = await api(server, 'POST', '/api/ops/operators', { token: adminToken, body: { phone, role, name } });
  if (answer.status !== 200) throw new Error(`adding an operator failed: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  const { enrolment } = answer.body as { enrolment: { password: string; totpUri: string } };
  return { phone, password: enrolment.password, secret: secretOf(enrolment.totpUri), role };
}

const used = new Map<string, number>();
const STEP_MS = 30_000;

/** A code of a 30-second step this operator has not logged in with yet (waits for the next step when needed). */
async function codeOfNextFreeStep(page: Page, secret: string): Promise<string> {
  const last = used.get(secret);
  const step = () => Math.floor(Date.now() / STEP_MS);
  if (last !== undefined && step() <= last) {
    // The server's clock is real time: wait until the next step begins.
    await page.waitForFunction((until) => Date.now() >= until, (last + 1) * STEP_MS, { timeout: STEP_MS + 5_000, polling: 250 });
  }
  used.set(secret, step());
  return totpCode(secret, new Date());
}

/** Logs `operator` in at /ops/login on `page` (in English) and waits for the console. */
export async function logInToConsole(page: Page, server: BrowserServer, operator: ConsoleOperator): Promise<void> {
  await page.goto(`${server.url}/ops/login`);
  await page.getByLabel('Phone number', { exact: true }).fill(operator.phone);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByLabel('Authenticator code', { exact: true }).fill(await codeOfNextFreeStep(page, operator.secret));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

/** A page of its own (a browser context: the operator's storage, apart from any member's) at `viewport`, logged in. */
export async function consolePage(
  browser: Browser,
  server: BrowserServer,
  operator: ConsoleOperator,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await inEnglish(context);
  const page = await context.newPage();
  await logInToConsole(page, server, operator);
  return page;
}

/**
 * The bootstrap admin (the server's `operator` option) in the console at
 * `viewport`, in English: outside production their password alone lets them in.
 */
export async function bootstrapAdminPage(browser: Browser, server: BrowserServer, admin: { phone: string; password: string }, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await inEnglish(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/ops/login`);
  await page.getByLabel('Phone number', { exact: true }).fill(admin.phone);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}
