/** The refund modal's calls over the API client; the receive carries its Idempotency-Key. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { RefundCheckAnswer, RefundLogsAnswer, RefundLogsQuery, RefundReceived, RefundReceiveRequest } from './refund-receive.types.ts';

export function refundReceiveActors(api: ApiClient) {
  return {
    check: fromPromise<RefundCheckAnswer, void>(({ signal }) => api.call('refundCheck', { signal })),
    loadPage: fromPromise<RefundLogsAnswer, RefundLogsQuery>(({ input, signal }) =>
      api.call('refunds', { page: input.page, limit: input.limit }, { signal }),
    ),
    receive: fromPromise<RefundReceived, RefundReceiveRequest>(({ input, signal }) =>
      api.call('refundReceive', { idempotencyKey: input.idempotencyKey, signal }),
    ),
  };
}
