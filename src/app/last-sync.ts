/**
 * spec 3 local storage `last_sync`: when this device last read the member's
 * wallet, as the server stamped the answer (an ISO time). The home says it
 * while its first read is on its way or failed, and refreshes every game
 * balance first when it is old (docs/decisions/0139-last-sync.md). It
 * belongs to the signed-in member: it goes with the token
 * (token-storage.ts clears both).
 */
const LAST_SYNC_KEY = 'last_sync';

/** The stored time, or null when none is stored, storage is blocked or the value is not a time. */
export function readLastSync(): string | null {
  try {
    const value = localStorage.getItem(LAST_SYNC_KEY);
    return value !== null && !Number.isNaN(Date.parse(value)) ? value : null;
  } catch {
    return null;
  }
}

export function storeLastSync(iso: string): void {
  try {
    localStorage.setItem(LAST_SYNC_KEY, iso);
  } catch {
    // Storage blocked: the next visit refreshes first, the safe side.
  }
}
