import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { confirmedCall } from '../shared/confirmed-call.ts';
import { okData } from '../shared/result.ts';
import type { GameSwitchAnswer, GameSwitchContext, GameSwitchEvent, GameSwitchTag } from './game-switch.types.ts';

export const gameSwitchMachine = setup({
  types: {
    context: {} as GameSwitchContext,
    events: {} as GameSwitchEvent,
    tags: {} as GameSwitchTag,
  },
  actors: {
    switchGame: notProvided<GameSwitchAnswer, { code: string; active: boolean }>('switchGame'),
  },
  actions: {
    ask: assign(({ event }) => {
      assertEvent(event, 'switch.ask');
      return { pending: { code: event.code, name: event.name, active: event.active }, failure: null };
    }),
    forget: assign({ pending: null, failure: null }),
    clearFailure: assign({ failure: null }),
    keepAnswer: assign((_, answer: GameSwitchAnswer) => ({ switched: okData(answer), pending: null, failure: null })),
    showFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
    // Provided by the view layer: the games read again and a toast says what changed (context.switched).
    switched: () => {},
  },
  guards: { succeeded },
}).createMachine({
  id: 'gameSwitch',
  description:
    'An operator switches a game off, or on again, from the console\'s games: a confirmation says what it does to members (off, they can no longer open, enter or fund it; money in it can still go back to the wallet); a refusal stays on the confirmation with its reason.',
  context: { pending: null, switched: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      tags: 'idle',
      on: { 'switch.ask': { target: 'confirming', actions: 'ask' } },
    },
    ...confirmedCall({
      states: {
        confirming: { name: 'confirming', description: 'Says what the switch does to members; nothing is sent until it is confirmed. A refusal shows here and may be confirmed again.' },
        calling: { name: 'switching', description: 'The dialog waits and cannot be closed.' },
      },
      on: { confirm: 'switch.confirm', cancel: 'switch.cancel' },
      cancel: { target: 'idle', actions: 'forget' },
      call: { src: 'switchGame', input: ({ context }: { context: GameSwitchContext }) => ({ code: context.pending!.code, active: context.pending!.active }) },
      ok: { target: 'idle', action: 'keepAnswer', then: ['switched'] },
    }),
  },
});
