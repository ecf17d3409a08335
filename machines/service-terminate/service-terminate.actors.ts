/** The service's switch over the operator's API client: GET and PUT /api/ops/service (admins). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { ServiceStatus } from '../../src/contract/ops-members.ts';
import type { Result } from '../shared/result.ts';

export function serviceTerminateActors(api: ApiClient) {
  return {
    readService: fromPromise<Result<{ status: ServiceStatus }>, void>(({ signal }) => api.call('opsService', { signal })),
    changeService: fromPromise<Result<{ status: ServiceStatus }>, { status: ServiceStatus }>(({ input, signal }) => api.call('opsServiceChange', input, { signal })),
  };
}
