/**
 * Screens members meet on the phone at 390 x 844 (and 360 x 640 where the
 * layout is the point), each as the member sees it, with a screenshot in the
 * test's output: the invite bonus's Receive while a bonus is held says why
 * before confirm; an agent's end of the conversation shows in the member's
 * open chat at once; the Lao registration lists no bank in Thai script; the
 * wheel names each prize in the member's currency only; the bonus banners'
 * art shows whole; the agent inbox previews a last picture as one.
 */
import type { Browser, Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_WHEEL } from '../../src/server/db/seed-data.ts';
import { api, freshPhone, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { wizard } from './support/registration.ts';
import { bottomNav, inEnglish, main, submitLogin, useServer } from './support/ui.ts';
import { bootstrapAdminPage } from './support/console.ts';

const OPERATOR = { phone: '0899999917', password: 'operator-pass-1717' };
const server = useServer({ operator: OPERATOR }, { registerOTP: false });
test.use({ viewport: { width: 390, height: 844 } });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' });
}

/** A registered member, signed in through the login page, in English. */
async function signedInMember(page: Page): Promise<{ phone: string; password: string }> {
  await inEnglish(page.context());
  const member = newMember({ name: 'Somchai Jaidee' });
  await registerViaApi(server(), member);
  await page.goto(`${server().url}/login`);
  await submitLogin(page, member.phone, member.password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(main(page).getByRole('region', { name: 'Wallet actions' })).toBeVisible();
  return member;
}

/**
 * How much of an image's art its box shows: 'whole', or how far the box cuts
 * it (object-fit cover scales the art past the box and crops its edges).
 */
function artFit(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => {
      const box = image.getBoundingClientRect();
      const { objectFit } = getComputedStyle(image);
      const scaleX = box.width / image.naturalWidth;
      const scaleY = box.height / image.naturalHeight;
      const scale = objectFit === 'cover' ? Math.max(scaleX, scaleY) : objectFit === 'contain' ? Math.min(scaleX, scaleY) : NaN;
      const cut = Math.max(image.naturalWidth * scale - box.width, image.naturalHeight * scale - box.height);
      return Number.isNaN(scale) ? `object-fit ${objectFit}` : cut > 0.5 ? `cut by ${cut.toFixed(1)} px` : 'whole';
    }),
  );
}

test('the invite bonus says a held bonus stops it before confirm, instead of failing with BONUS_REMAINING', async ({ page }) => {
  // Earning an invite bonus is invite.spec.ts's journey; here the wallet answers one, and the server says a bonus is held.
  const withInvite = async (route: Route) => {
    const response = await route.fetch();
    const wallet = await response.json();
    await route.fulfill({ response, json: { ...wallet, invite: { amount: 150, success: 3, fail: 1 } } });
  };
  await page.route('**/api/wallet', withInvite);
  await page.route('**/api/wallet/refresh/slot', withInvite);
  await page.route('**/api/bonus/check/active', (route) => route.fulfill({ json: { status: true, type: 'limit' } }));
  let collects = 0;
  await page.route('**/api/invite/bonus', (route) => {
    collects += 1;
    return route.continue();
  });
  await signedInMember(page);

  await main(page).getByRole('button', { name: 'Receive Invite bonus', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive invite bonus' });
  const why = dialog.getByText('You hold a bonus. You can receive the invite bonus once the bonus has ended.');
  await expect(why).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription('You hold a bonus. You can receive the invite bonus once the bonus has ended.');
  await shot(page, 'invite-bonus-held');
  expect(collects).toBe(0);
});

test("an agent's end of the conversation shows in the member's open chat at once", async ({ page, browser }) => {
  await signedInMember(page);
  await bottomNav(page, 'en').getByRole('link', { name: 'Contact' }).click();
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat with us' });
  await chat.getByRole('textbox', { name: 'Message' }).fill('Is my deposit in?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('Is my deposit in?');

  const agent = await agentPage(browser);
  await agent.getByRole('list', { name: 'Conversations' }).getByText('Is my deposit in?').first().click();
  await agent.getByRole('textbox', { name: 'Reply' }).fill('Yes, it is in your wallet.');
  await agent.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chat.getByRole('log')).toContainText('Yes, it is in your wallet.');
  await agent.getByRole('button', { name: 'End the conversation' }).click();
  await agent.getByRole('alertdialog').getByRole('button', { name: 'End the conversation' }).or(agent.getByRole('dialog').getByRole('button', { name: 'End the conversation' })).click();

  // No new message: the end shows below the last one all the same.
  const items = chat.getByRole('log').locator('.chat-log__list > li');
  await expect(items.last()).toHaveText('Conversation ended');
  await expect(chat.getByText('Conversation ended')).toHaveCount(1);
  await shot(page, 'chat-ended');
  await agent.context().close();
});

test('the Lao registration lists the banks by their English names, none in Thai script', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'la'));
  const w = wizard(page, 'la');
  await page.goto(`${server().url}/register`);
  await w.phone().fill(freshPhone());
  await w.next().click();
  await w.name().fill('ສົມຊາຍ ໃຈດີ');
  await w.password().fill('a-long-password');
  await w.confirmPassword().fill('a-long-password');
  await w.next().click();
  await expect(w.heading('bank')).toBeVisible();
  const banks = await w.bank().locator('option:not([value=""])').allTextContents();
  expect(banks).toContain('Kasikornbank');
  expect(banks.filter((name) => /[\u0E00-\u0E7F]/.test(name))).toEqual([]);
  await w.bank().selectOption('BCEL');
  await shot(page, 'register-bank-la');
});

test("the wheel names each prize in the member's currency only, every label upright", async ({ page }) => {
  await signedInMember(page);
  await main(page).getByRole('region', { name: 'Wallet actions' }).getByRole('button', { name: 'Spin wheel', exact: true }).click();
  const wheel = page.getByRole('dialog', { name: DEMO_WHEEL.name.en });
  const canvas = wheel.locator('canvas');
  await expect(canvas).toBeVisible();
  const label = (await canvas.getAttribute('aria-label')) ?? '';
  // A baht wallet: ฿ prizes, no kip.
  expect(label).toContain('฿1, ฿50, ฿2, T-shirt, ฿5, ฿500');
  expect(label).not.toContain('₭');
  await shot(page, 'wheel');
});

for (const [width, height] of [
  [390, 844],
  [360, 640],
] as const) {
  test(`the bonus banners' art shows whole at ${width} px, on the cards and in the bonus modal`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signedInMember(page);
    await page.goto(`${server().url}/user/bonus`);
    const art = '.bonus-card__art';
    await expect(page.locator(art).first()).toBeVisible();
    await expect.poll(() => page.locator(art).evaluateAll((images) => (images as HTMLImageElement[]).every((image) => image.complete && image.naturalWidth > 0))).toBe(true);
    expect(new Set(await artFit(page, art))).toEqual(new Set(['whole']));
    await shot(page, `bonus-cards-${width}`);

    await page.locator('.bonus-card').first().click();
    const banner = '[role=dialog] .bonus-banner__image img';
    await expect(page.locator(banner).first()).toBeVisible();
    await expect.poll(() => page.locator(banner).first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(new Set(await artFit(page, banner))).toEqual(new Set(['whole']));
    await shot(page, `bonus-modal-${width}`);
  });
}

test("the agent inbox previews a member's last picture as a photo", async ({ page, browser }) => {
  const member = newMember({ name: 'Malee Suksan' });
  await registerViaApi(server(), member);
  const token = await loginViaApi(server(), member.phone, member.password);
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  const uploaded = await fetch(new URL('/api/chat/upload-image', server().url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const { path } = (await uploaded.json()) as { path: string };
  const sent = await api(server(), 'POST', '/api/chat/send-message', {
    token,
    body: { sender: 'customer', message: { message_type: 'media', payload: { fileType: 'image', filePath: path }, deliver: { id: 'phone-edges-photo-1', status: 'sending' } } },
  });
  expect(sent.status).toBe(200);

  await page.close();
  const agent = await agentPage(browser);
  const row = agent.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: 'Malee Suksan' });
  await expect(row.locator('.inbox-row__last')).toHaveText('Photo');
  await agent.screenshot({ path: test.info().outputPath('inbox-photo.png'), animations: 'disabled' });
  await agent.context().close();
});

/** The agent: a second browser context signed in at /ops/login as the demo's bootstrap admin, on the inbox. */
async function agentPage(browser: Browser): Promise<Page> {
  const page = await bootstrapAdminPage(browser, server(), OPERATOR, { width: 390, height: 844 });
  // The admin lands on the first area of the console; the inbox is its Chat area.
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page).toHaveURL(/\/ops\/chat$/);
  return page;
}
