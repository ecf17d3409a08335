/** The transfer's one call over the API client: an amount, or everything, with the action's idempotency key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { MoneyMoved, TransferOrder } from './transfer.types.ts';

export function transferActors(api: ApiClient) {
  return {
    postTransfer: fromPromise<Result<MoneyMoved>, { order: TransferOrder; idempotencyKey: string }>(({ input: { order, idempotencyKey }, signal }) =>
      order.kind === 'all'
        ? api.call('transferAll', { to: order.to }, { idempotencyKey, signal })
        : api.call('transfer', { from: order.from, to: order.to, amount: order.amount }, { idempotencyKey, signal }),
    ),
  };
}
