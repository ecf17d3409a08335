/**
 * The notices this device dismissed: their keys (src/contract/rules/notice-dismissals.ts),
 * oldest first, under `dismissed-notice` in local storage. A key of ours,
 * not one of spec 3's: it holds no member's data, so signing out keeps it
 * (docs/decisions/0140-the-notice-on-the-home.md). The keys are mirrored in
 * a cookie, so that the home's page leaves a dismissed notice out of the
 * shell it comes with (docs/decisions/0152-the-home-page-comes-drawn.md).
 */
import { DISMISSED_NOTICES_COOKIE, dismissedCookieValue } from '../../contract/rules/notice-dismissals.ts';

const STORAGE_KEY = 'dismissed-notice';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function dismissedNotices(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return []; // storage blocked or not ours: the notice shows, which is the safe side
  }
}

export function rememberDismissedNotices(keys: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Storage blocked: the notice shows again next time.
  }
  mirrorDismissedNotices(keys);
}

/**
 * Writes the keys into the cookie the server reads (none: the cookie goes). The home does this
 * when it opens too, for a device that dismissed a notice before the cookie existed.
 */
export function mirrorDismissedNotices(keys: readonly string[]): void {
  const value = dismissedCookieValue(keys);
  try {
    document.cookie = `${DISMISSED_NOTICES_COOKIE}=${value}; path=/; max-age=${value === '' ? 0 : ONE_YEAR_SECONDS}; SameSite=Lax`;
  } catch {
    // Cookies blocked: the page draws a dismissed notice in its shell, and the home takes it away.
  }
}
