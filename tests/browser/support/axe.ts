/**
 * axe-core in the browser suite (docs/decisions/0085-accessibility-checks.md): every page the suite visits has
 * no serious or critical violation of WCAG 2.0 / 2.1 A and AA. Minor and
 * moderate findings are left to review; these two levels block a member.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** One line per violation and element: rule, impact, what is wrong and where, so a failure reads without a trace. */
function describeViolation(violation: Result): string[] {
  return violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
    return `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}. ${summary} ${node.html.slice(0, 160)}`;
  });
}

/**
 * Waits for every animation and transition that ends (a modal's overlay
 * fading in, a toast sliding in): halfway, colours are blends the page does
 * not keep. Endless ones (a loading shimmer) are left running.
 */
async function settled(page: Page): Promise<void> {
  // A toast just added starts its transition a frame or two later (sonner marks it mounted first): let it begin.
  // One whose time is up fades out (data-removed) until sonner takes it away: a slow machine met one halfway.
  await page.waitForFunction(() => document.querySelector('[data-sonner-toast][data-mounted="false"], [data-sonner-toast][data-removed="true"]') === null);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** The serious and critical violations on the page once it has settled, one readable line each. */
export async function blockingViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.filter((violation) => BLOCKING.has(violation.impact ?? '')).flatMap(describeViolation);
}

/** Fails (softly, so one run lists every screen's findings) when the page as it is now has a serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect.soft(await blockingViolations(page), `axe (serious, critical) at ${where}`).toEqual([]);
}
