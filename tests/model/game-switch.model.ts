/** The games' switch as a test model: asking to switch a game off or on, backing out or confirming, the answer. */
import { gameSwitchMachine } from '../../machines/game-switch/game-switch.machine.ts';
import type { GameSwitchAnswer } from '../../machines/game-switch/game-switch.types.ts';
import type { OpsGame } from '../../src/contract/games-ops.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type GameSwitch = typeof gameSwitchMachine;

const LOTUS = { code: 'lotus', name: 'Golden Lotus' };

const events = {
  'switch.ask': () => [
    { type: 'switch.ask', ...LOTUS, active: false },
    { type: 'switch.ask', ...LOTUS, active: true },
  ],
  'switch.confirm': () => [{ type: 'switch.confirm' }],
  'switch.cancel': () => [{ type: 'switch.cancel' }],
} satisfies EventFixtures<GameSwitch>;

/** The game as the server answers a switch to `active`. */
function answeredGame(active: boolean): OpsGame {
  return { ...LOTUS, provider: 'reference', category: 'slot', active, operatorOff: !active, providerEnabled: true };
}

export const gameSwitchModels: FlowModel<GameSwitch>[] = [
  {
    name: 'game switch',
    machine: gameSwitchMachine,
    input: undefined,
    events: offerAll(events),
    replies: {
      // The switch answers the game as it was asked to be, or refuses.
      switchGame: (snapshot) =>
        [{ ok: true, data: answeredGame(snapshot.context.pending?.active ?? false) }, { ok: false, message: 'NO_GAME' }] satisfies GameSwitchAnswer[],
    },
    abstraction: ({ context }) => ({
      asked: context.pending === null ? null : context.pending.active ? 'on' : 'off',
      switched: context.switched === null ? null : context.switched.active ? 'now on' : 'now off',
      failure: context.failure,
    }),
  },
];
