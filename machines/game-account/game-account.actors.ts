/** A game account's calls over the API client: open it, read and reset its credentials, and enter the game. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { GameCredentials, GameEntry } from './game-account.types.ts';

type SlotInput = { slotCode: string };

export function gameAccountActors(api: ApiClient) {
  return {
    activateSlot: fromPromise<Result<unknown>, SlotInput>(({ input, signal }) => api.call('slotActivate', { params: { slotCode: input.slotCode }, signal })),
    loadAccount: fromPromise<Result<GameCredentials>, SlotInput>(({ input, signal }) => api.call('slotAccount', { params: { slotCode: input.slotCode }, signal })),
    resetPassword: fromPromise<Result<unknown>, SlotInput>(({ input, signal }) =>
      api.call('slotResetPassword', { params: { slotCode: input.slotCode }, signal }),
    ),
    // The server keeps the credentials: the password never goes into a URL.
    autoLogin: fromPromise<Result<GameEntry>, { provider: string; username: string }>(async ({ input, signal }) => {
      const result = await api.call('autoLogin', { params: input, signal });
      return result.ok ? { ok: true, data: result.data.entry } : result;
    }),
  };
}
