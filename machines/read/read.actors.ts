/** The read machine's one read: an endpoint without body, parameters or key, by name. */
import { fromPromise } from 'xstate';
import type { EndpointName } from '../../src/contract/endpoints.ts';
import type { ApiClient, CallOptions } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export function readActors(api: ApiClient, name: EndpointName) {
  const call = api.call as (name: EndpointName, options: CallOptions) => Promise<Result<unknown>>;
  return {
    read: fromPromise<Result<unknown>, void>(({ signal }) => call(name, { signal })),
  };
}
