/**
 * docs/decisions/0085-accessibility-checks.md: axe-core (WCAG 2.0 and 2.1, A and AA) finds no serious or
 * critical violation on any screen a member reaches, in Thai, Lao and
 * English, at the suite's 390 x 844 phone viewport: the public pages (the
 * language menu open, the login error), every registration step and its
 * error line, the member home and each of its modals, profile with the
 * change-password modal, the statement with the slip modal, bonus, contact
 * and conditions, the reference game's page and its message page, the
 * not-found page and /terminated. Findings are soft, so one run lists them all.
 */
import { expectAccessible } from './support/axe.ts';
import { callOk, freshPhone, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { wizard } from './support/registration.ts';
import { LANGUAGE_NAMES, tr, type Locale, type TextId } from './support/texts.ts';
import { bottomNav, languageButton, main, submitLogin, useServer } from './support/ui.ts';

const OPERATOR = { phone: '0899999993', password: 'operator-pass-9012' };
const server = useServer({ registerOtp: true, operator: OPERATOR });

/**
 * Reference games (seed data): an account entered by link and one by app
 * links (the first and second slot), and a game left unopened (the first sport).
 */
const GAMES = { link: 'lotus', apps: 'elephant', unopened: 'muaythai' };

const money = (amount: number) => `฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const locale of ['th', 'la', 'en'] as const satisfies Locale[]) {
  test(`${LANGUAGE_NAMES[locale]}: every screen a member reaches`, async ({ page, context }) => {
    // About forty screens, each analysed by axe, on a shared 2-core machine.
    test.setTimeout(300_000);
    expect(page.viewportSize(), 'the phone viewport of playwright.config.ts').toEqual({ width: 390, height: 844 });
    const t = (id: TextId) => tr(id, locale);
    const check = (where: string) => expectAccessible(page, `${where} [${locale}]`);
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
    const closeDialog = async (name: string | RegExp) => {
      await page.keyboard.press('Escape');
      await expect(dialog(name)).toBeHidden();
    };
    const { hostname } = new URL(server().url);
    await context.addCookies([{ name: 'locale', value: locale.toUpperCase(), domain: hostname, path: '/' }]);

    await test.step('public pages: login (language menu open, error line), how-to (a video open), contact', async () => {
      await page.goto(`${server().url}/login`);
      await expect(main(page).getByRole('heading', { level: 1, name: t('Log in'), exact: true })).toBeVisible();
      await check('/login');
      await languageButton(page, locale).click();
      await expect(page.getByRole('list', { name: t('Choose a language') })).toBeVisible();
      await check('/login, language menu open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('list', { name: t('Choose a language') })).toBeHidden();
      await submitLogin(page, freshPhone(), 'wrong-password-1', locale);
      await expect(main(page).getByRole('alert')).toHaveText(t('The phone number or password is incorrect.'));
      await check('/login with its error line');

      await bottomNav(page, locale).getByRole('link', { name: t('How to'), exact: true }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: t('How-to videos') })).toBeVisible();
      await check('/howto');
      await main(page).getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('/howto, a video open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await bottomNav(page, locale).getByRole('link', { name: t('Contact'), exact: true }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: t('Contact us') })).toBeVisible();
      await check('/contact');
    });

    await test.step('registration: every step, with the error lines', async () => {
      const w = wizard(page, locale);
      const phone = freshPhone();
      await page.goto(`${server().url}/register`);
      await expect(w.heading('phone')).toBeVisible();
      await check('/register, phone step');
      await w.phone().fill('0812');
      await w.next().click();
      await expect(w.errorLine()).toHaveText(t('Enter a phone number of 10 digits.'));
      await check('/register, phone step with an error');
      await w.phone().fill(phone);
      await w.next().click();
      await expect(w.heading('otp')).toBeVisible();
      await check('/register, OTP step');
      await w.otpCode().fill(server().sms.lastCodeFor(phone));
      await w.confirmCode().click();
      await expect(w.heading('profile')).toBeVisible();
      await check('/register, profile step');
      await w.name().fill('Somsri Meesuk');
      await w.password().fill('a-long-password');
      await w.confirmPassword().fill('a-long-password');
      await w.next().click();
      await expect(w.heading('bank')).toBeVisible();
      await check('/register, bank step');
      await w.bank().selectOption('KTB');
      await w.accountNo().fill('1234567890');
      await w.firstName().fill('สมศรี');
      await w.lastName().fill('มีสุข');
      await w.register().click();
      await expect(w.errorLine()).toHaveText(t('Bank account name must be in English only.'));
      await check('/register, bank step with an error');
    });

    const member = newMember();
    await registerViaApi(server(), member);
    const token = await loginViaApi(server(), member.phone, member.password);
    const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
    await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: member.phone, amount: 1000, reference: `A11Y-${member.phone}` });
    for (const code of [GAMES.link, GAMES.apps]) await callOk(server(), 'GET', `/api/wallet/activate/${code}`, token);
    await callOk(server(), 'POST', '/api/wallet/transfer', token, { from: 'WALLET', to: GAMES.link, amount: 100 });
    const { slots } = (await callOk(server(), 'GET', '/api/wallet', token)) as { slots: { code: string; name: string }[] };
    const gameName = (code: string) => slots.find((slot) => slot.code === code)!.name;
    const gameCard = (code: string) => main(page).getByRole('button', { name: new RegExp(`^${gameName(code)}`) });
    const widgets = () => main(page).getByRole('region', { name: t('Wallet actions') });

    await test.step('member home and its modals', async () => {
      await page.goto(`${server().url}/login`);
      await submitLogin(page, member.phone, member.password, locale);
      await expect(page).toHaveURL(/\/user\/home$/);
      await expect(main(page).getByText(t('Total balance'), { exact: true })).toBeVisible();
      await expect(gameCard(GAMES.link)).toContainText(money(100));
      await check('/user/home');

      await widgets().getByRole('button', { name: t('Deposit') }).click();
      const deposit = dialog(t('Deposit'));
      await expect(deposit.getByRole('region', { name: t('Bank transfer'), exact: true })).toBeVisible();
      await check('deposit modal, bank transfer');
      await deposit.getByRole('radio', { name: t('QR code'), exact: true }).check();
      const qr = deposit.getByRole('region', { name: t('QR code'), exact: true });
      await qr.getByRole('radio', { name: 'KBANK QR', exact: true }).check();
      await check('deposit modal, QR code form');
      await qr.getByRole('group', { name: 'KBANK QR' }).getByRole('button', { name: money(100), exact: true }).click();
      await qr.getByRole('button', { name: t('Create QR code') }).click();
      await expect(qr.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
      await check('deposit modal, a QR code shown');
      await deposit.getByRole('radio', { name: t('TrueMoney'), exact: true }).check();
      await expect(deposit.getByRole('region', { name: t('TrueMoney'), exact: true })).toBeVisible();
      await check('deposit modal, TrueMoney');
      await closeDialog(t('Deposit'));

      await widgets().getByRole('button', { name: t('Withdraw') }).click();
      await expect(dialog(t('Withdraw'))).toBeVisible();
      await check('withdraw modal');
      await closeDialog(t('Withdraw'));

      await main(page).getByRole('button', { name: t('Transfer'), exact: true }).click();
      const transfer = dialog(t('Transfer'));
      await expect(transfer).toBeVisible();
      await check('transfer modal');
      await transfer.getByLabel(t('To'), { exact: true }).selectOption(GAMES.link);
      await transfer.getByLabel(t('Amount'), { exact: true }).fill('50');
      await transfer.getByRole('button', { name: t('Continue') }).click();
      await expect(transfer).toContainText(money(50));
      await check('transfer modal, review');
      await closeDialog(t('Transfer'));

      await gameCard(GAMES.unopened).click();
      await expect(dialog(gameName(GAMES.unopened)).getByRole('button', { name: t('Open account'), exact: true })).toBeVisible();
      await check('game modal, no account yet');
      await closeDialog(gameName(GAMES.unopened));

      await gameCard(GAMES.link).click();
      const account = dialog(gameName(GAMES.link));
      await expect(account.getByRole('button', { name: t('Enter game') })).toBeEnabled();
      await check('game modal, the account');
      // Toasts of both kinds: copying succeeds, then fails (a browser that refuses the clipboard).
      const toast = (type: 'error' | 'success') => page.locator(`[data-sonner-toast][data-type="${type}"]`);
      await account.getByRole('button', { name: t('Copy username') }).click();
      await expect(toast('success')).toBeVisible();
      await check('a success toast');
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
      });
      await account.getByRole('button', { name: t('Copy username') }).click();
      await expect(toast('error')).toBeVisible();
      await check('an error toast');
      // Gone before the next screen is read: a toast fading out is checked at rest, above, not mid-fade there.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await closeDialog(gameName(GAMES.link));

      // The second slot: the carousel moves it into view first.
      await main(page).getByRole('region', { name: t('Slots') }).getByRole('button', { name: t('Next games') }).click();
      await gameCard(GAMES.apps).click();
      await dialog(gameName(GAMES.apps)).getByRole('button', { name: t('Enter game') }).click();
      await expect(dialog(gameName(GAMES.apps)).getByRole('link', { name: t('App for Android') })).toBeVisible();
      await check('game modal, app links');
      await closeDialog(gameName(GAMES.apps));

      // Invite and refund: their banner carousel, then (Continue) their modal; both are named by the widget.
      for (const [widget, inModal] of [
        ['Invite friends', 'Your invite link'],
        ['Refund', 'Refund history'],
      ] as const) {
        await widgets().getByRole('button', { name: new RegExp(`^${t(widget)}`) }).click();
        await expect(dialog(t(widget)).getByRole('region', { name: t('Banners') })).toBeVisible();
        await check(`${widget} banners`);
        await dialog(t(widget)).getByRole('button', { name: t('Continue') }).click();
        await expect(dialog(t(widget))).toContainText(t(inModal));
        await check(`${widget} modal`);
        await closeDialog(t(widget));
      }
    });

    await test.step('profile, statement, bonus, contact, conditions', async () => {
      await bottomNav(page, locale).getByRole('link', { name: t('Profile') }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: member.name })).toBeVisible();
      await check('/user/profile');
      await main(page).getByRole('button', { name: t('Change password') }).click();
      await expect(dialog(t('Change password'))).toBeVisible();
      await check('change-password modal');
      await closeDialog(t('Change password'));

      await bottomNav(page, locale).getByRole('link', { name: t('Statement (bottom menu)') }).click();
      await expect(main(page).getByRole('list', { name: t('Statement') }).getByRole('listitem')).toHaveCount(2);
      await check('/user/statement');
      await main(page).getByRole('button', { name: t('Slip uploads') }).click();
      await expect(dialog(t('Slip uploads'))).toBeVisible();
      await check('slip modal');
      await closeDialog(t('Slip uploads'));

      await page.goto(`${server().url}/user/bonus`);
      await expect(main(page).getByRole('heading', { level: 1, name: t('Bonus') })).toBeVisible();
      await check('/user/bonus');

      await bottomNav(page, locale).getByRole('link', { name: t('Contact') }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: t('Contact us') })).toBeVisible();
      await check('/user/contact');
      await bottomNav(page, locale).getByRole('button', { name: t('Conditions') }).click();
      await expect(dialog(t('Conditions'))).toBeVisible();
      await check('conditions modal');
      await closeDialog(t('Conditions'));
    });

    await test.step('the reference game: its page, and its message page', async () => {
      const { username } = (await callOk(server(), 'GET', `/api/wallet/account/${GAMES.link}`, token)) as { username: string };
      const answer = await fetch(new URL(`/api/autoLogin/reference/${username}`, server().url), {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}`, 'Accept-Language': locale === 'la' ? 'lo' : locale },
      });
      const { entry } = (await answer.json()) as { entry: { kind: 'link'; url: string } };
      await page.goto(entry.url);
      await expect(page).toHaveURL(new RegExp(`/games/${GAMES.link}\\?lang=`));
      await expect(page.locator('#credits')).toHaveText(/\d/);
      await check('game page');
      // The link again: used, so the game's message page.
      await page.goto(entry.url);
      await expect(page.getByRole('alert')).toBeVisible();
      await check('game message page');
    });

    await test.step('not-found and /terminated', async () => {
      await page.goto(`${server().url}/this-page-does-not-exist`);
      await expect(page.getByRole('heading', { level: 1, name: t('Page Not Found') })).toBeVisible();
      await check('not-found page');
      await page.goto(`${server().url}/terminated`);
      await expect(page.getByRole('heading', { level: 1, name: t('Page not found') })).toBeVisible();
      await check('/terminated');
    });
  });
}
