/** The connectivity check over the API client: a small public read; any answer from the server means it is reached. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { NETWORK_ERROR } from '../shared/result.ts';

export function connectivityActors(api: ApiClient) {
  return {
    check: fromPromise<boolean, void>(async ({ signal }) => {
      const answer = await api.call('lookupInfo', { signal });
      return answer.ok || answer.message !== NETWORK_ERROR;
    }),
  };
}
