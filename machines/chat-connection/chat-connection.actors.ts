/**
 * The connection's calls over the API client: the room prefix, and a guest's
 * id (kept in localStorage beside its signed token, renewed on every start);
 * and its effects on the app: a member's ended session told to the session,
 * a guest the server no longer takes forgotten. The socket is the view's
 * (src/features/chat-shared/chat-socket.ts, under machines/socket-link):
 * socket.io-client loads with the first socket only.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { clearGuestCredentials, storeGuestCredentials } from '../../src/api/guest-token.ts';
import type { ConfigAnswer, GuestAnswer } from './chat-connection.types.ts';

export function chatConnectionActors(api: ApiClient) {
  return {
    loadConfig: fromPromise<ConfigAnswer, void>(({ signal }) => api.call('chatConfig', { signal })),
    // The client sends the stored guest token (if any): the server renews that guest, or issues a new one.
    ensureGuest: fromPromise<GuestAnswer, void>(async ({ signal }) => {
      const answer = await api.call('chatGuest', { signal });
      if (answer.ok) storeGuestCredentials(answer.data);
      return answer;
    }),
  };
}

export function chatConnectionActions(api: ApiClient) {
  return {
    endSession: () => api.deps.onSessionMessage('invalid-token'),
    forgetGuest: () => clearGuestCredentials(),
  };
}
