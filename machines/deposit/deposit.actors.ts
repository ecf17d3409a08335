/** The deposit modal's I/O over the API client: its lookup, the QR payments', the link's and the slip upload's. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { depositQrActors } from '../deposit-qr/deposit-qr.actors.ts';
import { slipUploadActors } from '../slip-upload/slip-upload.actors.ts';
import { trueLinkActors } from '../truelink/truelink.actors.ts';
import { qrPayments, slipUpload, trueLink } from './deposit.machine.ts';
import type { DepositLookupAnswer } from './deposit.types.ts';

export function depositActors(api: ApiClient) {
  return {
    lookup: fromPromise<DepositLookupAnswer, void>(({ signal }) => api.call('lookupDeposit', { signal })),
    qr: qrPayments(depositQrActors(api)),
    trueLink: trueLink(trueLinkActors(api)),
    slipUpload: slipUpload(slipUploadActors(api)),
  };
}
