/**
 * The home's game carousels slide sideways (keen-slider, a transform, not a
 * scroll): a card off to the side is brought in with the carousel's own
 * buttons, as a member would, before it is tapped.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { tr, type Locale } from './texts.ts';
import { main } from './ui.ts';

/** The card of the game named `name` in the slot carousel, moved onto the screen. */
export async function slotCardOnScreen(page: Page, name: string, locale: Locale = 'th'): Promise<Locator> {
  const slots = main(page).getByRole('region', { name: tr('Slots', locale) });
  const card = slots.getByRole('button', { name: new RegExp(`^${name}`) });
  await slots.scrollIntoViewIfNeeded();
  const next = slots.getByRole('button', { name: tr('Next games', locale) });
  const previous = slots.getByRole('button', { name: tr('Previous games', locale) });
  // A busy machine may read a slide as settled before it starts to move and tap once more than needed:
  // the card is then left of the screen, and the carousel is moved back.
  const cards = await slots.getByRole('listitem').count();
  for (let moves = 0; moves < 2 * cards; moves++) {
    const side = await sideOfTheScreen(page, card);
    if (side === 'on') break;
    const button = side === 'left' ? previous : next;
    if (!(await button.isEnabled())) break; // at the carousel's end: as far in as it goes
    await button.click();
  }
  return card;
}

/** Where the card is across the screen (the carousel slides sideways; the page scrolls up and down). */
async function sideOfTheScreen(page: Page, card: Locator): Promise<'left' | 'on' | 'right'> {
  await expect(card).toBeVisible();
  // The slide may still be moving: read its place once two reads agree.
  let last = (await card.boundingBox())?.x;
  await expect
    .poll(async () => {
      const now = (await card.boundingBox())?.x;
      const settled = now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  const box = (await card.boundingBox())!;
  if (box.x < 0) return 'left';
  return box.x + box.width <= page.viewportSize()!.width ? 'on' : 'right';
}
