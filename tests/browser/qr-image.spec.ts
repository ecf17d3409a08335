/**
 * Paying a deposit QR from the same phone (docs/decisions/0087-saving-the-qr-picture.md). In Chromium at the
 * suite's 390 x 844 phone viewport, in Thai, Lao and English, a member
 * creates a QR, sees it in the Thai QR Payment frame, and saves it with the
 * keyboard; the saved PNG, read by ZXing as a banking app reads a picture,
 * is exactly the payload the server holds open, with a valid CRC, at a size
 * banking apps read (the code at least 600 px). Where the browser can share
 * files the picture goes to the share sheet instead of a download.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'promptparse';
import { readQrCodes } from '../support/read-qr.ts';
import { callOk, loginViaApi, newMember, registerViaApi, type Member } from './support/api.ts';
import type { BrowserServer } from './support/app-server.ts';
import { expect, test } from './support/fixtures.ts';
import { tr, type Locale } from './support/texts.ts';
import { main, submitLogin, useServer } from './support/ui.ts';

const HEADER = 'THAI QR PAYMENT · PromptPay';

interface QrJson {
  qrcodeId: string | null;
  hasQrcode: boolean;
  payload: string;
  receiverName: string;
  amount: number;
  expireIn: number;
}

/** A new member logged in on the page in `locale`; the token of another device of theirs. */
async function memberIn(page: Page, server: BrowserServer, locale: Locale): Promise<{ member: Member; token: string }> {
  await page.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
  const member = newMember();
  await registerViaApi(server, member);
  await page.goto(`${server.url}/login`);
  await submitLogin(page, member.phone, member.password, locale);
  await expect(page).toHaveURL(/\/user\/home$/);
  return { member, token: await loginViaApi(server, member.phone, member.password) };
}

/** HH:mm on this machine's clock (the page runs in the same time zone). */
const clock = (epochMilliseconds: number) => {
  const at = new Date(epochMilliseconds);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

/** Opens the deposit modal on KBANK QR, creates a QR for `amount` by typing it, and answers the panel and the server's answer. */
async function createQr(page: Page, locale: Locale, amount: number): Promise<{ panel: Locator; qr: QrJson; validUntil: string[] }> {
  await main(page).getByRole('region', { name: tr('Wallet actions', locale) }).getByRole('button', { name: tr('Deposit', locale) }).click();
  const modal = page.getByRole('dialog', { name: tr('Deposit', locale) });
  await modal.getByRole('radio', { name: tr('QR code', locale), exact: true }).check();
  const panel = modal.getByRole('region', { name: tr('QR code', locale), exact: true });
  await panel.getByRole('radio', { name: 'KBANK QR', exact: true }).check();
  await panel.getByLabel(tr('Amount', locale), { exact: true }).filter({ visible: true }).fill(String(amount));

  const before = Date.now();
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/qrcode/KBANK' && response.request().method() === 'POST');
  await panel.getByRole('button', { name: tr('Create QR code', locale) }).click();
  const qr = (await (await answer).json()) as QrJson;
  const after = Date.now();
  expect(qr).toMatchObject({ hasQrcode: true, amount });
  // The end of the countdown on the device's clock: the answer came between `before` and `after`.
  const validUntil = [...new Set([clock(before + qr.expireIn * 1000), clock(after + qr.expireIn * 1000)])];
  return { panel, qr, validUntil };
}

/** The saved picture's QR codes, read by ZXing; exactly one, the size banking apps read. */
async function expectPictureOf(picture: Uint8Array, payload: string): Promise<void> {
  const codes = await readQrCodes(picture);
  expect(codes.map((code) => code.text)).toEqual([payload]);
  expect(codes[0]!.side).toBeGreaterThanOrEqual(600);
  // A valid Thai QR Payment: promptparse's strict parse checks the CRC in tag 63.
  const parsed = parse(codes[0]!.text, true, true);
  expect(parsed?.validate('63')).toBe(true);
  expect(parsed?.getTagValue('54')).toBe('100.00');
}

test.describe('saving the deposit QR as a picture', () => {
  const server = useServer();

  for (const locale of ['th', 'la', 'en'] as const) {
    test(`${locale}: the framed QR saves, by keyboard, as a PNG that reads as the QR the server holds open`, async ({ page }) => {
      const { token } = await memberIn(page, server(), locale);
      const { panel, qr, validUntil } = await createQr(page, locale, 100);

      const frame = panel.getByRole('figure');
      await test.step('the frame shows the scheme, the code, the amount, the time it is valid until and the receiver', async () => {
        await expect(frame.getByText(HEADER, { exact: true })).toBeVisible();
        await expect(frame.getByRole('img', { name: /KBANK QR/ })).toBeVisible();
        await expect(frame).toContainText(/100[.,]00/);
        const until = frame.getByText(new RegExp(tr('Valid until {until}', locale).replace('{until}', '(\\d\\d:\\d\\d)')));
        await expect(until).toBeVisible();
        const shown = /(\d\d:\d\d)/.exec((await until.textContent())!)![1]!;
        expect(validUntil).toContain(shown);
        expect(qr.receiverName).toBe('MEKONG WALLET CO LTD');
        await expect(frame).toContainText(`${tr('Pay to', locale)} ${qr.receiverName}`);
      });

      await test.step('the save button is reached with Tab from the provider choice and pressed with Enter: a PNG downloads', async () => {
        const save = panel.getByRole('button', { name: tr('Save QR image', locale), exact: true });
        await expect(save).toBeEnabled();
        await panel.getByRole('radio', { name: 'KBANK QR', exact: true }).focus();
        for (let presses = 0; presses < 8 && !(await save.evaluate((button) => button === document.activeElement)); presses += 1) {
          await page.keyboard.press('Tab');
        }
        await expect(save).toBeFocused();
        const download = page.waitForEvent('download');
        await page.keyboard.press('Enter');
        const saved = await download;

        // The file's name carries the amount and the time it is valid until.
        const until = (await frame.getByText(/\d\d:\d\d/).textContent())!.match(/(\d\d):(\d\d)/)!;
        expect(saved.suggestedFilename()).toMatch(new RegExp(`^thai-qr-100\\.00-THB-\\d{8}-${until[1]}${until[2]}\\.png$`));
        const picture = new Uint8Array(await readFile((await saved.path())!));
        expect([...picture.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

        // What the picture reads as is the QR the server holds open for this member, as another device of theirs sees it.
        const open = (await callOk(server(), 'GET', '/api/qrcode/KBANK', token)) as unknown as QrJson;
        expect(open).toMatchObject({ hasQrcode: true, qrcodeId: qr.qrcodeId, payload: qr.payload });
        await expectPictureOf(picture, open.payload);
        await expect(panel.getByRole('status').filter({ hasText: tr('QR image saved. In your banking app, tap scan and choose this picture.', locale) })).toBeVisible();
      });
    });
  }

  test('where the browser shares files, the picture goes to the share sheet; closing the sheet saves nothing and says nothing', async ({ page }) => {
    // Chromium on Linux has no Web Share: a share sheet that records what it was given, as Android's would take it.
    await page.addInitScript(() => {
      const shared: { name: string; type: string; bytes: number[] }[] = [];
      const sheet = { shared, opened: 0, close: true };
      Object.assign(window, { shareSheet: sheet });
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data?: ShareData) => Boolean(data?.files?.length && data.files.every((file) => file.type === 'image/png')),
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          sheet.opened += 1;
          if (sheet.close) throw new DOMException('Share canceled', 'AbortError');
          for (const file of data.files ?? []) shared.push({ name: file.name, type: file.type, bytes: [...new Uint8Array(await file.arrayBuffer())] });
        },
      });
    });
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    const { token } = await memberIn(page, server(), 'en');
    const { panel, qr } = await createQr(page, 'en', 100);
    const save = panel.getByRole('button', { name: 'Save QR image', exact: true });
    const status = panel.getByRole('status').filter({ hasText: /QR image/ });

    const sheet = () => page.evaluate(() => (window as unknown as { shareSheet: { opened: number; shared: { name: string; type: string; bytes: number[] }[] } }).shareSheet);
    await save.click();
    await expect.poll(async () => (await sheet()).opened).toBe(1);
    await expect(save).toBeEnabled();
    await expect(status).toHaveCount(0);

    await page.evaluate(() => Object.assign((window as unknown as { shareSheet: { close: boolean } }).shareSheet, { close: false }));
    await save.click();
    await expect(status).toHaveText('QR image shared. Pay it in your banking app.');
    const { opened, shared } = await sheet();
    expect(opened).toBe(2);
    expect(shared.map(({ name, type }) => ({ name, type }))).toEqual([{ name: expect.stringMatching(/^thai-qr-100\.00-THB-\d{8}-\d{4}\.png$/), type: 'image/png' }]);
    const open = (await callOk(server(), 'GET', '/api/qrcode/KBANK', token)) as unknown as QrJson;
    expect(open.qrcodeId).toBe(qr.qrcodeId);
    await expectPictureOf(new Uint8Array(shared[0]!.bytes), open.payload);
    expect(downloads).toBe(0);
  });
});
