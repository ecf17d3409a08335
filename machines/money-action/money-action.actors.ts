/** The money action's question after no answer, over the API client: what the caller's key holds (GET /api/idempotency/:key). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { KeyOutcome } from './money-action.types.ts';

export function askKey(api: ApiClient) {
  return fromPromise<Result<KeyOutcome>, { idempotencyKey: string }>(({ input, signal }) =>
    api.call('idempotencyOutcome', { params: { key: input.idempotencyKey }, signal }),
  );
}
