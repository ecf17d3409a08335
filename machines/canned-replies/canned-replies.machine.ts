import { assertEvent, assign, emit, setup } from 'xstate';
import { cannedReplyRefusal } from '../../src/contract/rules/chat.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { failureMessage, okData } from '../shared/result.ts';
import type {
  CannedAnswer,
  CannedChange,
  CannedChangeAnswer,
  CannedRepliesContext,
  CannedRepliesEmitted,
  CannedRepliesEvent,
  CannedRepliesInput,
  CannedRepliesTag,
} from './canned-replies.types.ts';

export const cannedRepliesMachine = setup({
  types: {
    context: {} as CannedRepliesContext,
    events: {} as CannedRepliesEvent,
    input: {} as CannedRepliesInput,
    tags: {} as CannedRepliesTag,
    emitted: {} as CannedRepliesEmitted,
  },
  actors: {
    loadCanned: notProvided<CannedAnswer>('loadCanned'),
    changeCanned: notProvided<CannedChangeAnswer, CannedChange>('changeCanned'),
  },
  actions: {
    storeCanned: assign((_, answer: CannedAnswer) => ({ canned: okData(answer).replies, cannedError: null })),
    showFailure: assign((_, { message }: { message: string }) => ({ cannedError: message })),
    clearError: assign({ cannedError: null }),
    refuseChange: assign(({ context, event }) => {
      assertEvent(event, 'canned.change');
      // Refused before asking the server: this agent is no admin (a deletion is refused for nothing else), or the reply breaks its rule.
      if (context.canEditCanned === false || event.change.action === 'delete') return { cannedError: 'UNAUTHORIZED' };
      return { cannedError: cannedReplyRefusal(event.change) };
    }),
    applyChange: assign(({ context }, answer: CannedChangeAnswer) => {
      const changed = okData(answer);
      if ('deleted' in changed) return { canned: context.canned.filter((reply) => reply.id !== changed.deleted), cannedError: null, canEditCanned: true };
      const known = context.canned.some((reply) => reply.id === changed.saved.id);
      return {
        canned: known ? context.canned.map((reply) => (reply.id === changed.saved.id ? changed.saved : reply)) : [...context.canned, changed.saved],
        cannedError: null,
        canEditCanned: true,
      };
    }),
    announceSaved: emit({ type: 'canned.saved' } satisfies CannedRepliesEmitted),
    // Only an admin changes canned replies: a refusal says this agent is not one, and the edits go away.
    refuseByServer: assign((_, answer: CannedChangeAnswer) => {
      const message = failureMessage(answer);
      return message === 'UNAUTHORIZED' ? { cannedError: message, canEditCanned: false } : { cannedError: message };
    }),
  },
  guards: {
    succeeded,
    changeRefused: ({ context, event }) => {
      if (context.canEditCanned === false) return true;
      if (event.type !== 'canned.change' || event.change.action === 'delete') return false;
      return cannedReplyRefusal(event.change) !== null;
    },
  },
}).createMachine({
  id: 'cannedReplies',
  description:
    'Canned replies (the agent inbox): read when the picker first opens, again after a failure; an admin adds, changes and deletes them, and the form closes once the server took a change. A reply without a title or text is refused before asking; an agent the server refuses (UNAUTHORIZED) is no admin, and the edits go away.',
  context: ({ input }) => ({ canEditCanned: input.canEditCanned, canned: [], cannedError: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'canned.open': 'loading' } },
    loading: {
      tags: 'canned:loading',
      invoke: {
        id: 'loadCanned',
        src: 'loadCanned',
        ...onAnswer({ target: 'ready', action: 'storeCanned' }, { target: 'failed', action: 'showFailure' }),
      },
    },
    failed: {
      tags: 'canned:failed',
      on: { 'canned.open': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      tags: 'canned:ready',
      on: {
        'canned.change': [{ guard: 'changeRefused', actions: 'refuseChange' }, { target: 'saving', actions: 'clearError' }],
      },
    },
    saving: {
      tags: ['canned:ready', 'canned:saving'],
      description: 'The change on its way: a refusal keeps the form open with the reason.',
      invoke: {
        id: 'changeCanned',
        src: 'changeCanned',
        input: ({ event }) => {
          assertEvent(event, 'canned.change');
          return event.change;
        },
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'ready', actions: [{ type: 'applyChange', params: actorOutput }, 'announceSaved'] },
          { target: 'ready', actions: { type: 'refuseByServer', params: actorOutput } },
        ],
        onError: { target: 'ready', actions: { type: 'showFailure', params: { message: 'NETWORK_ERROR' } } },
      },
    },
  },
});
