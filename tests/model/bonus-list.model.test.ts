import type { BonusListContext } from '../../machines/bonus-list/bonus-list.types.ts';
import { bonusListModels } from './bonus-list.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, calls }: ReplayedStep) {
  const previous = before?.context as BonusListContext;
  const context = after.context as BonusListContext;
  const now = stateKey(after);
  const unchanged = () => expect([now, context]).toEqual([stateKey(before!), previous]);
  const answer = (event as { output?: { ok: boolean; data?: unknown; message?: string } }).output;
  const failure = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer && !answer.ok ? answer.message : null;
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['loading', { bonuses: [], bounds: null, pending: null, failure: null }]);
      expectedCalls = [{ actor: 'loadBonuses', input: undefined }];
      break;
    case 'list.reload':
      if (!before!.matches('ready') && !before!.matches('failed')) return unchanged();
      // What is shown stays while it is read again.
      expect([now, context.bonuses]).toEqual(['loading', previous.bonuses]);
      expectedCalls = [{ actor: 'loadBonuses', input: undefined }];
      break;
    case 'xstate.done.actor.loadBonuses':
    case 'xstate.error.actor.loadBonuses':
      if (failure) expect([now, context.failure, context.bonuses]).toEqual(['failed', failure, previous.bonuses]);
      else expect([now, context.bonuses, context.bounds, context.failure]).toEqual(['ready', ...Object.values(answer!.data as object), null]);
      break;
    case 'status.change': {
      const row = previous.bonuses.find((bonus) => bonus.code === event.code);
      if (!before!.matches('ready') || before!.matches('confirming') || before!.matches('changing') || !row || row.status === event.status) return unchanged();
      // Asked first: nothing is sent before the confirmation.
      expect([now, context.pending, context.failure]).toEqual(['confirming', { code: event.code, status: event.status }, null]);
      break;
    }
    case 'status.cancel':
      if (!before!.matches('confirming')) return unchanged();
      expect([now, context.pending, context.bonuses]).toEqual(['ready', null, previous.bonuses]);
      break;
    case 'status.confirm':
      if (!before!.matches('confirming')) return unchanged();
      expect(now).toBe('changing');
      expectedCalls = [{ actor: 'setStatus', input: previous.pending }];
      break;
    case 'xstate.done.actor.setStatus':
    case 'xstate.error.actor.setStatus':
      expect([now, context.pending]).toEqual(['ready', null]);
      if (failure) expect([context.failure, context.bonuses]).toEqual([failure, previous.bonuses]);
      else {
        const bonus = (answer!.data as { bonus: { code: string } }).bonus;
        expect(context.bonuses).toEqual(previous.bonuses.map((row) => (row.code === bonus.code ? bonus : row)));
        expect(context.failure).toBeNull();
      }
      break;
    case 'bonus.saved': {
      if (!before!.matches('ready') || before!.matches('confirming') || before!.matches('changing')) return unchanged();
      const known = previous.bonuses.some((row) => row.code === event.bonus.code);
      expect(context.bonuses).toEqual(known ? previous.bonuses.map((row) => (row.code === event.bonus.code ? event.bonus : row)) : [...previous.bonuses, event.bonus]);
      break;
    }
    default:
      throw new Error(`no check for ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
}

describeModels('bonus-list', bonusListModels, {
  tags: {
    loading: ['loading'],
    failed: ['failed'],
    ready: ['ready'],
    confirming: ['confirming', 'ready'],
    changing: ['changing', 'ready'],
  },
  check,
});
