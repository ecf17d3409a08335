import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { confirmedCall } from '../shared/confirmed-call.ts';
import type { Result } from '../shared/result.ts';
import type { MemberStandingContext, MemberStandingEvent, MemberStandingInput, MemberStandingTag, StandingChange } from './member-standing.types.ts';

export const memberStandingMachine = setup({
  types: {
    context: {} as MemberStandingContext,
    events: {} as MemberStandingEvent,
    input: {} as MemberStandingInput,
    tags: {} as MemberStandingTag,
  },
  actors: {
    applyChange: notProvided<Result<unknown>, { change: StandingChange }>('applyChange'),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'standing.choose');
      return { change: event.change, failure: null };
    }),
    forget: assign({ change: null, failure: null }),
    clearFailure: assign({ failure: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
    applied: assign(({ context }) => ({ status: context.change === 'sessionsEnded' || context.change === null ? context.status : context.change, change: null })),
    // Provided by the view layer: reads the member's page again and says what was done.
    changed: (_, _done: { change: StandingChange }) => {},
  },
  guards: {
    succeeded,
    // Sessions may always be ended (none live: nothing happens); a standing only when it differs.
    changesSomething: ({ context, event }) => {
      assertEvent(event, 'standing.choose');
      return event.change === 'sessionsEnded' || event.change !== context.status;
    },
  },
}).createMachine({
  id: 'memberStanding',
  description:
    'A member\'s standing and sessions on their console page: the operator chooses suspend, close, resume or end sessions; a confirmation says what will happen (a suspension or closing ends their sessions at once); a refusal stays on the confirmation with its reason.',
  context: ({ input }) => ({ status: input.status, change: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      tags: 'idle',
      on: { 'standing.choose': { guard: 'changesSomething', target: 'confirming', actions: 'choose' } },
    },
    ...confirmedCall({
      states: {
        confirming: { name: 'confirming', description: 'The confirmation states the effect for the member; nothing is sent until it is confirmed.' },
        calling: { name: 'applying', description: 'Buttons are disabled until the server answers.' },
      },
      on: { confirm: 'standing.confirm', cancel: 'standing.cancel' },
      cancel: { target: 'idle', actions: 'forget' },
      call: { src: 'applyChange', input: ({ context }: { context: MemberStandingContext }) => ({ change: context.change! }) },
      ok: { target: 'idle', action: 'changed', params: ({ context }: { context: MemberStandingContext }) => ({ change: context.change! }), then: ['applied'] },
    }),
  },
});
