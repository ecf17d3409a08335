import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { answeredFailure, succeeded } from '../shared/answer.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { okData, type Result } from '../shared/result.ts';
import type { ReadContext, ReadEvent, ReadInput, ReadTag } from './read.types.ts';

/** A failed read (params: how to find its message): the message kept for the view, and logged (spec 7). */
const failure = <Params>(params: Params) =>
  [
    { type: 'keepFailure', params },
    { type: 'logFailure', params },
  ] as const;

export const readMachine = setup({
  types: {
    context: {} as ReadContext,
    events: {} as ReadEvent,
    input: {} as ReadInput | undefined,
    tags: {} as ReadTag,
  },
  actors: {
    read: notProvided<Result<unknown>>('read'),
  },
  actions: {
    store: assign((_, result: Result<unknown>) => ({ data: okData(result), failure: null, attempts: 0 })),
    keepFailure: assign((_, { message }: { message: string }) => ({ failure: message, attempts: 0 })),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    // Provided by the view layer (spec 7: such failures are only logged).
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded,
    unanswered,
    hasData: ({ context }) => context.data !== null,
    noStartDelay: ({ context }) => context.startDelay <= 0,
  },
  delays: {
    ...loaderDelays,
    ...retryDelays,
    startDelay: ({ context }) => context.startDelay,
  },
}).createMachine({
  id: 'read',
  description:
    'A view that shows one read of the server (the profile, the contact page, the product name, the conditions). A failed read is logged and its message kept: what is shown stays, or the view offers a retry (spec 7). A read without an answer waits and reads again (docs/decisions/0145-a-flaky-network.md).',
  context: ({ input }) => ({ data: null, failure: null, startDelay: input?.startDelay ?? 0, attempts: 0 }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'Each read starts after the start delay from the input (spec 9: the conditions 200 ms after the modal opens); none, straight away.',
      always: { guard: 'noStartDelay', target: 'loading' },
      after: { startDelay: 'loading' },
    },
    loading: {
      description: 'The skeleton shows only when the answer takes longer than the loader delay (spec 9); what was shown stays meanwhile.',
      tags: 'loading',
      ...skeletonAfterLoaderDelay,
      invoke: {
        id: 'read',
        src: 'read',
        onDone: [
          { guard: { type: 'succeeded', params: actorOutput }, target: 'shown', actions: { type: 'store', params: actorOutput } },
          { guard: { type: 'unanswered', params: actorOutput }, target: 'offline', actions: 'noteUnanswered' },
          { guard: 'hasData', target: 'shown', actions: failure(answeredFailure) },
          { target: 'failed', actions: failure(answeredFailure) },
        ],
        onError: { target: 'offline', actions: 'noteUnanswered' },
      },
    },
    offline: retryWhenBack('waiting', { 'read.retry': 'waiting', 'read.reload': 'waiting' }),
    shown: {
      on: { 'read.reload': 'waiting' },
    },
    failed: {
      tags: 'failed',
      description: 'Nothing to show: the view offers a retry (and may show the failure).',
      on: { 'read.retry': 'waiting', 'read.reload': 'waiting' },
    },
  },
});
