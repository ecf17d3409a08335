/**
 * The notices this device dismissed: their keys (machines/notice/notice-key.ts),
 * oldest first, under `dismissed-notice` in local storage. A key of ours,
 * not one of spec 3's: it holds no member's data, so signing out keeps it
 * (docs/decisions/0140-the-notice-on-the-home.md).
 */
const KEY = 'dismissed-notice';

export function dismissedNotices(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
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
}
