import { assertEvent, assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { succeeded } from '../shared/answer.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import { parseAmount } from '../shared/amount.ts';
import { createDisabled, createIgnored } from './qr-countdown.selectors.ts';
import type {
  QrAnswer,
  QrCountdownContext,
  QrCountdownEvent,
  QrCountdownInput,
  QrCountdownTag,
  QrProvider,
} from './qr-countdown.types.ts';

/** spec 9: the countdown ticks every second. */
const QR_TICK_MS = 1000;
/** While a QR is open, its state is read again every this many seconds, to see it paid (docs/decisions/0021-qr-paid-detection.md). */
const QR_CHECK_EVERY_SECONDS = 5;
/**
 * A QR that disappears from the server this close to its end has expired
 * there (the server's clock ran ahead of the countdown by the answer's trip),
 * not been paid.
 */
const QR_EXPIRY_MARGIN_SECONDS = 2;

type ProviderInput = { provider: QrProvider };

const openQr = (result: QrAnswer) => result.ok && result.data.hasQrcode && result.data.qrcodeId !== null && result.data.expireIn > 0;
const closedQr = (result: QrAnswer) => result.ok && !result.data.hasQrcode;

/**
 * The countdown while a read or a cancel is in flight: a child state that
 * re-enters itself each second (so the invocation of its parent runs on),
 * and the QR is discarded at 00:00.
 */
const countingDown = {
  initial: 'second',
  states: {
    second: {
      after: {
        tick: [
          { guard: 'lastSecond', target: '#qrCountdown.discarded', actions: 'expire' },
          { target: 'second', reenter: true, actions: 'countDown' },
        ],
      },
    },
  },
} as const;

export const qrCountdownMachine = setup({
  types: {
    context: {} as QrCountdownContext,
    events: {} as QrCountdownEvent,
    input: {} as QrCountdownInput,
    tags: {} as QrCountdownTag,
  },
  actors: {
    loadQr: notProvided<QrAnswer, ProviderInput>('loadQr'),
    createQr: notProvided<QrAnswer, ProviderInput & { amount: number }>('createQr'),
    cancelQr: notProvided<Result<unknown>, { qrcodeId: string }>('cancelQr'),
    checkQr: notProvided<QrAnswer, ProviderInput>('checkQr'),
  },
  actions: {
    setAmount: assign(({ event }) => {
      assertEvent(event, ['amount.change', 'amount.quick']);
      return { amount: event.type === 'amount.quick' ? String(event.amount) : event.value, error: null };
    }),
    storeQr: assign((_, result: QrAnswer) => {
      const { qrcodeId, qrcode, payload, receiverName, amount, expireIn } = okData(result);
      return { qr: { qrcodeId: qrcodeId!, qrcode, payload, receiverName, amount }, secondsLeft: Math.floor(expireIn), discarded: null, error: null };
    }),
    countDown: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })),
    // spec 2: at 00:00 the QR is discarded.
    expire: assign({ qr: null, secondsLeft: 0, discarded: 'expired' as const }),
    forgetCancelled: assign({ qr: null, secondsLeft: 0, discarded: 'cancelled' as const, error: null }),
    forgetPaid: assign({ secondsLeft: 0, error: null }),
    startAgain: assign({ qr: null, discarded: null, error: null }),
    clearError: assign({ error: null }),
    // spec 7: a create that answers hasQrcode false shows the server's message.
    showRefusal: assign((_, result: Result<unknown>) => ({
      error: result.ok ? (result.data as { message?: string }).message || 'QR_FAIL' : failureMessage(result),
    })),
    showNetworkError: assign({ error: NETWORK_ERROR }),
    // Provided by the view layer.
    qrCreated: (_, _params: ProviderInput) => {},
    paymentReceived: (_, _params: { amount: number }) => {},
  },
  guards: {
    createDisabled: ({ context }) => createDisabled(context),
    createIgnored: ({ context }) => createIgnored(context),
    hasOpenQr: (_, result: QrAnswer) => openQr(result),
    closedBeforeExpiry: ({ context }, result: QrAnswer) => closedQr(result) && context.secondsLeft > QR_EXPIRY_MARGIN_SECONDS,
    closed: (_, result: QrAnswer) => closedQr(result),
    succeeded,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    checkDue: ({ context }) => (context.secondsLeft - 1) % QR_CHECK_EVERY_SECONDS === 0,
  },
  delays: {
    tick: QR_TICK_MS,
  },
}).createMachine({
  id: 'qrCountdown',
  description:
    'A QR payment on one provider (spec 2, spec 4 QR): none → creating → open with a mm:ss countdown → discarded at 00:00 or on cancel, or paid when the server no longer holds it open before its end.',
  context: ({ input }) => ({
    provider: input.provider,
    minimum: input.minimum,
    maximum: input.maximum,
    amount: '',
    qr: null,
    secondsLeft: 0,
    discarded: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      description: 'On opening (and when another provider created a QR): GET /api/qrcode/{bankCode} restores an open QR. A failed read is silent.',
      invoke: {
        id: 'loadQr',
        src: 'loadQr',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: [
          { guard: { type: 'hasOpenQr', params: actorOutput }, target: 'open', actions: { type: 'storeQr', params: actorOutput } },
          { target: 'none' },
        ],
        onError: 'none',
      },
    },
    none: {
      tags: 'none',
      description: 'The amount and the quick-amount buttons. Create is disabled below the provider\'s minimum (spec 5) or above the server\'s maximum, and ignored below 1.',
      on: {
        'amount.change': { actions: 'setAmount' },
        'amount.quick': { actions: 'setAmount' },
        'qr.create': [{ guard: 'createDisabled' }, { guard: 'createIgnored' }, { target: 'creating', actions: 'clearError' }],
        'qr.refresh': 'loading',
      },
    },
    creating: {
      tags: ['none', 'busy'],
      invoke: {
        id: 'createQr',
        src: 'createQr',
        input: ({ context }) => ({ provider: context.provider, amount: parseAmount(context.amount) ?? 0 }),
        onDone: [
          {
            guard: { type: 'hasOpenQr', params: actorOutput },
            target: 'open',
            actions: [{ type: 'storeQr', params: actorOutput }, { type: 'qrCreated', params: ({ context }) => ({ provider: context.provider }) }],
          },
          { target: 'none', actions: { type: 'showRefusal', params: actorOutput } },
        ],
        onError: { target: 'none', actions: 'showNetworkError' },
      },
    },
    open: {
      tags: 'open',
      description: 'The QR, its amount and the countdown to expireIn, one tick a second (a child state that re-enters itself, so the reads below are not interrupted).',
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'qr.cancel': { target: 'cancelling', actions: 'clearError' },
            'qr.refresh': 'checking',
          },
          initial: 'second',
          states: {
            second: {
              after: {
                tick: [
                  { guard: 'lastSecond', target: '#qrCountdown.discarded', actions: 'expire' },
                  { guard: 'checkDue', target: '#qrCountdown.open.checking', actions: 'countDown' },
                  { target: 'second', reenter: true, actions: 'countDown' },
                ],
              },
            },
          },
        },
        checking: {
          description: 'Reads the QR again: still open (the countdown follows the server\'s expireIn), or gone before its end, which means it was paid.',
          invoke: {
            id: 'checkQr',
            src: 'checkQr',
            input: ({ context }) => ({ provider: context.provider }),
            onDone: [
              { guard: { type: 'hasOpenQr', params: actorOutput }, target: 'waiting', actions: { type: 'storeQr', params: actorOutput } },
              { guard: { type: 'closedBeforeExpiry', params: actorOutput }, target: '#qrCountdown.paid' },
              { guard: { type: 'closed', params: actorOutput }, target: '#qrCountdown.discarded', actions: 'expire' },
              { target: 'waiting' },
            ],
            onError: 'waiting',
          },
          ...countingDown,
        },
        cancelling: {
          tags: 'busy',
          description: 'DELETE /api/qrcode/{qrcodeId}. A refusal (e.g. it was just paid) reads the QR again.',
          invoke: {
            id: 'cancelQr',
            src: 'cancelQr',
            input: ({ context }) => ({ qrcodeId: context.qr!.qrcodeId }),
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: '#qrCountdown.discarded', actions: 'forgetCancelled' },
              { target: 'checking', actions: { type: 'showRefusal', params: actorOutput } },
            ],
            onError: { target: 'waiting', actions: 'showNetworkError' },
          },
          ...countingDown,
        },
      },
    },
    discarded: {
      tags: 'discarded',
      description: 'Expired at 00:00 or cancelled: the QR is gone; the member may make a new one.',
      on: {
        'qr.new': { target: 'none', actions: 'startAgain' },
        'qr.refresh': 'loading',
      },
    },
    paid: {
      tags: 'paid',
      description: 'The QR closed before its end: the payment was credited. The wallet is read again.',
      entry: [{ type: 'paymentReceived', params: ({ context }) => ({ amount: context.qr?.amount ?? 0 }) }, 'forgetPaid'],
      on: {
        'qr.new': { target: 'none', actions: 'startAgain' },
      },
    },
  },
});
