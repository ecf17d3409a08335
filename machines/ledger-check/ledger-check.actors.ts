/** The run, POST /api/ops/ledger/check, over the operator's API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { LedgerCheckResult } from './ledger-check.types.ts';

export function ledgerCheckActors(api: ApiClient) {
  return {
    runCheck: fromPromise<Result<{ ledgerCheck: LedgerCheckResult }>, void>(({ signal }) => api.call('opsLedgerCheck', { signal })),
  };
}
