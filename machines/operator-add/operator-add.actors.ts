/** The add's one call, POST /api/ops/operators, over the operator's API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { Enrolled, OperatorAddRequest } from './operator-add.types.ts';

export function operatorAddActors(api: ApiClient) {
  return {
    addOperator: fromPromise<Result<Enrolled>, OperatorAddRequest>(({ input, signal }) => api.call('opsOperatorAdd', input, { signal })),
  };
}
