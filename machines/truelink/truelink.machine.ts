import { assertEvent, assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { idempotencyKey, outcomeUnknown, type MoneyMoved } from '../shared/money-action.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import type { TrueLinkContext, TrueLinkEvent, TrueLinkInput, TrueLinkTag } from './truelink.types.ts';

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
  },
  actors: {
    sendLink: notProvided<Result<MoneyMoved>, { link: string; idempotencyKey: string }>('sendLink'),
  },
  actions: {
    setLink: assign(({ event }) => {
      assertEvent(event, 'link.change');
      return { link: event.value, error: null };
    }),
    // One key per member action (machines/shared/money-action.ts): the n-th send gets key n.
    startAction: assign(({ context }) => ({
      actions: context.actions + 1,
      idempotencyKey: idempotencyKey(context.keyPrefix, context.actions + 1),
      error: null,
    })),
    storeResult: assign((_, result: Result<MoneyMoved>) => ({ result: okData(result), error: null })),
    // The server answered: nothing was credited and the key is spent.
    showRefusal: assign((_, result: Result<MoneyMoved>) => ({ error: failureMessage(result), idempotencyKey: null })),
    // Perhaps it was credited: keep the key for a retry.
    showUnknownOutcome: assign((_, result: Result<MoneyMoved>) => ({ error: failureMessage(result) })),
    showNetworkError: assign({ error: NETWORK_ERROR }),
    startAgain: assign({ link: '', idempotencyKey: null, result: null, error: null }),
    // Provided by the view layer.
    linkRedeemed: (_, _params: { amount: number }) => {},
  },
  guards: {
    linkMissing: ({ context }) => linkMissing(context),
    succeeded: (_, result: Result<MoneyMoved>) => result.ok,
    outcomeUnknown: (_, result: Result<MoneyMoved>) => outcomeUnknown(result),
  },
}).createMachine({
  id: 'trueLink',
  description:
    'A TrueMoney gift link sent to the wallet (spec 2, spec 5: at least 2 baht, from the registered phone). One idempotency key per send; a retry after no answer sends the same key.',
  context: ({ input }) => ({ link: '', keyPrefix: input.keyPrefix, actions: 0, idempotencyKey: null, error: null, result: null }),
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
      description: 'POST /api/wallet/truelink with the encrypted link and the send\'s key.',
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: ({ context }) => ({ link: context.link.trim(), idempotencyKey: context.idempotencyKey! }),
        onDone: [
          {
            guard: { type: 'succeeded', params: actorOutput },
            target: 'sent',
            actions: [
              { type: 'storeResult', params: actorOutput },
              { type: 'linkRedeemed', params: ({ event }) => ({ amount: okData(event.output).amount }) },
            ],
          },
          { guard: { type: 'outcomeUnknown', params: actorOutput }, target: 'outcomeUnknown', actions: { type: 'showUnknownOutcome', params: actorOutput } },
          { target: 'editing', actions: { type: 'showRefusal', params: actorOutput } },
        ],
        onError: { target: 'outcomeUnknown', actions: 'showNetworkError' },
      },
    },
    sent: {
      tags: 'sent',
      description: 'The link was redeemed: the amount credited and the new wallet balance; the wallet is read again.',
      on: { 'link.another': { target: 'editing', actions: 'startAgain' } },
    },
    outcomeUnknown: {
      tags: 'outcomeUnknown',
      description: 'No answer came: the link may have been redeemed. Only a retry with the same key is offered.',
      on: { 'link.retry': 'sending' },
    },
  },
});
