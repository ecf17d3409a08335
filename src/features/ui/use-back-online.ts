/**
 * Runs `onBack` each time the shell's connectivity actor goes from offline
 * to online (docs/decisions/0145-a-flaky-network.md): a waiting read starts
 * again, a money action whose outcome is unknown asks the server again.
 */
import { useContext, useEffect, useRef } from 'react';
import { ConnectivityContext } from '../../app/connectivity.ts';

export function useBackOnline(onBack: () => void): void {
  const connectivity = useContext(ConnectivityContext);
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    if (!connectivity) return;
    let offline = connectivity.getSnapshot().hasTag('offline');
    const subscription = connectivity.subscribe((snapshot) => {
      const back = offline && !snapshot.hasTag('offline');
      offline = snapshot.hasTag('offline');
      if (back) latest.current();
    });
    return () => subscription.unsubscribe();
  }, [connectivity]);
}
