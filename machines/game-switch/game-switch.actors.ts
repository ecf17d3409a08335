/** The games' switch over the operator's API client: PUT /api/ops/games/:code (marketing, admins). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { GameSwitchAnswer } from './game-switch.types.ts';

export function gameSwitchActors(api: ApiClient) {
  return {
    switchGame: fromPromise<GameSwitchAnswer, { code: string; active: boolean }>(({ input, signal }) =>
      api.call('opsGameSwitch', { active: input.active }, { params: { code: input.code }, signal }),
    ),
  };
}
