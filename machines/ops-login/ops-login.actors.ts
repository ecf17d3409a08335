/**
 * The operators' login over the API client: POST /api/login { username,
 * password, otpCode }, the code left out when empty, as the demo's bootstrap
 * admin may log in without (README "Operators"). Views provide these; they
 * never write their own.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { OpsCredentials } from './ops-login.types.ts';

export function opsLoginActors(api: ApiClient) {
  return {
    submitLogin: fromPromise<Result<{ token: string }>, OpsCredentials>(({ input, signal }) => {
      const { otpCode, ...credentials } = input;
      return api.call('login', { ...credentials, ...(otpCode ? { otpCode } : {}) }, { signal });
    }),
  };
}
