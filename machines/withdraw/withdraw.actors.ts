/** The withdrawal's I/O over the API client: the limits, then its money action with the action's idempotency key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { moneyAction } from '../money-action/money-action.machine.ts';
import { askKey } from '../money-action/money-action.actors.ts';
import type { MoneyActionInput, MoneyMoved } from '../money-action/money-action.types.ts';
import type { Result } from '../shared/result.ts';
import type { BonusActive, WithdrawLimits } from './withdraw.types.ts';

export function withdrawActors(api: ApiClient) {
  const send = fromPromise<Result<MoneyMoved>, MoneyActionInput<{ amount: number }>>(({ input: { request, idempotencyKey }, signal }) =>
    api.call('withdrawAll', { amount: request.amount }, { idempotencyKey, signal }),
  );
  return {
    loadLimits: fromPromise<Result<WithdrawLimits>, void>(({ signal }) => api.call('lookupWithdraw', { signal })),
    loadBonus: fromPromise<Result<BonusActive>, void>(({ signal }) => api.call('bonusCheckActive', { signal })),
    moneyAction: moneyAction<{ amount: number }>().provide({ actors: { send, ask: askKey(api) } }),
  };
}
