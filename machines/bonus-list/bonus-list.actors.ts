/** The offers over the operator's API client: the list with its bounds, and pausing or making one active. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { BonusesAnswer, OfferStatus, StatusAnswer } from './bonus-list.types.ts';

export function bonusListActors(api: ApiClient) {
  return {
    loadBonuses: fromPromise<BonusesAnswer, void>(({ signal }) => api.call('opsBonuses', { signal })),
    setStatus: fromPromise<StatusAnswer, { code: string; status: OfferStatus }>(({ input, signal }) =>
      api.call(input.status === 'active' ? 'opsBonusActive' : 'opsBonusPaused', { params: { code: input.code }, signal }),
    ),
  };
}
