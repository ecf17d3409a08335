/**
 * A member's standing and sessions over the operator's API client: POST
 * /api/ops/members/:username/status, or .../sessions/ended. Views provide
 * these; they never write their own.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { StandingChange } from './member-standing.types.ts';

export function memberStandingActors(api: ApiClient, username: string) {
  return {
    applyChange: fromPromise<Result<unknown>, { change: StandingChange }>(({ input, signal }) =>
      input.change === 'sessionsEnded'
        ? api.call('opsMemberSessionsEnded', { params: { username }, signal })
        : api.call('opsMemberStatus', { status: input.change }, { params: { username }, signal }),
    ),
  };
}
