/**
 * The prize wheel (spec 2 Spin wheel; spec 9 wheel and coupons)
 * at 390 x 844, in English.
 *
 * Where the wheel stops: the canvas says where it rests in data-rotation
 * (radians, wheel-motion.ts's geometry). The spin answer names the slice the
 * server drew (its index); the wheel must stand with that slice under the
 * pointer, the pointer inside the slice's middle 70% (wheel-motion.ts
 * LANDING_SPREAD: the exact spot in it is random by design, so no single
 * angle can be expected), and the colour painted under the pointer must be
 * that slice's.
 *
 * The demo member (3 coins) spins the seeded wheel with reduced motion: any
 * slice may come, each is checked; at 0 coins Spin is disabled; the
 * fairness page shows the seed hash the spins used and, after the rotation,
 * verifies every one of them (and the test recomputes them with the
 * contract's drawSlice from the revealed seed).
 *
 * The credit prize: the seeded wheel's draw is random, so for a prize the
 * operator (PUT /api/ops/spinwheel, as an operator would) leaves weight only
 * on one credit slice (the first after slice 0, which stands under the
 * pointer before any spin); every spin then lands there whatever the seeds.
 * A member earns 4 coins by betting 400 baht at the reference game (coins
 * come from play: docs/decisions/0103-coins-from-play.md), spins once with
 * the real animation (2 or 3 turns, 9 or 13.5 s: the product's behaviour),
 * then 3 times with reduced motion, and claims a coupon from the second page
 * of the list (3 a page): the wallet grows by the prize.
 */
import { createHash } from 'node:crypto';
import type { Locator, Page, Response } from '@playwright/test';
import type { WheelDefinition, WheelSlice } from '../../src/contract/rewards.ts';
import { drawSlice } from '../../src/contract/rules/wheel.ts';
import { LANDING_SPREAD, normalizeAngle, POINTER_ANGLE, sliceUnderPointer } from '../../src/features/wheel/wheel-motion.ts';
import { expectAccessible } from './support/axe.ts';
import { api, callOk, loginViaApi, newMember, registerViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { enterGame, isPath, leaveGame, money, openGameAccount, playRound, setBet, transferToGame, walletAmount } from './support/play.ts';
import { main, submitLogin, useServer } from './support/ui.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The canvas's size in CSS pixels (WheelCanvas.tsx, spec 9), and a point on the pointer's line inside the slices' ring. */
const WHEEL_SIZE = 350;
const UNDER_POINTER = { x: WHEEL_SIZE / 2, y: 20 };

interface SpinResult {
  code: string;
  label: string;
  index: number;
  remainingCoin: number;
  coupon: string | null;
  seedHash: string;
  clientSeed: string;
  nonce: number;
}

async function logIn(page: Page, url: string, phone: string, password: string): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto(`${url}/login`);
  await submitLogin(page, phone, password, 'en');
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(walletAmount(page)).toHaveText(/฿/);
}

const wheelModal = (page: Page) => page.getByRole('dialog', { name: 'Lucky wheel' });
const canvasOf = (modal: Locator) => modal.getByRole('img', { name: /^Prize wheel: / });
/** The canvas by its element: while the prize modal is open the wheel modal is hidden from the accessibility tree. */
const wheelCanvas = (page: Page) => page.locator('canvas.wheel__canvas');
const coinsOf = (modal: Locator) => modal.locator('.wheel-coins');
const spinButton = (modal: Locator) => modal.getByRole('button', { name: 'Spin (1 coin)' });

/** The home's wheel widget opens the modal; answers the slices the canvas draws (GET /api/spinwheel/setup). */
async function openWheel(page: Page): Promise<WheelSlice[]> {
  const setup = page.waitForResponse(isPath('/api/spinwheel/setup'));
  await main(page).getByRole('region', { name: 'Wallet actions' }).getByRole('button', { name: 'Spin wheel' }).click();
  const { result } = (await (await setup).json()) as { result: { activeSpinwheel: { slices: WheelSlice[] } } };
  await expect(canvasOf(wheelModal(page))).toBeVisible();
  return result.activeSpinwheel.slices;
}

/** The colour painted on the canvas under the pointer, as #rrggbb. */
function colourUnderPointer(canvas: Locator): Promise<string> {
  return canvas.evaluate(
    (element, { size, point }) => {
      const canvas = element as HTMLCanvasElement;
      const ratio = canvas.width / size;
      const [r, g, b] = canvas.getContext('2d')!.getImageData(Math.round(point.x * ratio), Math.round(point.y * ratio), 1, 1).data;
      return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
    },
    { size: WHEEL_SIZE, point: UNDER_POINTER },
  );
}

/** The wheel rests with the drawn slice under the pointer, inside its middle, painted in its colour. */
async function expectStoppedOn(canvas: Locator, slices: WheelSlice[], spin: SpinResult): Promise<void> {
  expect(slices[spin.index]?.code, 'the answer\'s index names its slice on the wheel shown').toBe(spin.code);
  // The canvas says where it rests (absent while it turns).
  await expect(canvas).toHaveAttribute('data-rotation', /^\d+(\.\d+)?(e-\d+)?$/);
  const rotation = Number(await canvas.getAttribute('data-rotation'));
  expect(rotation).toBeGreaterThanOrEqual(0);
  expect(rotation).toBeLessThan(2 * Math.PI);
  expect(sliceUnderPointer(rotation, slices.length), 'the slice under the pointer').toBe(spin.index);
  const arc = (2 * Math.PI) / slices.length;
  const within = normalizeAngle(POINTER_ANGLE - rotation) / arc - spin.index;
  expect(within, 'where in the slice the pointer stands').toBeGreaterThanOrEqual(0.5 - LANDING_SPREAD / 2 - 1e-9);
  expect(within).toBeLessThanOrEqual(0.5 + LANDING_SPREAD / 2 + 1e-9);
  expect(await colourUnderPointer(canvas), 'the colour under the pointer').toBe(slices[spin.index]!.bgColor.toLowerCase());
}

/** Spin: the answer of POST /api/spinwheel/spin. */
async function spin(page: Page, modal: Locator): Promise<SpinResult> {
  const answer = page.waitForResponse(isPath('/api/spinwheel/spin', 'POST'));
  await spinButton(modal).click();
  const response: Response = await answer;
  expect(response.status()).toBe(200);
  const { result } = (await response.json()) as { result: SpinResult };
  return result;
}

/** The prize modal after a spin: "You won …" for a coupon, the slice's label otherwise. */
function prizeModal(page: Page, spin: SpinResult): Locator {
  return page.getByRole('alertdialog', { name: spin.coupon === null ? spin.label : `You won ${spin.label}` });
}

async function closePrize(page: Page, spin: SpinResult): Promise<void> {
  const prize = prizeModal(page, spin);
  await prize.getByRole('button', { name: 'OK' }).click();
  await expect(prize).toBeHidden();
}

test.describe('the demo member, reduced motion', () => {
  const server = useServer();
  const CLIENT_SEED = 'browser-suite-13';

  test('three spins stop on the drawn slices; at 0 coins Spin is disabled; the fairness page verifies the spins after the rotation', async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { phone, password } = server().config.demo;
    await logIn(page, server().url, phone, password);

    let seedHash = '';
    await test.step('from the wheel modal to the fairness page: the seed hash is published; the member sets a client seed', async () => {
      await openWheel(page);
      await expect(coinsOf(wheelModal(page))).toHaveText('Your coins3');
      await wheelModal(page).getByRole('link', { name: 'How we keep the wheel fair: check your spins' }).click();
      await expect(page).toHaveURL(/\/user\/fairness$/);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Wheel fairness' })).toBeVisible();
      const fairness = (await callOk(server(), 'GET', '/api/spinwheel/fairness', await loginViaApi(server(), phone, password))) as {
        seedHash: string;
      };
      seedHash = fairness.seedHash;
      expect(seedHash).toMatch(/^[0-9a-f]{64}$/);
      await expect(main(page).getByText(seedHash, { exact: true })).toBeVisible();
      await expect(main(page)).toContainText('No spins yet.');
      await main(page).getByLabel('Client seed').fill(CLIENT_SEED);
      const saved = page.waitForResponse(isPath('/api/spinwheel/fairness/client-seed', 'PUT'));
      await main(page).getByRole('button', { name: 'Save client seed' }).click();
      expect((await saved).status()).toBe(200);
      await expect(main(page).getByRole('button', { name: 'Save client seed' })).toBeDisabled();
      await main(page).getByRole('link', { name: 'Back to home' }).click();
      await expect(page).toHaveURL(/\/user\/home$/);
    });

    const spins: SpinResult[] = [];
    await test.step('three spins, each stopping on the slice the server drew; the coins count down', async () => {
      const slices = await openWheel(page);
      const modal = wheelModal(page);
      await expectAccessible(page, 'the wheel modal');
      const canvas = wheelCanvas(page);
      await expect(canvasOf(modal)).toBeVisible();
      for (let left = 3; left > 0; left -= 1) {
        await expect(coinsOf(modal)).toHaveText(`Your coins${left}`);
        const result = await spin(page, modal);
        spins.push(result);
        expect(result).toMatchObject({ remainingCoin: left - 1, seedHash, clientSeed: CLIENT_SEED, nonce: spins.length - 1 });
        await expect(prizeModal(page, result)).toBeVisible();
        await expectStoppedOn(canvas, slices, result);
        await closePrize(page, result);
      }
      await expect(coinsOf(modal)).toHaveText('Your coins0');
      // Each credit or item prize became a coupon (newest first, 3 a page).
      const won = spins.filter((result) => result.coupon !== null).length;
      await expect(modal.locator('.coupons__list > li')).toHaveCount(won);
    });

    await test.step('with 0 coins Spin is disabled, and the server refuses a spin', async () => {
      const modal = wheelModal(page);
      await expect(spinButton(modal)).toBeDisabled();
      // The server agrees: a spin without coins is refused and spends nothing.
      const token = await loginViaApi(server(), phone, password);
      const refused = await api(server(), 'POST', '/api/spinwheel/spin', { token, body: {}, idempotencyKey: `no-coin-${Date.now()}` });
      expect(refused).toEqual({ status: 400, body: { message: 'NO_COIN' } });
    });

    await test.step('the fairness page lists the spins unrevealed; after the rotation Verify matches every one', async () => {
      await wheelModal(page).getByRole('link', { name: 'How we keep the wheel fair: check your spins' }).click();
      await expect(page).toHaveURL(/\/user\/fairness$/);
      const history = main(page).getByRole('region', { name: 'Your spins' });
      const rows = history.getByRole('listitem');
      await expect(rows).toHaveCount(spins.length);
      for (const result of spins) await expect(history).toContainText(`Nonce ${result.nonce} · client seed ${CLIENT_SEED}`);
      await expect(main(page).getByText(seedHash, { exact: true }).first()).toBeVisible();

      // Before the seed is revealed nothing can be checked.
      await history.getByRole('button', { name: 'Verify' }).click();
      await expect(rows.filter({ hasText: 'Not revealed yet: rotate the seed to check this spin.' })).toHaveCount(spins.length);

      const rotated = page.waitForResponse(isPath('/api/spinwheel/fairness/rotate', 'POST'));
      await main(page).getByRole('button', { name: 'Reveal this seed and start a new one' }).click();
      const { previous, seedHash: next } = (await (await rotated).json()) as { seedHash: string; previous: { serverSeed: string; seedHash: string } };
      expect(previous.seedHash).toBe(seedHash);
      expect(next).not.toBe(seedHash);
      // The revealed seed is the one committed to before the spins.
      expect(createHash('sha256').update(previous.serverSeed).digest('hex')).toBe(seedHash);
      await expect(main(page).getByLabel('Last revealed seed')).toContainText(previous.serverSeed);
      await expect(main(page).getByText(next, { exact: true })).toBeVisible();

      // The test's own recomputation, with the contract's function and the weights the server drew with.
      const token = await loginViaApi(server(), phone, password);
      const { spins: records } = (await callOk(server(), 'POST', '/api/spinwheel/history', token, { page: 1, limit: 10 })) as {
        spins: { nonce: number; code: string; weights: { code: string; weight: number }[] }[];
      };
      for (const result of spins) {
        const record = records.find((candidate) => candidate.nonce === result.nonce)!;
        expect(record.code).toBe(result.code);
        expect(drawSlice(previous.serverSeed, CLIENT_SEED, result.nonce, record.weights), `spin ${result.nonce}`).toBe(result.index);
      }

      await history.getByRole('button', { name: 'Verify' }).click();
      await expect(rows.filter({ hasText: 'Verified: the revealed seed gives this slice.' })).toHaveCount(spins.length);
      await expect(rows.filter({ hasText: /Not revealed yet|Does not match/ })).toHaveCount(0);
    });
  });
});

test.describe('a credit prize, with the real animation', () => {
  const OPERATOR = { phone: '0899999915', password: 'operator-pass-1515' };
  const server = useServer({ operator: OPERATOR });
  const DEPOSIT = 500;
  /** Four rounds of 100 baht at Golden Lotus: 400 baht of bets, 4 coins at the demo's price of 100 a coin. */
  const ROUNDS = 4;
  const BET = 100;

  test('coins from play; the operator leaves weight on one credit slice; the wheel turns 9 s or more and stops there; a coupon from page 2 credits the wallet', async ({ page }) => {
    test.setTimeout(150_000);
    const operator = await loginViaApi(server(), OPERATOR.phone, OPERATOR.password);
    const current = (await callOk(server(), 'GET', '/api/ops/spinwheel', operator)) as { wheel: WheelDefinition; coinRule: { BAHT: number; LAK: number } };
    // A credit slice away from slice 0 (the one under the pointer before any spin), so the wheel must turn to reach it.
    const prizeSlice = current.wheel.slices.find((slice, index) => index > 0 && slice.prize.type === 'credit' && slice.prize.amount.BAHT > 0)!;
    expect(prizeSlice, 'a credit slice on the demo wheel').toBeDefined();
    const prize = prizeSlice.prize.type === 'credit' ? prizeSlice.prize.amount.BAHT : 0;
    const onlyPrize = { ...current.wheel, slices: current.wheel.slices.map((slice) => ({ ...slice, weight: slice === prizeSlice ? 1 : 0 })) };
    const changed = await api(server(), 'PUT', '/api/ops/spinwheel', { token: operator, body: { wheel: onlyPrize, coinRule: current.coinRule } });
    expect(changed.status).toBe(200);
    const coins = Math.floor((ROUNDS * BET) / current.coinRule.BAHT);
    expect(coins, 'coins the rounds earn at the demo\'s price').toBe(4);

    const member = newMember();
    await registerViaApi(server(), member);
    await callOk(server(), 'POST', '/api/ops/deposits', operator, { username: member.phone, amount: DEPOSIT, reference: `BANK-${member.phone}` });
    await logIn(page, server().url, member.phone, member.password);
    await expect(walletAmount(page)).toHaveText(money(DEPOSIT));

    await test.step(`the member earns the coins at the reference game: ${ROUNDS} rounds of ${BET}`, async () => {
      await openGameAccount(page);
      await transferToGame(page, ROUNDS * BET);
      const game = await enterGame(page);
      await setBet(game, BET);
      for (let round = 0; round < ROUNDS; round += 1) expect((await playRound(game)).bet).toBe(BET);
      await leaveGame(page, game, `${server().url}/user/home`);
      await expect(walletAmount(page)).toHaveText(money(DEPOSIT - ROUNDS * BET));
    });

    const slices = await openWheel(page);
    const modal = wheelModal(page);
    const canvas = wheelCanvas(page);
    await expect(coinsOf(modal)).toHaveText(`Your coins${coins}`);
    await expect(modal).toContainText('No coupons yet.');

    await test.step('one spin with the real animation: the wheel turns (no resting angle) for 9 s or more, then stops on the prize', async () => {
      const answer = page.waitForResponse(isPath('/api/spinwheel/spin', 'POST'));
      await spinButton(modal).click();
      const response = await answer;
      const answeredAt = Date.now();
      const { result } = (await response.json()) as { result: SpinResult };
      expect(result).toMatchObject({ code: prizeSlice.code, remainingCoin: coins - 1 });
      expect(result.coupon).not.toBeNull();
      await expect(modal.getByRole('button', { name: 'Spinning…' })).toBeDisabled();
      await expect(canvas).not.toHaveAttribute('data-rotation', /./);
      // 2 or 3 extra turns at 4.5 s each (wheel-motion.ts): 13.5 s at most, and a busy machine may be slower.
      await expect(prizeModal(page, result)).toBeVisible({ timeout: 40_000 });
      expect(Date.now() - answeredAt, 'the turn took its 2 turns × 4.5 s at least').toBeGreaterThanOrEqual(9_000 - 100);
      await expectStoppedOn(canvas, slices, result);
      await expect(prizeModal(page, result)).toContainText('Your prize is waiting in your coupons. Claim it there.');
      await expectAccessible(page, 'the prize modal');
      await closePrize(page, result);
    });

    await test.step('the other spins with reduced motion: 4 coupons, 3 a page; 0 coins disables Spin', async () => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (let left = coins - 1; left > 0; left -= 1) {
        const result = await spin(page, modal);
        expect(result).toMatchObject({ code: prizeSlice.code, remainingCoin: left - 1 });
        await expect(prizeModal(page, result)).toBeVisible();
        await expectStoppedOn(canvas, slices, result);
        await closePrize(page, result);
      }
      await expect(coinsOf(modal)).toHaveText('Your coins0');
      await expect(spinButton(modal)).toBeDisabled();
      await expect(modal.locator('.coupons__list > li')).toHaveCount(3);
      await expect(modal.getByRole('navigation', { name: 'Coupon pages' })).toContainText('Page 1 of 2');
    });

    await test.step(`the coupon on page 2: claim, confirm; ${money(prize)} reaches the wallet`, async () => {
      // The demo's credit labels name the prize in the member's currency ({amount}: a baht wallet here).
      const label = prizeSlice.label.en.replaceAll('{amount}', `฿${prize.toLocaleString('en-US')}`);
      const pages = modal.getByRole('navigation', { name: 'Coupon pages' });
      await pages.getByRole('button', { name: 'Next page' }).click();
      await expect(pages).toContainText('Page 2 of 2');
      const list = modal.locator('.coupons__list > li');
      await expect(list).toHaveCount(1);
      await expect(list.first()).toContainText(label);
      await expect(list.first()).toContainText(money(prize));
      await list.first().getByRole('button', { name: `Claim ${label}` }).click();

      const confirm = page.getByRole('alertdialog', { name: 'Claim this coupon?' });
      await expect(confirm).toContainText(`${label}: ${money(prize)} goes to your wallet.`);
      await expectAccessible(page, 'the coupon claim confirm');
      const claim = page.waitForResponse(isPath('/api/spinwheel/coupon/claim', 'POST'));
      await confirm.getByRole('button', { name: 'Claim' }).click();
      const claimed = await claim;
      expect(claimed.status()).toBe(200);
      expect(await claimed.json()).toEqual({ message: 'SUCCESS', amount: prize });

      const result = page.getByRole('alertdialog', { name: 'Coupon claimed' });
      await expect(result).toContainText(`${money(prize)} was added to your wallet.`);
      await result.getByRole('button', { name: 'OK' }).click();
      await expect(result).toBeHidden();
      // The list read again: the claimed coupon, last, has no Claim; the three others still do.
      await expect(pages).toContainText('Page 2 of 2');
      await expect(list).toHaveCount(1);
      await expect(list.first()).toContainText('Claimed');
      await expect(list.first().getByRole('button')).toHaveCount(0);
      await pages.getByRole('button', { name: 'Previous page' }).click();
      await expect(list.getByRole('button', { name: `Claim ${label}` })).toHaveCount(3);

      await modal.getByRole('button', { name: 'Close' }).click();
      await expect(modal).toBeHidden();
      await expect(walletAmount(page)).toHaveText(money(DEPOSIT - ROUNDS * BET + prize));
    });
  });
});
