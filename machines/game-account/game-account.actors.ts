/** A game account's calls over the API client: open it, read and reset its credentials, and enter the game. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { GameCredentials, GameEntry } from './game-account.types.ts';

type AccountInput = { gameCode: string };

export function gameAccountActors(api: ApiClient) {
  return {
    activateAccount: fromPromise<Result<unknown>, AccountInput>(({ input, signal }) => api.call('gameAccountActivate', { params: { gameCode: input.gameCode }, signal })),
    loadAccount: fromPromise<Result<GameCredentials>, AccountInput>(({ input, signal }) => api.call('gameAccountCredentials', { params: { gameCode: input.gameCode }, signal })),
    resetPassword: fromPromise<Result<unknown>, AccountInput>(({ input, signal }) =>
      api.call('gameAccountResetPassword', { params: { gameCode: input.gameCode }, signal }),
    ),
    // The server keeps the credentials: the password never goes into a URL.
    autoLogin: fromPromise<Result<GameEntry>, { provider: string; username: string }>(async ({ input, signal }) => {
      const result = await api.call('autoLogin', { params: input, signal });
      return result.ok ? { ok: true, data: result.data.entry } : result;
    }),
  };
}
