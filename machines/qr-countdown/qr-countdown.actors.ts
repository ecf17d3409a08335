/** One QR provider's calls over the API client: read, create and cancel its QR. */
import { fromPromise } from 'xstate';
import type { QrProvider, QrState } from '../../src/contract/deposit.ts';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export function qrCountdownActors(api: ApiClient) {
  const read = fromPromise<Result<QrState>, { provider: QrProvider }>(({ input, signal }) =>
    api.call('qrGet', { params: { bankCode: input.provider }, signal }),
  );
  return {
    loadQr: read,
    checkQr: read,
    createQr: fromPromise<Result<QrState>, { provider: QrProvider; amount: number }>(({ input, signal }) =>
      api.call('qrCreate', { amount: input.amount }, { params: { bankCode: input.provider }, signal }),
    ),
    cancelQr: fromPromise<Result<unknown>, { qrcodeId: string }>(({ input, signal }) =>
      api.call('qrCancel', { params: { qrcodeId: input.qrcodeId }, signal }),
    ),
  };
}
