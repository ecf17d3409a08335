/** The deposit modal's I/O over the API client: its lookup, the QR payments' and the link's. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { depositQrActors } from '../deposit-qr/deposit-qr.actors.ts';
import { trueLinkActors } from '../truelink/truelink.actors.ts';
import { qrPayments, trueLink } from './deposit.machine.ts';
import type { DepositLookupAnswer } from './deposit.types.ts';

export function depositActors(api: ApiClient) {
  return {
    lookup: fromPromise<DepositLookupAnswer, void>(({ signal }) => api.call('lookupDeposit', { signal })),
    qr: qrPayments(depositQrActors(api)),
    trueLink: trueLink(trueLinkActors(api)),
  };
}
