/** The slip image's I/O over the API client (views provide these; they never write their own). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export function slipImageActors(api: ApiClient) {
  return {
    askAddress: fromPromise<Result<{ url: string }>, { reference: string }>(({ input, signal }) =>
      api.call('slipReference', { params: { reference: input.reference }, signal }),
    ),
  };
}
