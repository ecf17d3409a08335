import { HISTORY_PAGE_SIZE } from '../../machines/fairness/fairness.machine.ts';
import type { FairnessAnswer, FairnessContext, FairnessRead, HistoryRead } from '../../machines/fairness/fairness.types.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { draftRule, fairnessModels, SPIN_CHECKS } from './fairness.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import { checkLoaderDelayEnded } from './support/loader-delay.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';

const idle = 'shown.idle';

function check(step: ReplayedStep) {
  const { event, before, after, actions, calls, emitted } = step;
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as FairnessContext;
  const context = after.context as FairnessContext;
  const unchanged = () => expect([now, context, calls, actions]).toEqual([was, previous, [], []]);
  const history = (page: number) => [{ actor: 'loadHistory', input: { page, limit: HISTORY_PAGE_SIZE } }];
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual([
        'loading.quiet',
        { fairness: null, spins: [], total: 0, page: 1, shownPage: 1, seedDraft: '', seedError: null, error: null, checks: null, attempts: 0 },
      ]);
      expectedCalls = [{ actor: 'load', input: { page: 1, limit: HISTORY_PAGE_SIZE } }];
      break;
    case 'seed.change':
      // Typing goes on while a seed is saved or the page reads: the field stays the member's.
      if (!was.startsWith('shown.')) return unchanged();
      expect([now, context]).toEqual([was, { ...previous, seedDraft: event.value, seedError: null }]);
      break;
    case 'seed.save': {
      if (was !== idle) return unchanged();
      const rule = draftRule(previous);
      if (rule === 'saved') return unchanged();
      if (rule === 'invalid') {
        // Refused in the page (CLIENT_SEED): nothing is sent.
        expect([now, context]).toEqual([idle, { ...previous, seedError: 'KEY_INVALID' }]);
      } else {
        expect([now, context]).toEqual(['shown.savingSeed', previous]);
        expectedCalls = [{ actor: 'saveClientSeed', input: { clientSeed: previous.seedDraft } }];
      }
      break;
    }
    case 'seed.rotate':
      if (was !== idle) return unchanged();
      expect([now, context]).toEqual(['shown.rotating', previous]);
      expectedCalls = [{ actor: 'rotate', input: undefined }];
      break;
    case 'history.page': {
      const pages = Math.max(1, Math.ceil(previous.total / HISTORY_PAGE_SIZE));
      if (was !== idle || event.page > pages || event.page === previous.shownPage) return unchanged();
      expect([now, context]).toEqual(['shown.pageLoading', { ...previous, page: event.page }]);
      expectedCalls = history(event.page);
      break;
    }
    case 'history.verify':
      if (was !== idle) return unchanged();
      // Each spin shown, checked in the machine: what the page shows, in the order of the spins.
      expect([now, context]).toEqual([idle, { ...previous, checks: previous.spins.map((spin) => SPIN_CHECKS[spin._id]) }]);
      break;
    case 'read.online':
      // The connection is back: a page waiting for it is read now (docs/decisions/0146-reads-that-wait.md).
      if (was !== 'offline') return unchanged();
      expect([now, context]).toEqual(['loading.quiet', previous]);
      expectedCalls = [{ actor: 'load', input: { page: previous.page, limit: HISTORY_PAGE_SIZE } }];
      break;
    case 'fairness.retry':
      if (was === 'offline') {
        expect([now, context]).toEqual(['loading.quiet', previous]);
        expectedCalls = [{ actor: 'load', input: { page: previous.page, limit: HISTORY_PAGE_SIZE } }];
        break;
      }
      if (was !== 'failed') return unchanged();
      expect([now, context]).toEqual(['loading.quiet', { ...previous, error: null }]);
      expectedCalls = [{ actor: 'load', input: { page: previous.page, limit: HISTORY_PAGE_SIZE } }];
      break;
    case 'xstate.done.actor.load': {
      const answer = event.output as FairnessRead;
      if (answer.ok) {
        const { fairness, history: shown } = answer.data;
        expect([now, context]).toEqual([
          idle,
          { ...previous, fairness, seedDraft: fairness.clientSeed, spins: shown.spins, total: shown.total, shownPage: previous.page, error: null, attempts: 0 },
        ]);
      } else if (answer.message === NETWORK_ERROR) {
        // No answer: no failure shows, nothing is logged; the page waits.
        expect([now, context]).toEqual(['offline', { ...previous, attempts: nextAttempt(previous.attempts) }]);
      } else {
        expect([now, context]).toEqual(['failed', { ...previous, error: answer.message }]);
        expectedActions = [{ type: 'logFailure', params: { message: answer.message } }];
      }
      break;
    }
    case 'xstate.error.actor.load':
      expect([now, context]).toEqual(['offline', { ...previous, attempts: nextAttempt(previous.attempts) }]);
      break;
    case 'xstate.done.actor.saveClientSeed': {
      const answer = event.output as FairnessAnswer;
      if (answer.ok) {
        expect([now, context]).toEqual([idle, { ...previous, fairness: answer.data, seedDraft: answer.data.clientSeed, seedError: null, error: null }]);
      } else expect([now, context]).toEqual([idle, { ...previous, seedError: answer.message }]);
      break;
    }
    case 'xstate.error.actor.saveClientSeed':
      expect([now, context]).toEqual([idle, { ...previous, seedError: NETWORK_ERROR }]);
      break;
    case 'xstate.done.actor.rotate': {
      const answer = event.output as FairnessAnswer;
      if (answer.ok) {
        // The old seed is revealed: the spins shown are read again to show it.
        expect([now, context]).toEqual([
          'shown.pageLoading',
          { ...previous, fairness: answer.data, seedDraft: answer.data.clientSeed, seedError: null, error: null },
        ]);
        expectedCalls = history(previous.page);
      } else expect([now, context]).toEqual([idle, { ...previous, error: answer.message }]);
      break;
    }
    case 'xstate.error.actor.rotate':
      expect([now, context]).toEqual([idle, { ...previous, error: NETWORK_ERROR }]);
      break;
    case 'xstate.done.actor.loadHistory': {
      const answer = event.output as HistoryRead;
      if (answer.ok) {
        expect([now, context]).toEqual([
          idle,
          // Another page: not checked until the member asks again.
          { ...previous, spins: answer.data.spins, total: answer.data.total, shownPage: previous.page, checks: null },
        ]);
      } else {
        // spec 7: only logged; the page shown stays, and stays the page asked for.
        expect([now, context]).toEqual([idle, { ...previous, page: previous.shownPage }]);
        expectedActions = [{ type: 'logFailure', params: { message: answer.message } }];
      }
      break;
    }
    case 'xstate.error.actor.loadHistory':
      expect([now, context]).toEqual([idle, { ...previous, page: previous.shownPage }]);
      expectedActions = [{ type: 'logFailure', params: { message: NETWORK_ERROR } }];
      break;
    default:
      if (/^xstate\.after\.retryDelay\./.test(event.type)) {
        // The backoff: 1 s after the first unanswered read, doubling to 30 s.
        expect(step.waited).toBe(retryDelay(previous.attempts));
        expect([now, context]).toEqual(['loading.quiet', previous]);
        expectedCalls = [{ actor: 'load', input: { page: previous.page, limit: HISTORY_PAGE_SIZE } }];
        break;
      }
      checkLoaderDelayEnded(step);
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
  expect(emitted).toEqual([]);
}

describeModels('fairness', fairnessModels, {
  tags: {
    'loading.quiet': ['loading'],
    'loading.slow': ['loading', 'skeleton'],
    failed: ['failed'],
    offline: ['loading', 'offline', 'skeleton'],
    'shown.idle': ['ready', 'shown'],
    'shown.savingSeed': ['busy', 'shown'],
    'shown.rotating': ['busy', 'shown'],
    'shown.pageLoading': ['pageLoading', 'shown'],
  },
  check,
});
