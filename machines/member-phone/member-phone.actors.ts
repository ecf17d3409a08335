/** The member's new phone over the operator's API client: POST /api/ops/members/:username/phone { phone, reason }. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export function memberPhoneActors(api: ApiClient, username: string) {
  return {
    changePhone: fromPromise<Result<unknown>, { phone: string; reason: string }>(({ input, signal }) =>
      api.call('opsMemberPhone', input, { params: { username }, signal }),
    ),
  };
}
