/** The manual deposit's calls over the operator's API client: the member by phone (the members search), and the deposit. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { DepositMember, DepositSent } from './manual-deposit.types.ts';

export function manualDepositActors(api: ApiClient) {
  return {
    findMember: fromPromise<Result<DepositMember | null>, string>(async ({ input, signal }) => {
      const answer = await api.call('opsMembers', { query: { q: input }, signal });
      if (!answer.ok) return answer;
      // The search matches parts of phones and names: only the member with exactly this phone is the one meant.
      return { ok: true, data: answer.data.members.find((member) => member.username === input) ?? null };
    }),
    sendDeposit: fromPromise<Result<{ message: string }>, DepositSent>(({ input, signal }) => api.call('opsDeposit', input, { signal })),
  };
}
