import { assertEvent, assign, setup } from 'xstate';
import { actionEnded, asksAgain, moneyAction, moneyFlowStart, nextAction, startOf } from '../money-action/money-action.machine.ts';
import type { MoneyActionOutput } from '../money-action/money-action.types.ts';
import { actorOutput } from '../shared/actors.ts';
import { NETWORK_ERROR } from '../shared/result.ts';
import type { TrueLinkContext, TrueLinkEvent, TrueLinkInput, TrueLinkOutput, TrueLinkTag } from './truelink.types.ts';

/** What a moved action credited. */
function movedAmount(output: MoneyActionOutput): number {
  return output.outcome === 'moved' ? output.result.amount : 0;
}

/** spec 2: the send is disabled while the link is empty. */
export function linkMissing(context: Pick<TrueLinkContext, 'link'>): boolean {
  return context.link.trim() === '';
}

export const trueLinkMachine = setup({
  types: {
    context: {} as TrueLinkContext,
    events: {} as TrueLinkEvent,
    input: {} as TrueLinkInput,
    tags: {} as TrueLinkTag,
    output: {} as TrueLinkOutput,
  },
  actors: {
    moneyAction: moneyAction<{ link: string }>(),
  },
  actions: {
    setLink: assign(({ event }) => {
      assertEvent(event, 'link.change');
      return { link: event.value, error: null };
    }),
    // One key per member action (machines/money-action): the n-th send gets key n.
    startAction: assign(({ context }) => nextAction(context)),
    endAction: assign((_, output: MoneyActionOutput) => actionEnded(output)),
    showNetworkError: assign({ error: NETWORK_ERROR, saved: true }),
    startAgain: assign({ link: '', idempotencyKey: null, result: null, error: null }),
    // Provided by its parent (machines/deposit): money arrived, the home reads the wallet again.
    linkRedeemed: (_, _params: { amount: number }) => {},
  },
  guards: {
    linkMissing: ({ context }) => linkMissing(context),
    moved: (_, output: MoneyActionOutput) => output.outcome === 'moved',
    refused: (_, output: MoneyActionOutput) => output.outcome === 'refused',
    asksAgain,
  },
}).createMachine({
  id: 'trueLink',
  description:
    'A TrueMoney gift link sent to the wallet (spec 2, spec 5: at least 2 baht, from the registered phone). One idempotency key per send; a retry after no answer sends the same key. It ends when the deposit modal closes, except while a link is on its way.',
  context: ({ input }) => ({ link: '', ...moneyFlowStart(input.keyPrefix) }),
  output: ({ context }) => ({ saved: context.saved }),
  on: { 'link.close': '.closed' },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'link.change': { actions: 'setLink' },
        'link.send': [{ guard: 'linkMissing' }, { target: 'sending', actions: 'startAction' }],
      },
    },
    sending: {
      tags: ['editing', 'busy'],
      on: { 'link.close': {} },
      description: 'The money action (machines/money-action) sends POST /api/wallet/truelink with the encrypted link and the send\'s key.',
      invoke: {
        id: 'moneyAction',
        src: 'moneyAction',
        input: ({ context }) => ({ request: { link: context.link.trim() }, idempotencyKey: context.idempotencyKey!, start: startOf(context.error) }),
        onDone: [
          {
            guard: { type: 'moved', params: actorOutput },
            target: 'sent',
            actions: [
              { type: 'endAction', params: actorOutput },
              { type: 'linkRedeemed', params: ({ event }) => ({ amount: movedAmount(event.output) }) },
            ],
          },
          { guard: { type: 'refused', params: actorOutput }, target: 'editing', actions: { type: 'endAction', params: actorOutput } },
          { target: 'outcomeUnknown', actions: { type: 'endAction', params: actorOutput } },
        ],
        onError: { target: 'outcomeUnknown', actions: 'showNetworkError' },
      },
    },
    outcomeUnknown: {
      tags: 'outcomeUnknown',
      description: 'No answer came, and the server could not be asked (the link may have been redeemed), or it never saw the key (NOT_SEEN). Only a retry with the same key is offered (it asks first, unless the server never saw the key); when the connection is back the server is asked by itself.',
      on: {
        'link.retry': 'sending',
        'connectivity.online': { guard: 'asksAgain', target: 'sending' },
      },
    },
    sent: {
      tags: 'sent',
      description: 'The link was redeemed: the amount credited and the new wallet balance; the wallet is read again.',
      on: { 'link.another': { target: 'editing', actions: 'startAgain' } },
    },
    closed: {
      type: 'final',
      description: 'The modal closed: saved tells whether a link moved or may have moved money.',
    },
  },
});
