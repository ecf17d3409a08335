/**
 * The operator's notice on the member home and spec 3's `last_sync`, on the
 * two phone sizes and in the three languages
 * (docs/decisions/0139-last-sync.md, 0140-the-notice-on-the-home.md).
 * An operator writes the notice through the API; the member reads it in
 * their language above the widgets, dismisses it, it stays dismissed after a
 * reload, and a changed text shows again. It is HTML, cleaned by the server
 * and sanitised again by the home: its markup shows (bold), and nothing in
 * it runs. The home's page draws it before its scripts have run, where and
 * as large as the home then shows it, and leaves a dismissed one out. After a reload the home says when its
 * figures were last read (from `last_sync`) until the wallet answers; an
 * old read is refreshed first; signing out clears it.
 */
import type { Locator, Page } from '@playwright/test';
import { api, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { tr, type Locale } from './support/texts.ts';
import { main, submitLogin, useServer } from './support/ui.ts';

const TIME_ZONE = 'Asia/Bangkok';
test.use({ timezoneId: TIME_ZONE });

const OPERATOR = { phone: '0899999991', password: 'operator-pass-1234' };
const server = useServer({ operator: OPERATOR });

const LANGUAGES: Locale[] = ['th', 'la', 'en'];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];

/**
 * The notice in each language, marked so that one test's text is never
 * another's, with the markup an operator might write: bold stays, a
 * handler that would run goes (the server cleans it, the home sanitises again).
 */
function noticeTexts(mark: string) {
  const pwned = '<img src=x onerror="window.__pwned=1">';
  return {
    th: `<strong>สงกรานต์</strong> โบนัสพิเศษ ${pwned} (${mark})`,
    la: `<strong>ບຸນປີໃໝ່</strong> ໂບນັດພິເສດ ${pwned} (${mark})`,
    en: `<strong>Songkran</strong> bonus ${pwned} (${mark})`,
  };
}

/** What a member reads of a notice: its bold words and its whole text. */
function noticeRead(mark: string) {
  return {
    th: { bold: 'สงกรานต์', text: `สงกรานต์ โบนัสพิเศษ (${mark})` },
    la: { bold: 'ບຸນປີໃໝ່', text: `ບຸນປີໃໝ່ ໂບນັດພິເສດ (${mark})` },
    en: { bold: 'Songkran', text: `Songkran bonus (${mark})` },
  };
}

/** The notice shows this text, its first words in bold, and nothing of it ran. */
async function expectNotice(page: Page, notice: Locator, read: { bold: string; text: string }): Promise<void> {
  await expect(notice.locator('strong')).toHaveText(read.bold);
  expect(await notice.locator('strong').evaluate((element) => Number(getComputedStyle(element).fontWeight))).toBeGreaterThanOrEqual(600);
  // Spaces compared collapsed, as HTML lays them out: the dropped <img> leaves two between the words.
  await expect(notice.locator('.notice__text')).toHaveText(read.text);
  await expect(notice.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
}

async function setNotice(notice: Record<Locale, string>): Promise<void> {
  const token = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
  const answer = await api(server(), 'PUT', '/api/ops/settings/notice', { token, body: { notice } });
  expect(answer.status).toBe(200);
}

/** HH:mm:ss of an instant in the test's time zone, as the home shows a time of today. */
function clockTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

const isPath = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path;

/**
 * Reloads the home and waits until it has settled its notice (the widgets show once it has). The notice
 * comes with the page, in the member's language, not from a read of its own
 * (docs/decisions/0147-the-member-home-paints-first.md); `reads` says whether the home asked the server.
 */
async function reloadHome(page: Page, locale: Locale): Promise<{ reads: number }> {
  let reads = 0;
  const count = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === '/api/lookup/notice') reads++;
  };
  page.on('request', count);
  const document = page.waitForResponse(isPath('/user/home'));
  await page.reload();
  expect(await (await document).text()).toMatch(new RegExp(`<script type="application/json" id="notice-answer" data-language="[a-z]{2}">`));
  await expect(main(page).getByText(tr('Hello', locale))).toBeVisible();
  await expect(main(page).getByRole('region', { name: tr('Wallet actions', locale) })).toBeVisible();
  page.off('request', count);
  return { reads };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The notice's text's box in the page (not the viewport), or null when the page shows none. */
function noticeTextBox(page: Page): Promise<Box | null> {
  return page.evaluate(() => {
    const box = document.querySelector('.notice__text')?.getBoundingClientRect();
    return box ? { x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: box.height } : null;
  });
}

/**
 * What the home's page draws before any script has run (its shell,
 * docs/decisions/0152-the-home-page-comes-drawn.md), on another tab of the
 * member's browser: where it draws the notice's text, or null when it draws none.
 */
async function shellNoticeBox(page: Page): Promise<Box | null> {
  const shell = await page.context().newPage();
  try {
    await shell.route(/\.js$/, (route) => route.abort());
    await shell.goto(`${server().url}/user/home`);
    await shell.evaluate(() => document.fonts.ready);
    await expect(shell.locator('.app-shell__balance')).toBeVisible();
    return await noticeTextBox(shell);
  } finally {
    await shell.close();
  }
}

function balanceCard(page: Page, locale: Locale) {
  return main(page).locator('section').filter({ has: page.getByText(tr('Total balance', locale), { exact: true }) });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const locale of LANGUAGES) {
      test(`${locale}: the notice shows, stays dismissed, comes back changed; the home says its last read`, async ({ page }) => {
        const mark = `${viewport.width}-${locale}-${Date.now()}`;
        await setNotice(noticeTexts(mark));
        const member = newMember();
        await registerViaApi(server(), member);
        await page.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
        await page.goto(`${server().url}/login`);
        await submitLogin(page, member.phone, member.password, locale);
        await expect(page).toHaveURL(/\/user\/home$/);

        const notice = main(page).getByRole('region', { name: tr('Notice', locale), exact: true });
        const card = balanceCard(page, locale);

        await test.step('the operator\'s notice shows in the member\'s language, above the widgets, its markup shown and nothing run', async () => {
          await expect(notice).toBeVisible();
          await expectNotice(page, notice, noticeRead(mark)[locale]);
          const widgets = main(page).getByRole('region', { name: tr('Wallet actions', locale) });
          expect((await notice.boundingBox())!.y).toBeLessThan((await widgets.boundingBox())!.y);
          await noSidewaysScroll(page);
          const close = notice.getByRole('button', { name: tr('Dismiss notice', locale) });
          const box = (await close.boundingBox())!;
          expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
        });

        await test.step('the page draws it before its scripts have run, in the place and size the home gives it', async () => {
          await page.evaluate(() => document.fonts.ready);
          const shown = await noticeTextBox(page);
          expect(shown).not.toBeNull();
          expect(await shellNoticeBox(page)).toEqual(shown);
        });

        await test.step('dismissed, it goes, and stays gone after a reload', async () => {
          await notice.getByRole('button', { name: tr('Dismiss notice', locale) }).click();
          await expect(notice).toHaveCount(0);
          // The page leaves it out too: no notice drawn and then taken away.
          expect(await shellNoticeBox(page)).toBeNull();
          expect(await reloadHome(page, locale)).toEqual({ reads: 0 });
          await expect(card.getByText(tr('Updated', locale))).toBeVisible();
          await expect(notice).toHaveCount(0);
        });

        await test.step('the operator changes the text: it shows again, from the page', async () => {
          await setNotice(noticeTexts(`${mark} changed`));
          expect(await reloadHome(page, locale)).toEqual({ reads: 0 });
          await expectNotice(page, notice, noticeRead(`${mark} changed`)[locale]);
          expect(await shellNoticeBox(page)).toEqual(await noticeTextBox(page));
        });

        await test.step('a page in another language than the device remembers: the home asks the server', async () => {
          const other = LANGUAGES.find((language) => language !== locale)!;
          await page.context().addCookies([{ name: 'locale', value: other.toUpperCase(), url: server().url }]);
          expect(await reloadHome(page, locale)).toEqual({ reads: 1 });
          await expectNotice(page, notice, noticeRead(`${mark} changed`)[locale]);
        });

        await test.step('last_sync holds the last read; after a reload the home says it until the wallet answers', async () => {
          const shown = await card.locator('time').getAttribute('datetime');
          expect(await page.evaluate(() => localStorage.getItem('last_sync'))).toBe(shown);

          // The wallet answers only when let go: a slow network.
          let letGo!: () => void;
          const slow = new Promise<void>((resolve) => (letGo = resolve));
          const reads: string[] = [];
          await page.route(/\/api\/wallet(\/refresh\/slot)?$/, async (route) => {
            reads.push(new URL(route.request().url()).pathname);
            await slow;
            await route.continue();
          });
          await page.reload();
          const lastRead = card.getByText(tr('Last checked', locale));
          await expect(lastRead).toBeVisible();
          await expect(lastRead.locator('time')).toHaveAttribute('datetime', shown!);
          await expect(lastRead.locator('time')).toHaveText(clockTime(shown!));
          // Read a moment ago: a plain read, no refresh of every game first.
          await expect.poll(() => reads).toEqual(['/api/wallet']);
          letGo();
          await expect(card.getByText(tr('Updated', locale))).toBeVisible();
          await page.unroute(/\/api\/wallet(\/refresh\/slot)?$/);
          const latest = await card.locator('time').getAttribute('datetime');
          expect(Date.parse(latest!)).toBeGreaterThanOrEqual(Date.parse(shown!));
          expect(await page.evaluate(() => localStorage.getItem('last_sync'))).toBe(latest);
        });

        await test.step('a read older than five minutes is refreshed first', async () => {
          const old = new Date(Date.now() - 6 * 60_000).toISOString();
          await page.evaluate((iso) => localStorage.setItem('last_sync', iso), old);
          const refresh = page.waitForResponse(isPath('/api/wallet/refresh/slot'));
          await page.reload();
          expect((await refresh).status()).toBe(200);
          await expect(card.getByText(tr('Updated', locale))).toBeVisible();
          await noSidewaysScroll(page);
        });

        await test.step('signing out clears last_sync with the token', async () => {
          await page.getByRole('button', { name: tr('Log out', locale) }).click();
          await expect(page).toHaveURL(/\/login$/);
          expect(await page.evaluate(() => [localStorage.getItem('last_sync'), localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null, null]);
        });
      });
    }
  });
}
