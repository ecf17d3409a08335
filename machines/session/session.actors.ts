/**
 * The session's two server calls. The session is created before the API
 * client (the client reads the session's token), so the client comes as a
 * getter.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { ServiceStatus } from './session.types.ts';

export function sessionActors(api: () => ApiClient) {
  return {
    checkService: fromPromise<ServiceStatus, void>(async ({ signal }) => {
      const result = await api().call('lookupActive', { signal });
      return { gone: result.ok ? result.data.status === 'gone' : result.message === 'gone' };
    }),
    revokeToken: fromPromise<void, { token: string }>(async ({ input }) => {
      // spec: logout clears the token whatever the server says.
      await api()
        .call('logout', { token: input.token })
        .catch(() => undefined);
    }),
  };
}
