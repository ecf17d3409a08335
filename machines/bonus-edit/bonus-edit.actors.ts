/** Saving an offer over the operator's API client: POST /api/ops/bonuses for a new one, PUT /api/ops/bonuses/:code for a change. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { BonusSave, BonusSaveAnswer } from './bonus-edit.types.ts';

export function bonusEditActors(api: ApiClient) {
  return {
    saveBonus: fromPromise<BonusSaveAnswer, BonusSave>(({ input, signal }) =>
      input.code === null
        ? api.call('opsBonusCreate', input.definition, { signal })
        : api.call('opsBonusChange', input.definition, { params: { code: input.code }, signal }),
    ),
  };
}
