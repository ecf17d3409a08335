/**
 * docs/product/ui.md / issue section 5: on a small phone (360 x 640) no page scrolls
 * sideways, and the bottom menus and main buttons are touch targets of at
 * least 44 x 44 CSS px.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_WHEEL } from '../../src/server/db/seed-data.ts';
import { newMember, registerViaApi, freshPhone } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { wizard } from './support/registration.ts';
import { tr } from './support/texts.ts';
import { bottomNav, field, languageButton, logInViaUi, main, submitLogin, useServer } from './support/ui.ts';

const WIDTH = 360;
const HEIGHT = 640;
const MIN_TARGET = 44;

test.use({ viewport: { width: WIDTH, height: HEIGHT } });

const server = useServer({ registerOtp: true });

/**
 * 'fits', or what sticks out past the right edge. In mobile emulation Chromium
 * zooms out to show content wider than the screen, and window.innerWidth then
 * grows with it: so the page must also fit the 360 px it was given.
 */
function horizontalOverflow(page: Page, width: number): Promise<string> {
  return page.evaluate((width) => {
    const { scrollWidth } = document.documentElement;
    const { innerWidth } = window;
    if (scrollWidth <= innerWidth && scrollWidth <= width) return 'fits';
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> right=${element.getBoundingClientRect().right}`);
    return `scrollWidth ${scrollWidth}, innerWidth ${innerWidth}, screen ${width}: ${culprits.join(', ')}`;
  }, width);
}

async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  await expect.poll(() => horizontalOverflow(page, WIDTH), { message: `${where}: no horizontal scroll` }).toBe('fits');
}

async function expectTouchTarget(target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect.soft(box!.width, `${what}: width`).toBeGreaterThanOrEqual(MIN_TARGET);
  expect.soft(box!.height, `${what}: height`).toBeGreaterThanOrEqual(MIN_TARGET);
}

async function expectMenuTargets(page: Page, count: number): Promise<void> {
  const items = bottomNav(page).locator('a, button');
  await expect(items).toHaveCount(count);
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    await expectTouchTarget(item, `bottom menu item "${(await item.textContent())?.trim()}"`);
  }
}

test.describe('public pages', () => {
  test('/login (also with its error line), /howto, /contact', async ({ page }) => {
    await page.goto(`${server().url}/login`);
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Log in') })).toBeVisible();
    await expectNoHorizontalScroll(page, '/login');
    await expectMenuTargets(page, 4);
    await expectTouchTarget(main(page).getByRole('button', { name: tr('Log in'), exact: true }), 'login button');
    await expectTouchTarget(languageButton(page), 'language button');

    await submitLogin(page, freshPhone(), 'wrong-password-1');
    await expect(main(page).getByRole('alert')).toHaveText(tr('The phone number or password is incorrect.'));
    await expectNoHorizontalScroll(page, '/login with an error');

    await bottomNav(page).getByRole('link', { name: tr('How to') }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: tr('How-to videos') })).toBeVisible();
    await expectNoHorizontalScroll(page, '/howto');
    const videos = main(page).getByRole('button');
    await expect(videos).toHaveCount(5);
    await expectTouchTarget(videos.first(), 'how-to video button');

    await bottomNav(page).getByRole('link', { name: tr('Contact') }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Contact us') })).toBeVisible();
    await expectNoHorizontalScroll(page, '/contact');
  });

  test('/register: every step of the wizard', async ({ page }) => {
    const phone = freshPhone();
    const w = wizard(page);
    await page.goto(`${server().url}/register`);
    await expect(w.heading('phone')).toBeVisible();
    await expectNoHorizontalScroll(page, '/register phone step');
    await expectMenuTargets(page, 4);
    await expectTouchTarget(w.next(), 'phone step: next');

    await w.phone().fill('0812');
    await w.next().click();
    await expect(w.errorLine()).toHaveText(tr('Enter a phone number of 10 digits.'));
    await expectNoHorizontalScroll(page, '/register phone step with an error');

    await w.phone().fill(phone);
    await w.next().click();
    await expect(w.heading('otp')).toBeVisible();
    await expectNoHorizontalScroll(page, '/register OTP step');
    await expectTouchTarget(w.confirmCode(), 'OTP step: confirm');
    await expectTouchTarget(w.back(), 'OTP step: back');
    await expectTouchTarget(w.resend(), 'OTP step: send a new code');

    await w.otpCode().fill(server().sms.lastCodeFor(phone));
    await w.confirmCode().click();
    await expect(w.heading('profile')).toBeVisible();
    await expectNoHorizontalScroll(page, '/register profile step');
    await expectTouchTarget(w.next(), 'profile step: next');
    await expectTouchTarget(w.back(), 'profile step: back');

    await w.name().fill('สมศรี มีสุข');
    await w.password().fill('a-long-password');
    await w.confirmPassword().fill('a-long-password');
    await w.next().click();
    await expect(w.heading('bank')).toBeVisible();
    await expectNoHorizontalScroll(page, '/register bank step');
    await expectTouchTarget(w.register(), 'bank step: register');
    await expectTouchTarget(w.back(), 'bank step: back');

    // The longest bank name in the list must not widen the page either.
    await w.bank().selectOption('BAAC');
    await w.accountNo().fill('1234567');
    await w.firstName().fill('สมศรี');
    await w.lastName().fill('มีสุข');
    await w.bank().selectOption('KTB');
    await w.register().click();
    await expect(w.errorLine()).toHaveText(tr('Bank account name must be in English only.'));
    await expectNoHorizontalScroll(page, '/register bank step with an error');
  });

  test('/terminated and the not-found page', async ({ page }) => {
    await page.goto(`${server().url}/terminated`);
    await expect(page.getByRole('heading', { level: 1, name: tr('Page not found') })).toBeVisible();
    await expectNoHorizontalScroll(page, '/terminated');

    await page.goto(`${server().url}/this-page-does-not-exist`);
    await expect(page.getByRole('heading', { level: 1, name: tr('Page Not Found') })).toBeVisible();
    await expectNoHorizontalScroll(page, 'not-found page');
    await expectTouchTarget(page.getByRole('link', { name: tr('Go to the start page') }), 'not-found: start page link');
  });
});

test.describe('member pages', () => {
  test('/user/home, /user/profile with the change-password modal open, /user/statement, /user/bonus, /user/contact', async ({ page }) => {
    const member = newMember({ name: 'ประยุทธ์ศักดิ์ศรีสวัสดิ์ มหาสมุทรแปซิฟิกตะวันออก' });
    await registerViaApi(server(), member);
    await logInViaUi(page, server(), member.phone, member.password);

    await expectNoHorizontalScroll(page, '/user/home');
    await expectMenuTargets(page, 5);
    await expectTouchTarget(page.getByRole('button', { name: tr('Log out') }), 'log out button');
    await expectTouchTarget(languageButton(page), 'language button');

    await bottomNav(page).getByRole('link', { name: tr('Profile') }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expectNoHorizontalScroll(page, '/user/profile');
    const lock = main(page).getByRole('button', { name: tr('Change password') });
    await expectTouchTarget(lock, 'change-password button');
    await lock.click();
    const dialog = page.getByRole('dialog', { name: tr('Change password') });
    await expect(dialog).toBeVisible();
    await field(dialog, tr('Current password')).fill(member.password);
    await field(dialog, tr('New password')).fill('new-password-1');
    await field(dialog, tr('Confirm new password')).fill('new-password-2');
    await dialog.getByRole('button', { name: tr('Save') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(tr('The new password and its confirmation are not the same.'));
    await expectAccessible(page, 'the change-password modal with an error, 360 px');
    await expectNoHorizontalScroll(page, '/user/profile with the change-password modal open');
    await expectTouchTarget(dialog.getByRole('button', { name: tr('Save') }), 'modal: save');
    await expectTouchTarget(dialog.getByRole('button', { name: tr('Cancel') }), 'modal: cancel');
    await expectTouchTarget(dialog.getByRole('button', { name: tr('Close') }), 'modal: close');
    // spec 2: the page behind does not scroll while a modal is open; Esc closes it and focus comes back.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(lock).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await bottomNav(page).getByRole('link', { name: tr('Statement (bottom menu)') }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Statement') })).toBeVisible();
    await expectNoHorizontalScroll(page, '/user/statement');

    // No menu item leads to the bonus page yet (the home page's widgets will).
    await page.goto(`${server().url}/user/bonus`);
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Bonus') })).toBeVisible();
    await expectNoHorizontalScroll(page, '/user/bonus');

    await bottomNav(page).getByRole('link', { name: tr('Contact') }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Contact us') })).toBeVisible();
    await expectNoHorizontalScroll(page, '/user/contact');

    await bottomNav(page).getByRole('button', { name: tr('Conditions') }).click();
    const conditions = page.getByRole('dialog', { name: tr('Conditions') });
    await expect(conditions.getByText('สมาชิกต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป')).toBeVisible();
    await expectAccessible(page, 'the conditions modal, 360 px');
    await expectNoHorizontalScroll(page, 'conditions modal');
  });

  test('rewards: the invite and refund banners and modals, the wheel modal, /user/fairness', async ({ page }) => {
    const member = newMember({ name: 'ประยุทธ์ศักดิ์ศรีสวัสดิ์ มหาสมุทรแปซิฟิกตะวันออก' });
    await registerViaApi(server(), member);
    await logInViaUi(page, server(), member.phone, member.password);
    const widgets = main(page).getByRole('region', { name: tr('Wallet actions') });

    for (const [widget, inModal] of [
      ['Invite friends', 'Your invite link'],
      ['Refund', 'Refund history'],
    ] as const) {
      await widgets.getByRole('button', { name: tr(widget), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: tr(widget) });
      await expect(dialog.getByRole('region', { name: tr('Banners') })).toBeVisible();
      await expectNoHorizontalScroll(page, `${widget}: the banner carousel`);
      await dialog.getByRole('button', { name: tr('Continue') }).click();
      await expect(dialog).toContainText(tr(inModal));
      await expectNoHorizontalScroll(page, `${widget}: the modal`);
      await expectAccessible(page, `the ${widget} modal, 360 px`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    await widgets.getByRole('button', { name: tr('Spin wheel'), exact: true }).click();
    const wheel = page.getByRole('dialog', { name: DEMO_WHEEL.name.th });
    const canvas = wheel.locator('canvas');
    await expect(canvas).toBeVisible();
    await expectNoHorizontalScroll(page, 'the wheel modal');
    // The 350 px canvas shrinks to the modal on a 360 px phone, and stays round.
    const box = (await canvas.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    expect(box.width).toBeCloseTo(box.height, 0);
    await expectTouchTarget(wheel.getByRole('button', { name: tr('Spin (1 coin)') }), 'wheel: spin');
    await expectAccessible(page, 'the wheel modal, 360 px');

    await wheel.getByRole('link', { name: tr('How we keep the wheel fair: check your spins') }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: tr('Wheel fairness') })).toBeVisible();
    await expect(main(page).getByText(/^[0-9a-f]{64}$/)).toBeVisible();
    await expectNoHorizontalScroll(page, '/user/fairness');
  });
});
