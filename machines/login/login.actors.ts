/** The login flow's I/O over the API client (views provide these; they never write their own). */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { LoginCredentials } from './login.types.ts';

export function loginActors(api: ApiClient) {
  return {
    submitLogin: fromPromise<Result<{ token: string }>, LoginCredentials>(({ input, signal }) =>
      api.call('login', { username: input.username, password: input.password }, { signal }),
    ),
  };
}
