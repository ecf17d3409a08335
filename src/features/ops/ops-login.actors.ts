/**
 * The operators' login over machines/login (the same form rules: both
 * fields filled, no double submit, the error line cleared on typing), with
 * the second factor added: POST /api/login { username, password, otpCode }.
 * The code is read when the form is sent; an empty one is left out, as the
 * demo's bootstrap admin may log in without (README "Operators").
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { Result } from '../../../machines/shared/result.ts';
import type { LoginCredentials } from '../../../machines/login/login.types.ts';

export function opsLoginActors(api: ApiClient, otpCode: () => string) {
  return {
    submitLogin: fromPromise<Result<{ token: string }>, LoginCredentials>(({ input, signal }) => {
      const code = otpCode().replace(/\s/g, '');
      return api.call('login', { username: input.username, password: input.password, ...(code ? { otpCode: code } : {}) }, { signal });
    }),
  };
}
