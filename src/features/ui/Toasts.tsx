import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from './toast.ts';

/** The toast host; loaded lazily by the root layout (see toast.ts). */
export default function Toasts() {
  useEffect(() => {
    toasterMounted();
  }, []);
  return <Toaster position="top-center" theme="system" richColors closeButton={false} offset={{ top: 'calc(env(safe-area-inset-top) + 12px)' }} />;
}
