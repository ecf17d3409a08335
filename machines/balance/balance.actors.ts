/** The home's wallet reads over the API client. */
import { fromPromise } from 'xstate';
import type { WalletResponse } from '../../src/contract/api.ts';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export function balanceActors(api: ApiClient) {
  return {
    loadWallet: fromPromise<Result<WalletResponse>, void>(({ signal }) => api.call('wallet', { signal })),
    refreshAll: fromPromise<Result<WalletResponse>, void>(({ signal }) => api.call('walletRefreshGames', { signal })),
  };
}
