import type { AgreementContext } from '../../machines/agreement/agreement.types.ts';
import { AGREEMENTS, agreementModels } from './agreement.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls, waited }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const context = after.context as AgreementContext;
  const unchanged = () => expect([now, context]).toEqual([was, before?.context]);
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      // Accepted before: nothing opens, nothing is read.
      expect(now).toBe(context.accepted ? 'done' : 'waiting');
      expect(context.agreements).toEqual([]);
      break;
    case 'agreement.accept':
      if (was !== 'open') return unchanged();
      expect(now).toBe('done');
      expectedActions = [{ type: 'remember' }];
      break;
    case 'agreement.dismiss':
      if (was !== 'open') return unchanged();
      // Not remembered: it shows again on a later visit.
      expect(now).toBe('done');
      break;
    default: {
      if (event.type.startsWith('xstate.after.')) {
        // spec 9: 1,500 ms after the home loads, the agreements are read.
        expect([now, waited]).toEqual(['reading', 1_500]);
        expectedCalls = [{ actor: 'read', input: undefined }];
        break;
      }
      const answer = (event as { output?: { ok: boolean; data?: { agreements: string[] } } }).output;
      if (answer?.ok && answer.data!.agreements.length > 0) expect([now, context.agreements]).toEqual(['open', AGREEMENTS]);
      // Nothing to agree to, or the read failed: nothing opens and nothing is said (spec 7).
      else expect([now, context.agreements]).toEqual(['done', []]);
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
}

describeModels('agreement', agreementModels, {
  tags: { waiting: [], reading: [], open: ['open'], done: [] },
  check,
});
