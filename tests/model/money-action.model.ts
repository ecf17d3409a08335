/**
 * The money action as a test model: one request under one key, sent once;
 * the answer moves it, refuses it, or leaves its outcome unknown (a 5xx
 * without a body, or no answer at all).
 */
import { moneyActionMachine } from '../../machines/money-action/money-action.machine.ts';
import type { MoneyMoved } from '../../machines/money-action/money-action.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import type { FlowModel } from './support/flow-model.ts';

type MoneyAction = typeof moneyActionMachine;

export const ACTION_REQUEST = { kind: 'amount', from: 'WALLET', to: 'PG', amount: 100 };
export const ACTION_KEY = 'model-action.1';
export const ACTION_MOVED: MoneyMoved = { message: 'SUCCESS', amount: 100, wallet: { amount: 400 }, transferId: '17' };

export const moneyActionModels: FlowModel<MoneyAction>[] = [
  {
    name: 'money action',
    machine: moneyActionMachine,
    input: { request: ACTION_REQUEST, idempotencyKey: ACTION_KEY },
    // Nothing is sent to an action: it only waits for its answer.
    events: () => [],
    abstraction: () => ({}),
    replies: {
      send: [
        { ok: true, data: ACTION_MOVED },
        { ok: false, message: 'MONEY_NOT_ENOUGH' },
        { ok: false, message: 'INTERNAL_SERVER_ERROR' },
        { ok: false, message: 'NETWORK_ERROR' },
      ] satisfies Result<MoneyMoved>[],
    },
  },
];
