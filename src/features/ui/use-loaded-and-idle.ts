import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is next idle: work the first
 * screen does not show (the service worker, the member's socket, the home's
 * modals) stays out of the way of the page's first work (at most 10 s more
 * of a busy page). Where there is no requestIdleCallback (Safari), the
 * page's load event alone (docs/decisions/0147-the-member-home-paints-first.md).
 */
export function useLoadedAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let handle: number | undefined;
    const idle = () => {
      if (typeof requestIdleCallback === 'function') handle = requestIdleCallback(() => setReady(true), { timeout: 10_000 });
      else setReady(true);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      window.removeEventListener('load', idle);
      if (handle !== undefined) cancelIdleCallback(handle);
    };
  }, []);
  return ready;
}
