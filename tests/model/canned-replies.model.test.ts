import type { CannedRepliesContext } from '../../machines/canned-replies/canned-replies.types.ts';
import { cannedRepliesModels } from './canned-replies.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, calls, emitted }: ReplayedStep) {
  const previous = before?.context as CannedRepliesContext;
  const context = after.context as CannedRepliesContext;
  const now = stateKey(after);
  const unchanged = () => expect([now, context]).toEqual([stateKey(before!), previous]);
  const answer = (event as { output?: { ok: boolean; data?: unknown; message?: string } }).output;
  const failure = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer && !answer.ok ? answer.message : null;
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['idle', { canEditCanned: null, canned: [], cannedError: null }]);
      break;
    case 'canned.open':
      if (before!.matches('idle') === false && before!.matches('failed') === false) return unchanged();
      expect([now, context.cannedError]).toEqual(['loading', null]);
      expectedCalls = [{ actor: 'loadCanned', input: undefined }];
      break;
    case 'xstate.done.actor.loadCanned':
    case 'xstate.error.actor.loadCanned':
      if (failure) expect([now, context.cannedError]).toEqual(['failed', failure]);
      else expect([now, context.canned]).toEqual(['ready', (answer!.data as { replies: unknown }).replies]);
      break;
    case 'canned.change': {
      if (!before!.matches('ready')) return unchanged();
      const change = event.change;
      // The server's codes: a bad title is a bad field (KEY_INVALID), a bad text CHAT_TEXT_INVALID; the title is checked first.
      const refusal = change.action === 'save' ? (change.title.trim() === '' ? 'KEY_INVALID' : change.text.trim() === '' ? 'CHAT_TEXT_INVALID' : null) : null;
      if (previous.canEditCanned === false || refusal) {
        expect([now, context.cannedError, context.canned]).toEqual(['ready', previous.canEditCanned === false ? 'UNAUTHORIZED' : refusal, previous.canned]);
        break;
      }
      expect(now).toBe('saving');
      expectedCalls = [{ actor: 'changeCanned', input: change }];
      break;
    }
    case 'xstate.done.actor.changeCanned':
    case 'xstate.error.actor.changeCanned': {
      expect(now).toBe('ready');
      if (failure) {
        expect([context.cannedError, context.canned]).toEqual([failure, previous.canned]);
        // Refused as not an admin: the edits go away.
        expect(context.canEditCanned).toBe(failure === 'UNAUTHORIZED' ? false : previous.canEditCanned);
        break;
      }
      const changed = answer!.data as { saved: { id: string } } | { deleted: string };
      if ('deleted' in changed) {
        expect(context.canned).toEqual(previous.canned.filter((reply) => reply.id !== changed.deleted));
      } else {
        expect(context.canned.filter((reply) => reply.id === changed.saved.id)).toEqual([changed.saved]);
        expect(context.canned.length).toBe(previous.canned.length + (previous.canned.some((reply) => reply.id === changed.saved.id) ? 0 : 1));
      }
      expect([context.cannedError, context.canEditCanned]).toEqual([null, true]);
      // The view closes the change's form: the server took it.
      expectedEmitted = [{ type: 'canned.saved' }];
      break;
    }
    default:
      throw new Error(`no check for ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
}

describeModels('canned-replies', cannedRepliesModels, {
  tags: {
    idle: [],
    loading: ['canned:loading'],
    failed: ['canned:failed'],
    ready: ['canned:ready'],
    saving: ['canned:ready', 'canned:saving'],
  },
  check,
});
