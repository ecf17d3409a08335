/**
 * The deposit modal (spec 2 Deposit modal): it reads the deposit lookup, runs
 * the QR payments (machines/deposit-qr) once the lookup has answered (their
 * minimums come from it), and the mobile-wallet link (machines/truelink) and
 * the slip upload (machines/slip-upload) from the start, and tells its
 * parent when money arrived. It ends when the
 * member closes it, which the link refuses while one is on its way.
 */
import { assertEvent, assign, emit, sendParent, sendTo, setup } from 'xstate';
import { depositQrMachine } from '../deposit-qr/deposit-qr.machine.ts';
import type { DepositQrEvent, DepositQrInput } from '../deposit-qr/deposit-qr.types.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { okData } from '../shared/result.ts';
import { slipUploadMachine } from '../slip-upload/slip-upload.machine.ts';
import type { SlipUploadContext, SlipUploadEvent } from '../slip-upload/slip-upload.types.ts';
import { trueLinkMachine } from '../truelink/truelink.machine.ts';
import type { TrueLinkContext, TrueLinkEvent, TrueLinkOutput } from '../truelink/truelink.types.ts';
import type { DepositContext, DepositEvent, DepositInput, DepositLookupAnswer, DepositOutput, DepositPaid, DepositTag } from './deposit.types.ts';

/** The QR payments, wired to tell this machine of a payment. */
export function qrPayments(io: Parameters<typeof depositQrMachine.provide>[0]['actors'] = {}) {
  return depositQrMachine.provide({
    actors: io,
    actions: {
      announcePaid: sendParent<DepositQrInput, DepositQrEvent, { amount: number }, DepositEvent, DepositQrEvent>((_, { amount }) => ({
        type: 'qr.paid',
        amount,
      })),
    },
  });
}

/** The mobile-wallet link, wired to tell this machine of a credit. */
export function trueLink(io: Parameters<typeof trueLinkMachine.provide>[0]['actors'] = {}) {
  return trueLinkMachine.provide({
    actors: io,
    actions: {
      linkRedeemed: sendParent<TrueLinkContext, TrueLinkEvent, { amount: number }, DepositEvent, TrueLinkEvent>((_, { amount }) => ({
        type: 'link.redeemed',
        amount,
      })),
    },
  });
}

/** The slip upload, wired to tell this machine of a slip the bank confirmed at once (docs/decisions/0137-slip-verification.md). */
export function slipUpload(io: Parameters<typeof slipUploadMachine.provide>[0]['actors'] = {}) {
  return slipUploadMachine.provide({
    actors: io,
    actions: {
      slipCredited: sendParent<SlipUploadContext, SlipUploadEvent, { amount: number }, DepositEvent, SlipUploadEvent>((_, { amount }) => ({
        type: 'slip.credited',
        amount,
      })),
    },
  });
}

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
    output: {} as DepositOutput,
    tags: {} as DepositTag,
    emitted: {} as DepositPaid,
    children: {} as { lookup: 'lookup'; qr: 'qr'; trueLink: 'trueLink'; slipUpload: 'slipUpload' },
  },
  actors: {
    lookup: notProvided<DepositLookupAnswer>('lookup'),
    qr: qrPayments(),
    trueLink: trueLink(),
    slipUpload: slipUpload(),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'deposit.way');
      return { way: event.way };
    }),
    storeLookup: assign((_, answer: DepositLookupAnswer) => ({ lookup: okData(answer), lookupSettled: true, attempts: 0 })),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    settleLookup: assign({ lookupSettled: true }),
    closeLink: sendTo('trueLink', { type: 'link.close' }),
    keepSaved: assign((_, output: TrueLinkOutput) => ({ saved: output.saved })),
    announcePaid: emit(({ event }): DepositPaid => ({ type: 'paid', amount: event.type === 'qr.paid' ? event.amount : 0 })),
    // Provided by its parent (machines/home): money arrived, the wallet is read again.
    credited: () => {},
  },
  guards: {
    succeeded,
    unanswered,
    lookupSettled: ({ context }) => context.lookupSettled,
  },
  delays: retryDelays,
}).createMachine({
  id: 'deposit',
  description:
    'The deposit modal (spec 2): bank transfer with its slip upload, QR payments and the mobile-wallet link. The lookup is read first; a refused one is shown as such with a retry, one without an answer waits and is read again (docs/decisions/0146-reads-that-wait.md), and either way the QR payments start without it (the client\'s minimums). Money seen arriving (a QR paid, a link redeemed, a slip credited at once) is told to the home at once. The wallet\'s news from the server goes to the QR payments (docs/decisions/0141-wallet-news.md). Closing waits while a link is on its way; the modal ends saved when a link\'s answer never came.',
  context: ({ input }) => ({ keyPrefix: input.keyPrefix, way: 'bank', lookup: null, lookupSettled: false, saved: false, attempts: 0 }),
  initial: 'open',
  output: ({ context }) => ({ saved: context.saved }),
  states: {
    open: {
      type: 'parallel',
      invoke: [
        {
          id: 'trueLink',
          src: 'trueLink',
          input: ({ context }) => ({ keyPrefix: context.keyPrefix }),
          onDone: { target: 'closed', actions: { type: 'keepSaved', params: actorOutput } },
          // The link's machine failed (a bug): the modal closes, and the wallet is read in case.
          onError: { target: 'closed', actions: assign({ saved: true }) },
        },
        // The slip upload runs for the modal's life; it failing (a bug) leaves the other ways.
        { id: 'slipUpload', src: 'slipUpload', onError: {} },
      ],
      on: {
        'deposit.way': { actions: 'choose' },
        'deposit.close': { actions: 'closeLink' },
        'qr.paid': { actions: ['announcePaid', 'credited'] },
        'link.redeemed': { actions: 'credited' },
        'slip.credited': { actions: 'credited' },
      },
      states: {
        lookup: {
          initial: 'loading',
          states: {
            loading: {
              tags: 'lookup:loading',
              invoke: {
                id: 'lookup',
                src: 'lookup',
                ...onAnswer({ target: 'shown', action: 'storeLookup' }, { target: 'failed', then: ['settleLookup'] }, [
                  { guard: { type: 'unanswered', params: actorOutput }, target: 'offline', actions: ['settleLookup', 'noteUnanswered'] },
                ]),
                onError: { target: 'offline', actions: ['settleLookup', 'noteUnanswered'] },
              },
            },
            offline: {
              ...retryWhenBack('loading', { 'lookup.reload': 'loading' }),
              // The panels show what they showed, or their skeleton: no failure, no retry button.
              tags: ['lookup:loading', 'offline'],
            },
            shown: {
              on: { 'lookup.reload': 'loading' },
            },
            failed: {
              tags: 'lookup:failed',
              description: 'spec 7: a failed lookup is silent; the panels show what they can without it, the bank panel offers a retry.',
              on: { 'lookup.retry': 'loading', 'lookup.reload': 'loading' },
            },
          },
        },
        qr: {
          initial: 'waiting',
          states: {
            waiting: {
              description: 'The QR payments wait for the lookup\'s first answer or failure.',
              always: { guard: 'lookupSettled', target: 'watching' },
            },
            watching: {
              invoke: {
                id: 'qr',
                src: 'qr',
                input: ({ context }) => ({ serverMinimums: context.lookup?.qrMinimums, serverMaximum: context.lookup?.qrMaximum }),
                // The QR payments failed (a bug): the other ways stay.
                onError: {},
              },
              on: {
                'wallet.changed': { actions: sendTo('qr', ({ event }) => event) },
              },
            },
          },
        },
      },
    },
    closed: {
      type: 'final',
    },
  },
});
