/**
 * A page that is still drawing its first screen holds back what the member
 * shell does after it (the member's socket, the app's worker): on the member
 * home, the wallet and the notice, whose reads and renders a phone's one
 * line and one core should serve first
 * (docs/decisions/0147-the-member-home-paints-first.md).
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';

let holds = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number): void {
  holds += by;
  for (const listener of listeners) listener();
}

/** True while no page is drawing its first screen. */
export function useNoFirstScreenPending(): boolean {
  return useSyncExternalStore(subscribe, () => holds === 0);
}

/** Holds the shell's later work while `shown` is false (from before the page's first paint), and no longer once it is or the page leaves. */
export function useFirstScreenPending(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown) return;
    change(1);
    return () => change(-1);
  }, [shown]);
}
