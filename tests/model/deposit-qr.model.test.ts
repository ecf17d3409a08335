import type { DepositQrInput } from '../../machines/deposit-qr/deposit-qr.types.ts';
import { depositQrModels, SERVER_MAXIMUM, SERVER_MINIMUMS } from './deposit-qr.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, after, actions, calls, emitted }: ReplayedStep) {
  // The machine holds nothing but its input, and stays watching whatever its children tell.
  expect([stateKey(after), after.context]).toEqual(['watching', { serverMinimums: SERVER_MINIMUMS, serverMaximum: SERVER_MAXIMUM } satisfies DepositQrInput]);
  // A payment a provider saw is told to the deposit modal (its hook), once; nothing else is.
  expect(actions).toEqual(event.type === 'qr.paid' ? [{ type: 'announcePaid', params: { amount: event.amount } }] : []);
  expect(emitted).toEqual([]);
  if (event.type === 'xstate.init') {
    // One child per provider, each with its minimum: the client's floor or the server's setting, whichever is more (spec 5).
    return expect(calls).toEqual([
      { actor: 'provider', input: { provider: 'KBANK', minimum: 20, maximum: SERVER_MAXIMUM } },
      { actor: 'provider', input: { provider: 'WW', minimum: 100, maximum: SERVER_MAXIMUM } },
      { actor: 'provider', input: { provider: 'E2P', minimum: 50, maximum: SERVER_MAXIMUM } },
    ]);
  }
  // What a child tells it starts nothing new: the others read again through their own events (tests/unit/deposit-qr.test.ts).
  expect(calls).toEqual([]);
}

describeModels('deposit-qr', depositQrModels, {
  tags: { watching: [] },
  check,
});
