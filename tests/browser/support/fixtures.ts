/**
 * The suite's `test`: Playwright's, with axe-core run on the page at the end
 * of every test that passed so far (docs/decisions/0085-accessibility-checks.md), so each screen a spec leaves
 * the member on is checked too. Specs check the screens they pass through
 * (a modal, a step) with expectAccessible where they open them.
 */
import { test as base } from '@playwright/test';
import { expectAccessible } from './axe.ts';

export const test = base.extend<{ agreementAccepted: boolean; agreementOnThisDevice: void; accessibleAtTheEnd: void }>({
  // The home's agreement modal (spec 2) opens 1.5 s after load unless accepted on the device: specs
  // start as a member who accepted it, except those about it (test.use({ agreementAccepted: false })).
  agreementAccepted: [true, { option: true }],
  agreementOnThisDevice: [
    async ({ page, agreementAccepted }, use) => {
      if (agreementAccepted) await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
      await use();
    },
    { auto: true },
  ],
  accessibleAtTheEnd: [
    async ({ page }, use, testInfo) => {
      await use();
      // A test that already failed says why; a page never opened or already closed has nothing to check.
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || !/^https?:/.test(page.url())) return;
      await expectAccessible(page, `the end of "${testInfo.title}" (${new URL(page.url()).pathname})`);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
