/**
 * A QR payment on one provider as a test model, with a simulated clock. To
 * keep the state space small and still reach every rule: the member types
 * (or taps) one amount, QRs live a few seconds (6 from a create, 2 when
 * restored, 3 after a check), and the check comes every 5 seconds as in the
 * app. KBANK (enabled from 0.01, ignored below 1) and WW (minimum 100)
 * between them take every branch. The model knows an amount by what a
 * create does with it, and the countdown by what its next second does.
 */
import { QR_CLIENT_MINIMUMS, QR_QUICK_AMOUNTS, type QrProvider, type QrState } from '../../src/contract/deposit.ts';
import { qrCountdownMachine } from '../../machines/qr-countdown/qr-countdown.machine.ts';
import type { QrCountdownContext } from '../../machines/qr-countdown/qr-countdown.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type Abstraction, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type QrCountdown = typeof qrCountdownMachine;

const qrState = (qrcodeId: string, amount: number, expireIn: number): QrState => ({
  qrcodeId,
  hasQrcode: true,
  qrcode: `<svg id="qr${qrcodeId}"></svg>`,
  payload: `000201${qrcodeId}`,
  receiverName: 'MEKONG WALLET CO LTD',
  amount,
  expireIn,
  message: 'SUCCESS',
});
const noQr = (message: string): QrState => ({ qrcodeId: null, hasQrcode: false, qrcode: '', payload: '', receiverName: '', amount: 0, expireIn: 0, message });

/** Lifetimes of the model's QRs, in seconds. */
export const QR_MODEL_SECONDS = { created: 6, restored: 2, checked: 3 };

/** The server's largest QR in the model (the deposit lookup's qrMaximum). */
export const QR_MODEL_MAXIMUM = 100_000;

/** The amounts the member types per provider: refused ones (not a number, above the maximum), one taken. */
export const TYPED_AMOUNTS: Record<QrProvider, string[]> = { KBANK: ['0.5', 'abc', '100000.01'], WW: ['50', '150'], E2P: [] };

const events = {
  'amount.change': ({ context, value }) =>
    value === 'none' && context.amount === ''
      ? TYPED_AMOUNTS[context.provider].map((typed) => ({ type: 'amount.change', value: typed }) as const)
      : [],
  'amount.quick': ({ context, value }) =>
    value === 'none' && context.amount === '' ? [{ type: 'amount.quick', amount: QR_QUICK_AMOUNTS[context.provider][0]! }] : [],
  'qr.create': () => [{ type: 'qr.create' }],
  'qr.cancel': () => [{ type: 'qr.cancel' }],
  'qr.new': () => [{ type: 'qr.new' }],
  'qr.refresh': () => [{ type: 'qr.refresh' }],
} satisfies EventFixtures<QrCountdown>;

export const QR_REFUSAL_MESSAGE = 'The daily QR limit is reached';

const replies = {
  loadQr: [{ ok: true, data: qrState('7', 500, QR_MODEL_SECONDS.restored) }, { ok: true, data: noQr('') }] satisfies Result<QrState>[],
  createQr: [
    { ok: true, data: qrState('8', 150, QR_MODEL_SECONDS.created) },
    // spec 7: hasQrcode false carries the server's message.
    { ok: true, data: noQr(QR_REFUSAL_MESSAGE) },
    { ok: false, message: 'QR_FAIL' },
  ] satisfies Result<QrState>[],
  cancelQr: [{ ok: true, data: { message: 'SUCCESS' } }, { ok: false, message: 'NO_DATA' }] satisfies Result<unknown>[],
  checkQr: [
    { ok: true, data: qrState('8', 150, QR_MODEL_SECONDS.checked) },
    { ok: true, data: noQr('') },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies Result<QrState>[],
};

/** spec 5, written out independently of the machine: what a create does with the amount typed. */
export function createOutcome(context: Pick<QrCountdownContext, 'amount' | 'provider'>): 'disabled' | 'ignored' | 'sent' {
  const amount = /^\d+(\.\d{1,2})?$/.test(context.amount) ? Number(context.amount) : NaN;
  const minimum = { KBANK: 0.01, WW: 100, E2P: 50 }[context.provider];
  if (Number.isNaN(amount) || amount < minimum || amount > QR_MODEL_MAXIMUM) return 'disabled';
  return amount < 1 ? 'ignored' : 'sent';
}

/**
 * The countdown by what comes next (spec 9, docs/decisions/0021-qr-paid-detection.md): the QR is
 * read again every 5 seconds; one that disappears in its last 2 seconds has
 * expired rather than been paid; at 00:00 it is discarded.
 */
export function countdownPhase(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'over';
  if (secondsLeft === 1) return 'last second';
  if (secondsLeft === 2) return 'ending';
  return (secondsLeft - 1) % 5 === 0 ? 'check next second' : 'running';
}

function qrModel(provider: QrProvider): FlowModel<QrCountdown> {
  return {
    name: `QR payment on ${provider}`,
    machine: qrCountdownMachine,
    input: { provider, minimum: QR_CLIENT_MINIMUMS[provider], maximum: QR_MODEL_MAXIMUM },
    events: offerAll(events),
    replies,
    // What the panel shows: the form with its amount and error; the open QR's countdown and error; why it was discarded.
    abstraction: (snapshot): Abstraction => {
      const { context } = snapshot;
      if (snapshot.hasTag('open')) return { countdown: countdownPhase(context.secondsLeft), error: context.error };
      if (snapshot.hasTag('discarded')) return { discarded: context.discarded };
      if (snapshot.hasTag('paid')) return {};
      return { amount: context.amount === '' ? null : `${createOutcome(context)} by create`, error: context.error };
    },
  };
}

export const qrCountdownModels = [qrModel('KBANK'), qrModel('WW')];
