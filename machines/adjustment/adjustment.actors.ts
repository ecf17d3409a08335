/** The adjustment over the operator's API client: POST /api/ops/adjustments with its Idempotency-Key. Views provide it. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { AdjustmentAnswer, AdjustmentRequest } from './adjustment.types.ts';

export function adjustmentActors(api: ApiClient) {
  return {
    submit: fromPromise<Result<AdjustmentAnswer>, AdjustmentRequest>(({ input, signal }) => {
      const { idempotencyKey, ...body } = input;
      return api.call('opsAdjustment', body, { idempotencyKey, signal });
    }),
  };
}
