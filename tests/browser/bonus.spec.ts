/**
 * The bonus page (spec 2, spec 4, spec 8) at 390 x 844, in English: taking
 * WELCOME100 shows it active with its turnover at 0 of its target;
 * cancelling it says what went back; the promotion code MEKONG50, typed in
 * lower case, is found and received. HTML from the server (banners, a
 * promotion's description) never runs script.
 */
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { bonuses } from '../../src/server/db/schema.ts';
import { newMember, registerViaApi, type Member } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { main, submitLogin, useServer } from './support/ui.ts';

const server = useServer();
test.use({ viewport: { width: 390, height: 844 } });

async function openBonusPage(page: Page, member: Member): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto(`${server().url}/login`);
  await submitLogin(page, member.phone, member.password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  await page.goto(`${server().url}/user/bonus`);
  await expect(main(page).getByRole('heading', { name: 'Bonus', exact: true })).toBeVisible();
}

const card = (page: Page, code: string) => main(page).getByRole('button', { name: new RegExp(`^${code}\\b`) });

test('takes WELCOME100, cancels it, then receives the promotion code mekong50', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await openBonusPage(page, member);

  // Nothing active: the promotion-code field and the cards, all available.
  await expect(main(page).getByLabel('Enter your promotion code')).toBeVisible();
  await expect(card(page, 'WELCOME100')).toContainText('Available');
  await card(page, 'WELCOME100').click();
  const modal = page.getByRole('dialog', { name: 'WELCOME100' });
  await expect(modal).toContainText('Welcome bonus of 100 baht');
  // The notice with the server's numbers: multiplier 3, end threshold ฿5.00, 20 %.
  await expect(modal).toContainText('Bet 3 times your deposit and the bonus');
  await expect(modal).toContainText('less than ฿5.00');
  await expect(modal).toContainText('at least 20%');
  await modal.getByRole('button', { name: 'Receive bonus' }).click();

  const received = page.getByRole('alertdialog', { name: 'Bonus received' });
  await expect(received).toContainText('฿100.00 was added to your wallet.');
  await received.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Active, with its turnover at 0 of 3 × 100; its card is the current one.
  const active = main(page).getByRole('region', { name: 'WELCOME100' });
  await expect(active).toContainText('Your active bonus');
  await expect(active).toContainText('฿0.00 / ฿300.00');
  await expect(active.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(card(page, 'WELCOME100')).toContainText('Current bonus');
  await expect(main(page).getByLabel('Enter your promotion code')).toHaveCount(0);
  await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 390);

  // Cancel: the warning, then what went back (the whole bonus: nothing was played).
  await active.getByRole('button', { name: 'Cancel bonus' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this bonus?' });
  await expect(confirm).toContainText('The unplayed share of your ฿100.00 bonus goes back, at least 20% of it');
  await confirm.getByRole('button', { name: 'Cancel bonus' }).click();
  const cleared = page.getByRole('alertdialog', { name: 'Bonus cancelled' });
  await expect(cleared).toContainText('The bonus was cancelled.');
  await expect(cleared).toContainText('฿100.00 went back from your wallet.');
  await cleared.getByRole('button', { name: 'OK' }).click();

  // Read again (spec 4): no active bonus, WELCOME100 received to its limit.
  await expect(active).toHaveCount(0);
  await expect(card(page, 'WELCOME100')).toBeDisabled();
  await expect(card(page, 'WELCOME100')).toContainText('Received to the limit');

  // The promotion code, upper-cased as typed.
  const code = main(page).getByLabel('Enter your promotion code');
  await code.fill('mekong50');
  await expect(code).toHaveValue('MEKONG50');
  await main(page).getByRole('button', { name: 'Search' }).click();
  const promotion = page.getByRole('dialog', { name: 'Promotion MEKONG50' });
  await expect(promotion).toContainText('at least 10%');
  await expect(promotion).toContainText('50 baht of free credit.');
  await promotion.getByRole('button', { name: 'Receive promotion' }).click();
  const promoted = page.getByRole('alertdialog', { name: 'Promotion received' });
  await expect(promoted).toContainText('฿50.00 was added to your wallet.');
  await promoted.getByRole('button', { name: 'OK' }).click();
  await expect(main(page).getByRole('region', { name: 'MEKONG50' })).toContainText('฿0.00 / ฿100.00');
});

test('an unknown promotion code says nothing was found; an empty one is required', async ({ page }) => {
  const member = newMember();
  await registerViaApi(server(), member);
  await openBonusPage(page, member);
  await main(page).getByRole('button', { name: 'Search' }).click();
  await expect(main(page).getByRole('alert')).toContainText('Enter a promotion code.');
  await main(page).getByLabel('Enter your promotion code').fill('nosuchcode');
  await main(page).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'Promotion code' })).toContainText('No promotion was found for this code.');
});

test('HTML from the server runs no script: banners, images and descriptions', async ({ page }) => {
  // Written straight to the database, past the server's own clean-up on write,
  // so that only the page's sanitising stands between the payload and the member.
  const payload = '<p>Safe text</p><img src=x alt="" onerror="window.__xss=1"><script>window.__xss=1</script><a href="javascript:window.__xss=1">link</a>';
  const html = { th: payload, la: payload, en: payload };
  await server()
    .db.update(bonuses)
    .set({ banners: [{ image: 'javascript:window.__xss=1', html }, { image: '/images/bonuses/weekly.svg', html }] })
    .where(eq(bonuses.code, 'WEEKLY20'));
  await server().db.update(bonuses).set({ description: html }).where(eq(bonuses.code, 'MEKONG50'));

  const member = newMember();
  await registerViaApi(server(), member);
  await openBonusPage(page, member);

  await card(page, 'WEEKLY20').click();
  const modal = page.getByRole('dialog', { name: 'WEEKLY20' });
  await expect(modal.getByText('Safe text').first()).toBeVisible();
  // The javascript: image is not rendered; the same-origin one is.
  await expect(modal.locator('img[src^="javascript"]')).toHaveCount(0);
  await expect(modal.locator('img[src="/images/bonuses/weekly.svg"]')).toHaveCount(1);
  await expect(modal.locator('script, [onerror], a[href^="javascript"]')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await main(page).getByLabel('Enter your promotion code').fill('MEKONG50');
  await main(page).getByRole('button', { name: 'Search' }).click();
  const promotion = page.getByRole('dialog', { name: 'Promotion MEKONG50' });
  await expect(promotion.getByText('Safe text')).toBeVisible();
  await expect(promotion.locator('script, [onerror]')).toHaveCount(0);
  await expect(promotion.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
});
