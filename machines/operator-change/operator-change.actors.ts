/** Disable (POST /api/ops/operators/{phone}/disabled) or reset (…/reset), over the operator's API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { OperatorChanged, OperatorChangeInput } from './operator-change.types.ts';

export function operatorChangeActors(api: ApiClient) {
  return {
    sendChange: fromPromise<Result<OperatorChanged>, Pick<OperatorChangeInput, 'phone' | 'change'>>(({ input, signal }) => {
      const options = { params: { phone: input.phone }, signal };
      return input.change === 'reset' ? api.call('opsOperatorReset', options) : api.call('opsOperatorDisabled', options);
    }),
  };
}
