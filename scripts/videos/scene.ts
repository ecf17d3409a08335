/**
 * What every film shares: the scene (the app, its API for off-camera set-up,
 * the demo member, the words of the film's language), the shape of a
 * journey, and where things are on the member home, found as a member finds
 * them: by role and by the label the app shows.
 */
import type { Locator, Page } from 'playwright-core';
import type { HowtoVideo } from '../../src/features/howto/videos.ts';
import type { AppLocale } from '../../src/i18n/locale.ts';
import type { Credentials } from '../../src/server/config.ts';
import type { AppApi } from './app-api.ts';
import type { Film } from './film.ts';

/** The app is filmed in Thai, its default language; the captions come in every language. */
export const FILM_LOCALE: AppLocale = 'th';

export interface Scene {
  url: string;
  api: AppApi;
  demo: Credentials;
  /** A session of the demo member's own for off-camera calls. */
  memberToken(): Promise<string>;
  operatorToken(): Promise<string>;
  /** What the app shows for a message id, in the film's language. */
  t(id: string): string;
}

export interface Journey {
  name: HowtoVideo;
  /** Logged in, the film opens on the member home; otherwise on the login page. */
  startsLoggedIn: boolean;
  /** Off camera: brings the demo member to where the film starts, whatever the films before it did. */
  prepare?(scene: Scene): Promise<void>;
  /** On camera: opens its first screen, rolls, and plays its steps. */
  shoot(film: Film, scene: Scene): Promise<void>;
}

const VISIBLE = { state: 'visible', timeout: 15_000 } as const;

/** Waits until `target` shows (a film never goes on past a screen that did not come). */
export function see(target: Locator): Promise<void> {
  return target.waitFor(VISIBLE);
}

export function main(page: Page): Locator {
  return page.getByRole('main');
}

export function balanceCard(page: Page, scene: Scene): Locator {
  return main(page).locator('section').filter({ has: page.getByText(scene.t('Total balance'), { exact: true }) });
}

export function gameCard(page: Page, name: string): Locator {
  return main(page).getByRole('button', { name: new RegExp(`^${name}`) });
}

export function dialog(page: Page, name?: string): Locator {
  return name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
}

export function closeButton(modal: Locator, scene: Scene): Locator {
  return modal.getByRole('button', { name: scene.t('Close'), exact: true }).first();
}

/** Opens the member home and waits for the balance and the game cards, then rolls the film. */
export async function openHome(film: Film, scene: Scene): Promise<void> {
  await film.page.goto(`${scene.url}/user/home`);
  await see(balanceCard(film.page, scene));
  await see(gameCard(film.page, 'Golden Lotus'));
  film.roll();
}

// ---------------------------------------------------------------- off-camera set-up through the API

interface WalletJson {
  wallet: { amount: number };
  slots: { code: string; isActive: boolean; amount: number }[];
}

export async function readWallet(scene: Scene): Promise<WalletJson> {
  return (await scene.api.call('GET', '/api/wallet', await scene.memberToken())) as unknown as WalletJson;
}

/** A bank transfer arrives: the operator credits the demo member's wallet. */
export async function creditDeposit(scene: Scene, amount: number): Promise<void> {
  await scene.api.call('POST', '/api/ops/deposits', await scene.operatorToken(), {
    username: scene.demo.phone,
    amount,
    reference: `HOWTO-${Date.now()}`,
  });
}

/** At least `amount` in the wallet. */
export async function walletHolds(scene: Scene, amount: number): Promise<void> {
  const { wallet } = await readWallet(scene);
  if (wallet.amount < amount) await creditDeposit(scene, amount - wallet.amount + 300);
}

/** An open game account holding at least `amount`. */
export async function gameHolds(scene: Scene, code: string, amount: number): Promise<void> {
  const token = await scene.memberToken();
  const slot = (await readWallet(scene)).slots.find((candidate) => candidate.code === code);
  if (!slot) throw new Error(`no game ${code} in the wallet`);
  if (!slot.isActive) await scene.api.call('GET', `/api/wallet/activate/${code}`, token);
  if (slot.amount >= amount) return;
  await walletHolds(scene, amount);
  await scene.api.call('POST', '/api/wallet/transfer', token, { from: 'WALLET', to: code, amount: amount - slot.amount });
}

/** Every game's money back in the wallet (a bonus is taken only with nothing in games). */
export async function emptyGames(scene: Scene): Promise<void> {
  const token = await scene.memberToken();
  for (const slot of (await readWallet(scene)).slots) {
    if (slot.isActive && slot.amount > 0) await scene.api.call('POST', '/api/wallet/transfer', token, { from: slot.code, to: 'WALLET', amount: slot.amount });
  }
}

export async function activeBonus(scene: Scene): Promise<boolean> {
  const { status } = await scene.api.call('GET', '/api/bonus/check/active', await scene.memberToken());
  return status === true;
}
