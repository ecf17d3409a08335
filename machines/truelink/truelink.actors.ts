/** Sending a TrueMoney gift link over the API client, encrypted first (the cipher loads with the first send). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { MoneyMoved } from './truelink.types.ts';

export function trueLinkActors(api: ApiClient) {
  return {
    sendLink: fromPromise<Result<MoneyMoved>, { link: string; idempotencyKey: string }>(async ({ input, signal }) => {
      const { encryptLink } = await import('../../src/api/encrypt-link.ts');
      return api.call('trueLink', { link: encryptLink(input.link) }, { idempotencyKey: input.idempotencyKey, signal });
    }),
  };
}
