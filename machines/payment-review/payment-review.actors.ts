/** The payment review's calls over the operator's API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';

export type DecisionAnswer = Result<{ message: string }>;

export function paymentReviewActors(api: ApiClient) {
  return {
    creditPayment: fromPromise<DecisionAnswer, { id: string; username: string }>(({ input, signal }) =>
      api.call('opsPaymentCredit', { username: input.username }, { params: { id: input.id }, signal }),
    ),
    dismissPayment: fromPromise<DecisionAnswer, string>(({ input, signal }) => api.call('opsPaymentDismissed', { params: { id: input }, signal })),
  };
}
