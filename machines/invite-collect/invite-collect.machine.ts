import { assign, emit, setup } from 'xstate';
import { idempotencyKey, outcomeUnknown } from '../money-action/money-action.machine.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { failureMessage, NETWORK_ERROR, okData } from '../shared/result.ts';
import type {
  BonusActiveAnswer,
  InviteCollectContext,
  InviteCollected,
  InviteCollectEmitted,
  InviteCollectEvent,
  InviteCollectInput,
  InviteCollectOutput,
  InviteCollectRequest,
  InviteCollectTag,
  InviteRuleAnswer,
} from './invite-collect.types.ts';

export const inviteCollectMachine = setup({
  types: {
    context: {} as InviteCollectContext,
    events: {} as InviteCollectEvent,
    input: {} as InviteCollectInput,
    output: {} as InviteCollectOutput,
    emitted: {} as InviteCollectEmitted,
    tags: {} as InviteCollectTag,
  },
  actors: {
    readRule: notProvided<InviteRuleAnswer>('readRule'),
    checkBonus: notProvided<BonusActiveAnswer>('checkBonus'),
    collect: notProvided<InviteCollected, InviteCollectRequest>('collect'),
  },
  actions: {
    keepRule: assign((_, answer: InviteRuleAnswer) => ({ rule: okData(answer) })),
    keepBonusHeld: assign({ bonusHeld: true }),
    // The one action of this opening: its key, which a retry sends again.
    takeKey: assign(({ context }) => ({ idempotencyKey: idempotencyKey(context.keyPrefix, 1) })),
    markSaved: assign({ saved: true }),
    announceCollected: emit((_, answer: InviteCollected) => ({ type: 'invite.collected', amount: okData(answer).amount }) as const),
    announceRefusal: emit((_, answer: InviteCollected) => ({ type: 'invite.refused', message: failureMessage(answer) }) as const),
    // No answer: perhaps collected, so the wallet is read again whatever follows.
    keepUnknown: assign((_, answer: InviteCollected) => ({ error: failureMessage(answer), saved: true })),
    keepNetworkError: assign({ error: NETWORK_ERROR, saved: true }),
    clearError: assign({ error: null }),
  },
  guards: {
    succeeded,
    holdsBonus: (_, answer: BonusActiveAnswer) => answer.ok && answer.data.status,
    unknown: (_, answer: InviteCollected) => outcomeUnknown(answer),
  },
  delays: loaderDelays,
}).createMachine({
  id: 'inviteCollect',
  description:
    'Receiving the invite bonus (spec 2 Member home): a confirm dialog with the conditions, the share of invites that succeeded and failed, and a warning; while a bonus is held confirm is disabled and the dialog says why (the server would refuse with BONUS_REMAINING, as the refund modal shows); on confirm GET /api/invite/bonus under the opening\'s Idempotency-Key, then a success toast and the wallet read again, or the error in a danger toast; without an answer, a retry with the same key.',
  context: ({ input }) => ({ invite: input.invite, keyPrefix: input.keyPrefix, rule: null, bonusHeld: false, idempotencyKey: null, error: null, saved: false }),
  initial: 'readingRule',
  states: {
    readingRule: {
      description: 'GET /api/invite/rule for the conditions; a failed read leaves them out (spec 7). The dialog shows at once; confirm waits for the read.',
      tags: 'loading',
      ...skeletonAfterLoaderDelay,
      invoke: {
        id: 'readRule',
        src: 'readRule',
        ...onAnswer({ target: 'checkingBonus', action: 'keepRule' }, { target: 'checkingBonus' }),
      },
      on: {
        'collect.cancel': 'done',
      },
    },
    checkingBonus: {
      description:
        'GET /api/bonus/check/active: money collected while a bonus is held would count into its end, so the server refuses it (BONUS_REMAINING). A failed read is swallowed (spec 7): the server still decides.',
      tags: 'checkingBonus',
      invoke: {
        id: 'checkBonus',
        src: 'checkBonus',
        onDone: [{ guard: { type: 'holdsBonus', params: actorOutput }, target: 'bonusHeld', actions: 'keepBonusHeld' }, { target: 'confirming' }],
        onError: 'confirming',
      },
      on: {
        'collect.cancel': 'done',
      },
    },
    bonusHeld: {
      tags: 'bonusHeld',
      description: 'A bonus is held: confirm is disabled and the dialog says the invite bonus can be received once the bonus has ended.',
      on: {
        'collect.cancel': 'done',
      },
    },
    confirming: {
      on: {
        'collect.confirm': { target: 'collecting', actions: 'takeKey' },
        'collect.cancel': 'done',
      },
    },
    collecting: {
      description: 'GET /api/invite/bonus with the Idempotency-Key. The dialog stays and cannot close until the answer.',
      tags: 'busy',
      invoke: {
        id: 'collect',
        src: 'collect',
        input: ({ context }) => ({ idempotencyKey: context.idempotencyKey! }),
        onDone: [
          {
            guard: { type: 'succeeded', params: actorOutput },
            target: 'done',
            actions: ['markSaved', { type: 'announceCollected', params: actorOutput }],
          },
          { guard: { type: 'unknown', params: actorOutput }, target: 'uncertain', actions: { type: 'keepUnknown', params: actorOutput } },
          { target: 'done', actions: { type: 'announceRefusal', params: actorOutput } },
        ],
        onError: { target: 'uncertain', actions: 'keepNetworkError' },
      },
    },
    uncertain: {
      tags: 'uncertain',
      description:
        'No answer (or a 5xx without one): the bonus may have been collected. A retry sends the same key, so the server answers the first collect rather than NO_INVITE_BONUS; closing reads the wallet again.',
      on: {
        'collect.retry': { target: 'collecting', actions: 'clearError' },
        'collect.cancel': 'done',
      },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ saved: context.saved }),
});
