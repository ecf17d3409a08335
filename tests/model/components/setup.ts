/**
 * Setup of the component replays (vitest project model-components): the
 * views get the replay's API client and idempotency-key prefix, toasts are
 * recorded, the QR picture is a stand-in (happy-dom draws no canvas), and
 * the English catalogues are loaded as the app loads them.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadMessageText } from '../../../src/features/errors/message-text.tsx';
import { activateLocale, loadCatalogue } from '../../../src/i18n/locale.ts';

vi.mock('../../../src/app/use-app.ts', async () => {
  const { fakeApiClient } = await import('../support/fake-api.ts');
  return {
    useApi: fakeApiClient,
    useSession: () => {
      throw new Error('the component replays render no session');
    },
  };
});

vi.mock('../../../src/features/money/idempotency.ts', async () => {
  const { keyPrefix } = await import('../support/fake-api.ts');
  return { newKeyPrefix: () => keyPrefix.current };
});

vi.mock('../../../src/features/ui/toast.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/features/ui/toast.ts')>()),
  showErrorToast: vi.fn(),
  showSuccessToast: vi.fn(),
}));

vi.mock('../../../src/features/deposit/qr-frame.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/features/deposit/qr-frame.ts')>()),
  frameImage: async (_payload: string, _text: unknown, fileName: string) => new File([new Uint8Array(8)], fileName, { type: 'image/png' }),
}));

beforeAll(async () => {
  await loadCatalogue('member');
  await activateLocale('en');
  await loadMessageText('NETWORK_ERROR'); // the texts of codes are there before the first render
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});
