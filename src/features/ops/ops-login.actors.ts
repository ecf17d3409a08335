/**
 * The operators' login over machines/ops-login: POST /api/login { username,
 * password, otpCode }, the code left out when empty, as the demo's bootstrap
 * admin may log in without (README "Operators").
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { Result } from '../../../machines/shared/result.ts';
import type { OpsCredentials } from '../../../machines/ops-login/ops-login.types.ts';

export function opsLoginActors(api: ApiClient) {
  return {
    submitLogin: fromPromise<Result<{ token: string }>, OpsCredentials>(({ input, signal }) => {
      const { otpCode, ...credentials } = input;
      return api.call('login', { ...credentials, ...(otpCode ? { otpCode } : {}) }, { signal });
    }),
  };
}
