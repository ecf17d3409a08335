/** Receiving the invite bonus over the API client: the collect carries the opening's Idempotency-Key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { InviteCollected, InviteCollectRequest, InviteRuleAnswer } from './invite-collect.types.ts';

export function inviteCollectActors(api: ApiClient) {
  return {
    readRule: fromPromise<InviteRuleAnswer, void>(({ signal }) => api.call('inviteRule', { signal })),
    collect: fromPromise<InviteCollected, InviteCollectRequest>(({ input, signal }) =>
      api.call('inviteCollect', { idempotencyKey: input.idempotencyKey, signal }),
    ),
  };
}
