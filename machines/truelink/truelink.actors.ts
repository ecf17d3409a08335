/** Sending a TrueMoney gift link over the API client: its money action encrypts the link first (the cipher loads with the first send). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { moneyAction } from '../money-action/money-action.machine.ts';
import { askKey } from '../money-action/money-action.actors.ts';
import type { MoneyActionInput, MoneyMoved } from '../money-action/money-action.types.ts';
import type { Result } from '../shared/result.ts';

export function trueLinkActors(api: ApiClient) {
  const send = fromPromise<Result<MoneyMoved>, MoneyActionInput<{ link: string }>>(async ({ input: { request, idempotencyKey }, signal }) => {
    const { encryptLink } = await import('../../src/api/encrypt-link.ts');
    return api.call('trueLink', { link: encryptLink(request.link) }, { idempotencyKey, signal });
  });
  return { moneyAction: moneyAction<{ link: string }>().provide({ actors: { send, ask: askKey(api) } }) };
}
