/**
 * Playing the reference provider's Golden Lotus as a member does, in the
 * English app (for the invite and refund specs): open the game account
 * from its card, move money into it with the transfer modal, enter the
 * game in its own tab (or this one, when the browser refuses the tab) and
 * play rounds at a chosen bet with the page's own buttons. Every round's
 * bet and win are the game's answers, so a spec adds up what the ledger
 * will count.
 */
import type { Locator, Page, Response } from '@playwright/test';
import { expect } from './fixtures.ts';
import { main } from './ui.ts';

/** A slot of the reference provider: 1 credit per baht, bets of 1, 5, 10, 20, 50 or 100 credits. */
export const LOTUS = { code: 'lotus', name: 'Golden Lotus' } as const;

export const money = (amount: number) => `฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const isPath = (path: string, method = 'GET') => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === method;

export function balanceCard(page: Page): Locator {
  return main(page).locator('section').filter({ has: page.getByText('Total balance', { exact: true }) });
}

/** The wallet line of the balance card. */
export function walletAmount(page: Page): Locator {
  return balanceCard(page).getByRole('definition').first();
}

function gameCard(page: Page, name: string): Locator {
  return main(page).getByRole('button', { name: new RegExp(`^${name}`) });
}

/** Opens the game account from its card's modal (the card offers it while the member has none). */
export async function openGameAccount(page: Page, game: { code: string; name: string } = LOTUS): Promise<void> {
  await gameCard(page, game.name).click();
  const dialog = page.getByRole('dialog', { name: game.name });
  const activation = page.waitForResponse(isPath(`/api/wallet/activate/${game.code}`));
  await dialog.getByRole('button', { name: 'Open account', exact: true }).click();
  expect((await activation).status()).toBe(200);
  await expect(dialog.getByRole('button', { name: 'Enter game' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Wallet → game through the balance card's transfer modal. */
export async function transferToGame(page: Page, amount: number, game: { code: string; name: string } = LOTUS): Promise<void> {
  await balanceCard(page).getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await dialog.getByLabel('To', { exact: true }).selectOption(game.code);
  await dialog.getByLabel('Amount', { exact: true }).fill(String(amount));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const transfer = page.waitForResponse(isPath('/api/wallet/transfer', 'POST'));
  await dialog.getByRole('button', { name: 'Confirm transfer' }).click();
  expect((await transfer).status()).toBe(200);
  await expect(dialog.getByRole('status')).toHaveText('Transfer complete');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** Game → wallet through the balance card's transfer modal. */
export async function transferFromGame(page: Page, amount: number, game: { code: string; name: string } = LOTUS): Promise<void> {
  await balanceCard(page).getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer' });
  await dialog.getByLabel('From', { exact: true }).selectOption(game.code);
  await dialog.getByLabel('To', { exact: true }).selectOption('WALLET');
  await dialog.getByLabel('Amount', { exact: true }).fill(String(amount));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const transfer = page.waitForResponse(isPath('/api/wallet/transfer', 'POST'));
  await dialog.getByRole('button', { name: 'Confirm transfer' }).click();
  expect((await transfer).status()).toBe(200);
  await expect(dialog.getByRole('status')).toHaveText('Transfer complete');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** Enters the game from its card's modal; answers the game's page (a new tab, or this one). */
export async function enterGame(page: Page, game: { code: string; name: string } = LOTUS): Promise<Page> {
  await gameCard(page, game.name).click();
  const dialog = page.getByRole('dialog', { name: game.name });
  const popup = page.waitForEvent('popup');
  const sameTab = page.waitForURL(new RegExp(`/games/${game.code}\\b`));
  popup.catch(() => undefined);
  sameTab.catch(() => undefined);
  await dialog.getByRole('button', { name: 'Enter game' }).click();
  const tab = await Promise.race([popup, sameTab.then(() => page)]);
  await expect(tab.getByRole('heading', { level: 1, name: game.name })).toBeVisible();
  return tab;
}

/** Raises the bet with the page's + button until it shows `credits`. */
export async function setBet(game: Page, credits: number): Promise<void> {
  const shown = game.locator('#bet');
  await expect(shown).not.toHaveText('–');
  for (let step = 0; step < 6 && (await shown.textContent()) !== String(credits); step += 1) {
    await game.getByRole('button', { name: 'Raise bet' }).click();
  }
  await expect(shown).toHaveText(String(credits));
}

export interface Round {
  bet: number;
  win: number;
  credits: number;
}

/** One round at the bet shown: the game's answer. */
export async function playRound(game: Page): Promise<Round> {
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  await expect(spin).toBeEnabled();
  const answer = game.waitForResponse(isPath('/games/api/spin', 'POST'));
  await spin.click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const round = (await response.json()) as Round & { replayed: boolean };
  expect(round.replayed).toBe(false);
  await expect(spin).toBeEnabled();
  return { bet: round.bet, win: round.win, credits: round.credits };
}

/** Back to the app from the game: closes its tab, or goes home when it took this one. */
export async function leaveGame(page: Page, game: Page, home: string): Promise<void> {
  if (game === page) {
    await page.goto(home);
  } else {
    await game.close();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}
