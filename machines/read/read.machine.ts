import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { answeredFailure, noAnswer } from '../shared/read-failure.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { okData, type Result } from '../shared/result.ts';
import type { ReadContext, ReadEvent, ReadTag } from './read.types.ts';

export const readMachine = setup({
  types: {
    context: {} as ReadContext,
    events: {} as ReadEvent,
    tags: {} as ReadTag,
  },
  actors: {
    read: notProvided<Result<unknown>>('read'),
  },
  actions: {
    store: assign((_, result: Result<unknown>) => ({ data: okData(result) })),
    // Provided by the view layer (spec 7: such failures are only logged).
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded: (_, result: Result<unknown>) => result.ok,
    hasData: ({ context }) => context.data !== null,
  },
  delays: loaderDelays,
}).createMachine({
  id: 'read',
  description:
    'A page that shows one read of the server (the profile). A failed read is only logged: what is shown stays, or the skeleton with a retry (spec 7).',
  context: { data: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The skeleton shows only when the answer takes longer than the loader delay (spec 9); what was shown stays meanwhile.',
      tags: 'loading',
      ...skeletonAfterLoaderDelay,
      invoke: {
        id: 'read',
        src: 'read',
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'shown', actions: { type: 'store', params: actorOutput } },
          { guard: 'hasData', target: 'shown', actions: { type: 'logFailure', params: answeredFailure } },
          { target: 'failed', actions: { type: 'logFailure', params: answeredFailure } },
        ],
        onError: [
          { guard: 'hasData', target: 'shown', actions: { type: 'logFailure', params: noAnswer } },
          { target: 'failed', actions: { type: 'logFailure', params: noAnswer } },
        ],
      },
    },
    shown: {
      on: { 'read.reload': 'loading' },
    },
    failed: {
      tags: 'failed',
      description: 'Nothing to show: the skeleton stays with a retry.',
      on: { 'read.retry': 'loading', 'read.reload': 'loading' },
    },
  },
});
