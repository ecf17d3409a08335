/** The transfer's I/O over the API client: its money action sends an amount, or everything, with the action's idempotency key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { moneyAction } from '../money-action/money-action.machine.ts';
import { askKey } from '../money-action/money-action.actors.ts';
import type { MoneyActionInput, MoneyMoved } from '../money-action/money-action.types.ts';
import type { Result } from '../shared/result.ts';
import type { TransferOrder } from './transfer.types.ts';

export function transferActors(api: ApiClient) {
  const send = fromPromise<Result<MoneyMoved>, MoneyActionInput<TransferOrder>>(({ input: { request: order, idempotencyKey }, signal }) =>
    order.kind === 'all'
      ? api.call('transferAll', { to: order.to }, { idempotencyKey, signal })
      : api.call('transfer', { from: order.from, to: order.to, amount: order.amount }, { idempotencyKey, signal }),
  );
  return { moneyAction: moneyAction<TransferOrder>().provide({ actors: { send, ask: askKey(api) } }) };
}
