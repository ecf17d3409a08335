/**
 * The notices this device dismissed: their keys (machines/notice/notice-key.ts),
 * oldest first, under `dismissed-notice` in local storage. A key of ours,
 * not one of spec 3's: it holds no member's data, so signing out keeps it
 * (docs/decisions/0140-the-notice-on-the-home.md). The keys are mirrored in
 * a cookie, so that the home's page leaves a dismissed notice out of the
 * shell it comes with (docs/decisions/0152-the-home-page-comes-drawn.md).
 */
import { DISMISSED_NOTICES_COOKIE, DISMISSED_NOTICES_SEPARATOR } from '../../contract/notice-in-page.ts';

const KEY = 'dismissed-notice';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The keys, read from storage; the cookie is written again from them (a device that dismissed before it existed). */
export function dismissedNotices(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    const keys = Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
    mirror(keys);
    return keys;
  } catch {
    return []; // storage blocked or not ours: the notice shows, which is the safe side
  }
}

export function rememberDismissedNotices(keys: string[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(keys));
  } catch {
    // Storage blocked: the notice shows again next time.
  }
  mirror(keys);
}

/** The keys (base 36, so nothing to escape) in the cookie the server reads; none: the cookie goes. */
function mirror(keys: readonly string[]): void {
  const value = keys.filter((key) => /^[0-9a-z]+$/.test(key)).join(DISMISSED_NOTICES_SEPARATOR);
  try {
    document.cookie = `${DISMISSED_NOTICES_COOKIE}=${value}; path=/; max-age=${value === '' ? 0 : ONE_YEAR_SECONDS}; SameSite=Lax`;
  } catch {
    // Cookies blocked: the page shows a dismissed notice in its shell, and the home then hides it.
  }
}
