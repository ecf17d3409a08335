/**
 * The money action as a test model: one request under one key, sent once;
 * the answer moves it or refuses it. No answer (or a 5xx without a body)
 * asks the server what the key holds (docs/decisions/0145-a-flaky-network.md):
 * the stored movement, the stored refusal, never seen (NOT_SEEN), or no
 * answer again (unknown). A retry after no answer starts by asking.
 */
import { moneyActionMachine } from '../../machines/money-action/money-action.machine.ts';
import type { KeyOutcome, MoneyMoved } from '../../machines/money-action/money-action.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import type { FlowModel } from './support/flow-model.ts';

type MoneyAction = typeof moneyActionMachine;

export const ACTION_REQUEST = { kind: 'amount', from: 'WALLET', to: 'PG', amount: 100 };
export const ACTION_KEY = 'model-action.1';
export const ACTION_MOVED: MoneyMoved = { message: 'SUCCESS', amount: 100, wallet: { amount: 400 }, transferId: '17' };

const replies = {
  send: [
    { ok: true, data: ACTION_MOVED },
    { ok: false, message: 'MONEY_NOT_ENOUGH' },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
    { ok: false, message: 'NETWORK_ERROR' },
  ] satisfies Result<MoneyMoved>[],
  ask: [
    { ok: true, data: { seen: true, statusCode: 200, answer: ACTION_MOVED } },
    { ok: true, data: { seen: true, statusCode: 400, answer: { message: 'MONEY_NOT_ENOUGH' } } },
    { ok: true, data: { seen: false } },
    { ok: false, message: 'NETWORK_ERROR' },
  ] satisfies Result<KeyOutcome>[],
};

const model = (name: string, start: 'sending' | 'asking'): FlowModel<MoneyAction> => ({
  name,
  machine: moneyActionMachine,
  input: { request: ACTION_REQUEST, idempotencyKey: ACTION_KEY, start },
  // Nothing is sent to an action: it only waits for its answers.
  events: () => [],
  abstraction: ({ context }) => ({ error: context.error }),
  replies,
});

export const moneyActionModels: FlowModel<MoneyAction>[] = [model('money action', 'sending'), model('money action asked first', 'asking')];
