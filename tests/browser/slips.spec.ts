/**
 * spec 2, 7, 8, 9: transfer slips in Chromium at the
 * suite's 390 x 844 phone viewport, against the real server. A member
 * uploads a generated slip (a picture carrying a bank's slip QR with a
 * reference) in the deposit modal, sees it in progress in the statement's
 * slip modal; the operator approves it; the balance rises, the slip shows
 * SUCCESS and the statement a deposit. The same slip again is refused as a
 * duplicate, and a text file named .png is refused, each with its catalogue
 * text.
 *
 * The server allows one slip a minute per member (REQUEST_LIMIT_1MIN). The
 * duplicate is the same member's same slip, so the test moves the server's
 * clock a minute on (BrowserServer.advanceClock) rather than waiting.
 *
 * With the slip verifier on (SLIP_VERIFIER=easyslip against its local fake;
 * docs/decisions/0137-slip-verification.md), a slip the bank confirms is
 * credited as it is sent: the member reads it, and the balance behind the
 * modal shows it at once.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { bankSlipPayload, newSlipReference, slipImage } from '../support/slip-image.ts';
import { FAKE_EASYSLIP_API_KEY, startFakeEasySlip, type FakeEasySlip } from '../../src/server/slips/easyslip-fake.ts';
import { startBrowserServer, type BrowserServer } from './support/app-server.ts';
import { expectAccessible } from './support/axe.ts';
import { callOk, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { tr } from './support/texts.ts';
import { bottomNav, logInViaUi, main, useServer } from './support/ui.ts';

const OPERATOR = { phone: '0899999992', password: 'operator-pass-1234' };
const server = useServer({ operator: OPERATOR });

/** The texts of this suite in Thai (locales/th: member.po and errors.po); English is the message id. */
const TH = {
  'Upload your transfer slip': 'อัปโหลดสลิปการโอนเงิน',
  'Choose slip image': 'เลือกรูปสลิป',
  'Upload slip': 'อัปโหลดสลิป',
  'Cancel upload': 'ยกเลิกการอัปโหลด',
  'Slip upload': 'การอัปโหลดสลิป',
  'Slip received': 'ได้รับสลิปแล้ว',
  'Deposit credited': 'เติมเงินเข้ากระเป๋าแล้ว',
  'The slip was not taken': 'ไม่สามารถรับสลิปนี้ได้',
  'Upload another slip': 'อัปโหลดสลิปอื่น',
  'Slip uploads': 'สถานะสลิป',
  'Slip pages': 'หน้ารายการสลิป',
  Refresh: 'รีเฟรช',
  'View image': 'ดูรูปสลิป',
  Deposit: 'ฝากเงิน',
  Success: 'สำเร็จ',
  Failed: 'ไม่สำเร็จ',
  // errors.po: SLIP_NO_FILE, SLIP_INVALID_FILE, SLIP_REFNO_DUPLICATED
  'Choose a slip image to upload.': 'กรุณาเลือกรูปสลิปที่จะอัปโหลด',
  'This file is not a valid slip image. Upload a photo of the slip.': 'ไฟล์นี้ไม่ใช่รูปสลิปที่ถูกต้อง กรุณาอัปโหลดรูปถ่ายสลิป',
  'This slip was already uploaded.': 'สลิปนี้ถูกอัปโหลดไปแล้ว',
} as const;

/** A page link's name ('Page {page}'). */
const PAGE = (page: number) => ({ name: `หน้า ${page}`, exact: true });

const money = (amount: number, sign = '') =>
  `${sign}฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface OpsSlipJson {
  id: string;
  username: string;
  reference: string;
  status: string;
}

// ---------------------------------------------------------------- where things are

async function openDepositModal(page: Page): Promise<Locator> {
  await main(page).getByRole('region', { name: tr('Wallet actions') }).getByRole('button', { name: TH.Deposit }).click();
  const modal = page.getByRole('dialog', { name: TH.Deposit });
  await expect(modal).toBeVisible();
  // The bank transfer is the first way shown; the slip upload is at its end.
  return modal.getByRole('region', { name: TH['Upload your transfer slip'] });
}

async function pick(slipSection: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await slipSection.locator('input[type=file]').setInputFiles(file);
  await expect(slipSection.getByText(file.name, { exact: true })).toBeVisible();
}

async function openSlipModal(page: Page): Promise<Locator> {
  if (!new URL(page.url()).pathname.endsWith('/user/statement')) {
    await bottomNav(page).getByRole('link', { name: tr('Statement (bottom menu)') }).click();
  }
  await main(page).getByRole('button', { name: TH['Slip uploads'] }).click();
  const modal = page.getByRole('dialog', { name: TH['Slip uploads'] });
  await expect(modal).toBeVisible();
  await expectAccessible(page, 'the slip modal');
  return modal;
}

/** Holds the next slip upload at the network until released: the progress and cancel stay on screen meanwhile. */
async function holdUploads(page: Page): Promise<{ release: () => void; held: Promise<Route> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (arrived = resolve));
  await page.route('**/api/wallet/slip', async (route) => {
    arrived(route);
    await gate;
    // A cancelled upload was aborted by the page: nothing is left to send on.
    await route.continue().catch(() => undefined);
  });
  return { release, held };
}

/** Keeps every value the upload's progress bar shows (aria-valuenow) in window.progressShown, however briefly. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: number[] = [];
    (window as unknown as { progressShown: number[] }).progressShown = shown;
    const keep = (element: Element) => {
      const value = element.getAttribute('aria-valuenow');
      if (element.getAttribute('role') === 'progressbar' && value !== null) shown.push(Number(value));
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'attributes') keep(mutation.target as Element);
        for (const node of mutation.addedNodes) {
          if (node instanceof Element) [node, ...node.querySelectorAll('[role=progressbar]')].forEach(keep);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

test('a slip: refused when it is no image; uploaded with progress; in progress, then approved and credited; the same slip again is a duplicate', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await logInViaUi(page, server(), member.phone, member.password);
  const token = await loginViaApi(server(), member.phone, member.password);
  const reference = newSlipReference();
  const slip = { name: 'slip.png', mimeType: 'image/png', buffer: await slipImage({ payload: bankSlipPayload(reference) }) };
  const AMOUNT = 250;

  const section = await openDepositModal(page);

  await test.step('nothing picked: the pre-check asks for a slip image and sends nothing', async () => {
    await section.getByRole('button', { name: TH['Upload slip'] }).click();
    await expect(section.getByRole('alert')).toHaveText(TH['Choose a slip image to upload.']);
  });

  await test.step('a text file named .png: the server reads its content and refuses it (SLIP_INVALID_FILE)', async () => {
    await pick(section, { name: 'slip-notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture, just words\n'.repeat(20)) });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/wallet/slip');
    await section.getByRole('button', { name: TH['Upload slip'] }).click();
    expect(await (await answer).json()).toEqual({ message: 'SLIP_INVALID_FILE' });
    await expect(section.getByText(TH['The slip was not taken'])).toBeVisible();
    await expect(section.getByRole('alert')).toHaveText(TH['This file is not a valid slip image. Upload a photo of the slip.']);
  });

  await test.step('the generated slip: a cancelled upload goes back to the picked file; the next shows its progress, then "received"', async () => {
    await pick(section, slip);
    const hold = await holdUploads(page);
    await section.getByRole('button', { name: TH['Upload slip'] }).click();
    await hold.held;
    await expect(section.getByRole('progressbar', { name: TH['Slip upload'] })).toBeVisible();
    await section.getByRole('button', { name: TH['Cancel upload'] }).click();
    await expect(section.getByRole('progressbar')).toBeHidden();
    await expect(section.getByText(slip.name, { exact: true })).toBeVisible();
    hold.release();
    await page.unroute('**/api/wallet/slip');

    // On a slow uplink (Chrome's network emulation, 40 KB/s) the bar moves; every value it shows is recorded.
    await recordProgress(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 40_000 });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/wallet/slip');
    await section.getByRole('button', { name: TH['Upload slip'] }).click();
    const response = await answer;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ message: 'SUCCESS', slip: { status: 'PENDING', reference, amount: 0 } });
    const shown = await page.evaluate(() => (window as unknown as { progressShown: number[] }).progressShown);
    expect(shown.some((value) => value > 0 && value < 100), `progress shown: ${shown.join(', ')}`).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await expect(section.getByRole('status')).toHaveText(TH['Slip received']);
  });

  await test.step('the slip modal shows it in progress: no amount yet (a dash), and a link to its image', async () => {
    await page.keyboard.press('Escape');
    const modal = await openSlipModal(page);
    const rows = modal.getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(tr('In progress'));
    await expect(rows.first()).toContainText('–');
    const view = rows.first().getByRole('link', { name: TH['View image'] });
    await expect(view).toHaveAttribute('target', '_blank');
    // The signed link serves the stored image (re-encoded by the server) without the API's headers.
    const image = await page.request.get(new URL((await view.getAttribute('href'))!, server().url).href);
    expect([image.status(), image.headers()['content-type']]).toEqual([200, expect.stringMatching(/^image\//)]);
  });

  await test.step('the operator approves it: the slip shows SUCCESS with its amount, the wallet and the statement the deposit', async () => {
    const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
    const { slips } = (await callOk(server(), 'GET', '/api/ops/slips?status=PENDING', operator)) as { slips: OpsSlipJson[] };
    const waiting = slips.find((candidate) => candidate.reference === reference);
    expect(waiting).toMatchObject({ username: member.phone, status: 'PENDING' });
    await callOk(server(), 'POST', `/api/ops/slips/${waiting!.id}/approved`, operator, { amount: AMOUNT });

    const modal = page.getByRole('dialog', { name: TH['Slip uploads'] });
    await modal.getByRole('button', { name: TH.Refresh }).click();
    const row = modal.getByRole('listitem').first();
    await expect(row).toContainText(TH.Success);
    await expect(row).toContainText(money(AMOUNT));

    const wallet = (await callOk(server(), 'GET', '/api/wallet', token)) as { wallet: { amount: number } };
    expect(wallet.wallet.amount).toBe(AMOUNT);
    await page.keyboard.press('Escape');
    // The home reads the wallet again: the balance rose.
    await bottomNav(page).getByRole('link', { name: tr('Home') }).click();
    const balance = main(page).locator('section').filter({ has: page.getByText(tr('Total balance'), { exact: true }) });
    await expect(balance.getByRole('paragraph').filter({ hasText: '฿' })).toHaveText(money(AMOUNT));
    await bottomNav(page).getByRole('link', { name: tr('Statement (bottom menu)') }).click();
    const entries = main(page).getByRole('list', { name: tr('Statement') }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(TH.Deposit);
    await expect(entries.first()).toContainText(`${money(AMOUNT, '+')}${TH.Success}`);
  });

  await test.step('a minute later, the same slip again: refused as a duplicate (409), kept FAILED with its reason', async () => {
    server().advanceClock(61_000);
    await bottomNav(page).getByRole('link', { name: tr('Home') }).click();
    const again = await openDepositModal(page);
    await pick(again, slip);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/wallet/slip');
    await again.getByRole('button', { name: TH['Upload slip'] }).click();
    const response = await answer;
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ message: 'SLIP_REFNO_DUPLICATED', slip: { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' } });
    await expect(again.getByRole('alert')).toHaveText(TH['This slip was already uploaded.']);
    const wallet = (await callOk(server(), 'GET', '/api/wallet', token)) as { wallet: { amount: number } };
    expect(wallet.wallet.amount).toBe(AMOUNT);

    await page.keyboard.press('Escape');
    const modal = await openSlipModal(page);
    const rows = modal.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(TH.Failed);
    await expect(rows.first()).toContainText(TH['This slip was already uploaded.']);
    await expect(rows.nth(1)).toContainText(TH.Success);
  });
});

test('the slip modal: 10 slips a page, newest first; its page links are buttons; refresh reads the page again; no sideways scroll at 360 px', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  const token = await loginViaApi(server(), member.phone, member.password);
  // Twelve slips, a minute apart (the server takes one a minute), sent as the SPA sends them.
  for (let count = 0; count < 12; count += 1) {
    const reference = newSlipReference();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await slipImage({ payload: bankSlipPayload(reference) }))], { type: 'image/png' }), 'slip.png');
    const response = await fetch(new URL('/api/wallet/slip', server().url), {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    server().advanceClock(61_000);
  }
  await logInViaUi(page, server(), member.phone, member.password);
  const modal = await openSlipModal(page);
  const pages = modal.getByRole('navigation', { name: TH['Slip pages'] });
  const rows = modal.getByRole('list').first().getByRole('listitem');
  await expect(rows).toHaveCount(10);
  await expect(pages.getByRole('button', PAGE(1))).toHaveAttribute('aria-current', 'page');
  const times = await rows.locator('time').evaluateAll((elements) => elements.map((element) => element.getAttribute('datetime')!));
  expect(times).toEqual([...times].sort().reverse());
  expect(new Set(times).size).toBe(10);

  await pages.getByRole('button', PAGE(2)).click();
  await expect(rows).toHaveCount(2);
  await expect(pages.getByRole('button', PAGE(2))).toHaveAttribute('aria-current', 'page');
  // The oldest two, each with a link to its own image.
  const links = await rows.getByRole('link', { name: TH['View image'] }).evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(new Set(links).size).toBe(2);

  const reread = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/statement/slip' && request.postDataJSON().page === 2);
  await modal.getByRole('button', { name: TH.Refresh }).click();
  await reread;
  await expect(rows).toHaveCount(2);
  expect((await callOk(server(), 'POST', '/api/statement/slip', token, { page: 2, limit: 10 })).total).toBe(12);

  // Stacked cards: nothing scrolls sideways on a 360 px phone (docs/product/ui.md).
  await page.setViewportSize({ width: 360, height: 640 });
  await pages.getByRole('button', PAGE(1)).click();
  await expect(rows).toHaveCount(10);
  const [scrollWidth, clientWidth] = await modal.evaluate((dialog) => [dialog.scrollWidth, dialog.clientWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe('with the slip verifier', () => {
  let easyslip: FakeEasySlip;
  let verifying: BrowserServer;
  test.beforeAll(async () => {
    easyslip = await startFakeEasySlip();
    verifying = await startBrowserServer({ slipVerifier: { provider: 'easyslip', apiKey: FAKE_EASYSLIP_API_KEY, apiUrl: easyslip.url } });
  });
  test.afterAll(async () => {
    await verifying?.close();
    await easyslip?.close();
  });

  test('a slip the bank confirms is credited as it is sent, and the balance behind the modal shows it at once', async ({ page }) => {
    const member = newMember();
    await registerViaApi(verifying, member);
    await logInViaUi(page, verifying, member.phone, member.password);
    const AMOUNT = 420;
    // From the member's registered KBank account to our KBank deposit account (seed-data.ts), five minutes ago.
    const payload = easyslip.add({
      amount: AMOUNT,
      date: new Date(Date.now() - 5 * 60_000).toISOString(),
      sender: { bankId: '004', accountNo: member.accountNo, name: `${member.firstName} ${member.lastName}` },
      receiver: { bankId: '004', accountNo: '0418812345', name: 'MEKONG WALLET CO LTD' },
    });
    // CSS, not roles: the open modal hides the page behind it from the accessibility tree.
    const balance = page.locator('main section').filter({ has: page.getByText(tr('Total balance'), { exact: true }) }).locator('p').filter({ hasText: '฿' });
    await expect(balance).toHaveText(money(0));

    const section = await openDepositModal(page);
    await pick(section, { name: 'slip.png', mimeType: 'image/png', buffer: await slipImage({ payload }) });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/wallet/slip');
    await section.getByRole('button', { name: TH['Upload slip'] }).click();
    expect(await (await answer).json()).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS', amount: AMOUNT } });
    await expect(section.getByRole('status')).toHaveText(TH['Deposit credited']);
    await expect(section).toContainText(money(AMOUNT));
    // The home heard of it and read the wallet: the balance card under the open modal has the money.
    await expect(balance).toHaveText(money(AMOUNT));
    // The wallet's news of it comes over the socket too, as a toast (checked with the page when it has shown).
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `฿${AMOUNT}.00` })).toBeVisible();
  });
});
