/**
 * Around every page: the toast host (loaded lazily, so sonner stays out of the
 * entry chunk) and the offline notice (docs/product/ui.md: a clear notice when the network drops).
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { OfflineIcon } from '../ui/icons.tsx';
import { subscribeToastHost, toastHostWanted } from '../ui/toast.ts';

const Toasts = lazy(() => import('../ui/Toasts.tsx'));

export function RootLayout() {
  const toastHost = useSyncExternalStore(subscribeToastHost, toastHostWanted);
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <OfflineNotice />
      <Outlet />
      {toastHost && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}

function OfflineNotice() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      <OfflineIcon size={20} />
      <span>
        <Trans>You are offline. Check your internet connection; we will carry on when it is back.</Trans>
      </span>
    </div>
  );
}
