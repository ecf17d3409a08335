/** Receiving the invite bonus over the API client: the conditions, whether a bonus is held, and the collect under the opening's Idempotency-Key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { BonusActiveAnswer, InviteCollected, InviteCollectRequest, InviteRuleAnswer } from './invite-collect.types.ts';

export function inviteCollectActors(api: ApiClient) {
  return {
    readRule: fromPromise<InviteRuleAnswer, void>(({ signal }) => api.call('inviteRule', { signal })),
    checkBonus: fromPromise<BonusActiveAnswer, void>(({ signal }) => api.call('bonusCheckActive', { signal })),
    collect: fromPromise<InviteCollected, InviteCollectRequest>(({ input, signal }) =>
      api.call('inviteCollect', { idempotencyKey: input.idempotencyKey, signal }),
    ),
  };
}
