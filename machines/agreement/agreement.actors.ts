/** The agreement modal's read over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { AgreementsAnswer } from './agreement.types.ts';

export function agreementActors(api: ApiClient) {
  return {
    read: fromPromise<AgreementsAnswer, void>(({ signal }) => api.call('lookupAgreements', { signal })),
  };
}
