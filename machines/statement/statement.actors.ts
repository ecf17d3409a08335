/**
 * The paged reads the statement machine runs: the member's statement, or
 * their slips (the slip modal pages them with the same machine). Both read
 * the wallet for the game names.
 */
import { fromPromise } from 'xstate';
import type { WalletResponse } from '../../src/contract/api.ts';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { Page, PageQuery } from './statement.types.ts';

function loadAccounts(api: ApiClient) {
  return fromPromise<Result<WalletResponse>, void>(({ signal }) => api.call('wallet', { signal }));
}

export function statementActors(api: ApiClient) {
  return {
    loadPage: fromPromise<Result<Page>, PageQuery>(async ({ input, signal }) => {
      const answer = await api.call('statement', { page: input.page, limit: input.limit }, { signal });
      return answer.ok ? { ok: true, data: { rows: answer.data.statements, total: answer.data.total } } : answer;
    }),
    loadAccounts: loadAccounts(api),
  };
}

export function slipPagesActors(api: ApiClient) {
  return {
    loadPage: fromPromise<Result<Page>, PageQuery>(async ({ input, signal }) => {
      const answer = await api.call('slips', { page: input.page, limit: input.limit }, { signal });
      return answer.ok ? { ok: true, data: { rows: answer.data.slips, total: answer.data.total } } : answer;
    }),
    loadAccounts: loadAccounts(api),
  };
}
