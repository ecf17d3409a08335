import type { GameSwitchContext } from '../../machines/game-switch/game-switch.types.ts';
import { NETWORK_ERROR, type Result } from '../../machines/shared/result.ts';
import type { OpsGame } from '../../src/contract/games-ops.ts';
import { gameSwitchModels } from './game-switch.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const previous = before?.context as GameSwitchContext;
  const context = after.context as GameSwitchContext;
  const unchanged = () => expect([stateKey(after), context, calls, actions]).toEqual([was, previous, [], []]);

  switch (event.type) {
    case 'xstate.init':
      expect([after.value, context]).toEqual(['idle', { pending: null, switched: null, failure: null }]);
      break;
    case 'switch.ask': {
      if (!before!.matches('idle')) return unchanged();
      const { type: _, ...asked } = event as { type: string; code: string; name: string; active: boolean };
      expect([after.value, context]).toEqual(['confirming', { ...previous, pending: asked, failure: null }]);
      break;
    }
    case 'switch.cancel':
      if (!before!.matches('confirming')) return unchanged();
      expect([after.value, context]).toEqual(['idle', { ...previous, pending: null, failure: null }]);
      break;
    case 'switch.confirm':
      if (!before!.matches('confirming')) return unchanged();
      expect([after.value, context]).toEqual(['switching', { ...previous, failure: null }]);
      // Nothing is sent before the confirmation, and then exactly what was asked.
      expect(calls).toEqual([{ actor: 'switchGame', input: { code: previous.pending!.code, active: previous.pending!.active } }]);
      return expect(actions).toEqual([]);
    default: {
      const answer = (event as { output?: Result<OpsGame> }).output;
      expect(before!.matches('switching')).toBe(true);
      if (answer?.ok) {
        expect([after.value, context]).toEqual(['idle', { pending: null, switched: answer.data, failure: null }]);
        return expect(actions).toEqual([{ type: 'switched' }]);
      }
      // A refusal or no answer: still asking, with the reason shown, the switch still to confirm.
      expect([after.value, context]).toEqual(['confirming', { ...previous, failure: answer ? answer.message : NETWORK_ERROR }]);
    }
  }
  expect(calls).toEqual([]);
  expect(actions).toEqual([]);
}

describeModels('game-switch', gameSwitchModels, {
  tags: { idle: ['idle'], confirming: ['confirming'], switching: ['switching'] },
  check,
});
