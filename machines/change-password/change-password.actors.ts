/** The password change's one call over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export function changePasswordActors(api: ApiClient) {
  return {
    changePassword: fromPromise<Result<unknown>, { oldPassword: string; newPassword: string }>(({ input, signal }) =>
      api.call('changePassword', { oldPassword: input.oldPassword, newPassword: input.newPassword }, { signal }),
    ),
  };
}
