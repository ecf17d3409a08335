/** The member home's modals as a test model: what the member opens and how each modal closes. */
import { homeMachine } from '../../machines/home/home.machine.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'deposit.open': () => [{ type: 'deposit.open' }],
  'deposit.credited': () => [{ type: 'deposit.credited' }],
  'withdraw.open': () => [{ type: 'withdraw.open' }],
  'transfer.open': () => [{ type: 'transfer.open', start: { from: 'WALLET' } }],
  'game.open': () => [{ type: 'game.open', gameCode: 'SLOT1' }],
  'game.transfer': () => [{ type: 'game.transfer', gameCode: 'SLOT1' }],
  'invite.open': () => [{ type: 'invite.open' }],
  'refund.open': () => [{ type: 'refund.open' }],
  'modal.close': () => [
    { type: 'modal.close', saved: false },
    { type: 'modal.close', saved: true },
  ],
} satisfies EventFixtures<typeof homeMachine>;

export const homeModels: FlowModel<typeof homeMachine>[] = [
  {
    name: 'home modals',
    machine: homeMachine,
    input: undefined,
    events: offerAll(events),
    replies: {},
    // The game a game modal is for, and where a transfer starts.
    abstraction: ({ context }) => ({ game: context.gameCode, transfer: context.transfer ? JSON.stringify(context.transfer) : null }),
  },
];
