/**
 * The mobile-wallet link as a test model: the member pastes one link (or
 * blanks, which cannot be sent), sends it, and after a credit may send a
 * second one; the second send is what shows a new key. The deposit modal
 * may close it at any time.
 */
import { trueLinkMachine } from '../../machines/truelink/truelink.machine.ts';
import type { MoneyActionOutput } from '../../machines/money-action/money-action.types.ts';
import type { MoneyMoved } from '../../machines/truelink/truelink.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type TrueLink = typeof trueLinkMachine;

export const TRUELINK_KEY_PREFIX = 'model-truelink';
export const GIFT_LINK = 'https://gift.truemoney.com/campaign/?v=0123456789abcdef';

const events = {
  'link.change': ({ context }) =>
    context.link === '' && context.actions < 2
      ? [
          { type: 'link.change', value: `  ${GIFT_LINK} ` },
          { type: 'link.change', value: '   ' },
        ]
      : [],
  'link.send': ({ context }) => (context.actions < 2 ? [{ type: 'link.send' }] : []),
  'link.retry': () => [{ type: 'link.retry' }],
  // The shell's connectivity actor is online again (docs/decisions/0145-a-flaky-network.md).
  'connectivity.online': () => [{ type: 'connectivity.online' }],
  'link.another': () => [{ type: 'link.another' }],
  'link.close': () => [{ type: 'link.close' }],
} satisfies EventFixtures<TrueLink>;

const credited: MoneyMoved = { message: 'SUCCESS', amount: 50, wallet: { amount: 150 }, transferId: '21' };

/** How the money action (machines/money-action, with its own model) may end. */
const replies = {
  moneyAction: [
    { outcome: 'moved', result: credited },
    { outcome: 'refused', error: 'TRUELINK_DUPLICATE' },
    { outcome: 'unknown', error: 'INTERNAL_SERVER_ERROR' },
    // The server never saw the key: nothing moved, the same key may go again.
    { outcome: 'unknown', error: 'NOT_SEEN' },
  ] satisfies MoneyActionOutput[],
};

export const trueLinkModels: FlowModel<TrueLink>[] = [
  {
    name: 'mobile-wallet link',
    machine: trueLinkMachine,
    input: { keyPrefix: TRUELINK_KEY_PREFIX },
    events: offerAll(events),
    replies,
    // The link as the rule reads it (blank once trimmed or not), the action's number (its key), the error shown, the credit.
    abstraction: ({ context }) => ({
      link: context.link === '' ? null : context.link.trim() === '' ? 'blank' : 'pasted',
      action: context.actions || null,
      error: context.error,
      credited: context.result !== null,
    }),
  },
];
