/** The invite modal's reads over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { InviteRuleAnswer, InvitesAnswer, InvitesPageQuery } from './invites.types.ts';

export function invitesActors(api: ApiClient) {
  return {
    readRule: fromPromise<InviteRuleAnswer, void>(({ signal }) => api.call('inviteRule', { signal })),
    loadPage: fromPromise<InvitesAnswer, InvitesPageQuery>(({ input, signal }) =>
      api.call('invites', { page: input.page, limit: input.limit }, { signal }),
    ),
  };
}
