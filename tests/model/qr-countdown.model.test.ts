import type { QrState } from '../../src/contract/deposit.ts';
import type { QrCountdownContext } from '../../machines/qr-countdown/qr-countdown.types.ts';
import { countdownText } from '../../machines/qr-countdown/qr-countdown.selectors.ts';
import type { Result } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';
import { QR_REFUSAL_MESSAGE, qrCountdownModels } from './qr-countdown.model.ts';

/** spec 5, written out independently of the machine: what a create does with the amount typed. */
function createOutcome(context: QrCountdownContext): 'disabled' | 'ignored' | 'sent' {
  const amount = /^\d+(\.\d{1,2})?$/.test(context.amount) ? Number(context.amount) : NaN;
  const minimum = { KBANK: 0.01, WW: 100, E2P: 50 }[context.provider];
  if (Number.isNaN(amount) || amount < minimum) return 'disabled';
  return amount < 1 ? 'ignored' : 'sent';
}

const OPEN = ['open.waiting.second', 'open.checking.second', 'open.cancelling.second'];
const openNow = (state: string) => OPEN.includes(state);

function check({ event, before, after, actions, calls, waited }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as QrCountdownContext;
  const context = after.context as QrCountdownContext;
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  const provider = context.provider;
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];
  const opened = (state: QrState) => {
    expect(context.qr).toEqual({ qrcodeId: state.qrcodeId, qrcode: state.qrcode, payload: state.payload, receiverName: state.receiverName, amount: state.amount });
    expect(context.secondsLeft).toBe(state.expireIn);
    expect(context.error).toBeNull();
  };

  switch (event.type) {
    case 'xstate.init':
      expect(now).toBe('loading');
      expect(context).toMatchObject({ amount: '', qr: null, discarded: null, error: null });
      expectedCalls = [{ actor: 'loadQr', input: { provider } }];
      break;
    case 'amount.change':
    case 'amount.quick':
      if (was !== 'none') return unchanged();
      expect(now).toBe('none');
      expect(context.amount).toBe(event.type === 'amount.quick' ? String(event.amount) : event.value);
      break;
    case 'qr.create': {
      const outcome = was === 'none' ? createOutcome(previous) : 'not offered';
      if (outcome !== 'sent') return unchanged();
      expect(now).toBe('creating');
      expectedCalls = [{ actor: 'createQr', input: { provider, amount: Number(previous.amount) } }];
      break;
    }
    case 'qr.cancel':
      if (was !== 'open.waiting.second') return unchanged();
      expect(now).toBe('open.cancelling.second');
      expectedCalls = [{ actor: 'cancelQr', input: { qrcodeId: previous.qr!.qrcodeId } }];
      break;
    case 'qr.new':
      if (was !== 'discarded' && was !== 'paid') return unchanged();
      expect([now, context.qr, context.discarded, context.error]).toEqual(['none', null, null, null]);
      expect(context.amount).toBe(previous.amount); // the amount stays for the next QR
      break;
    case 'qr.refresh':
      if (was === 'none' || was === 'discarded') {
        expect(now).toBe('loading');
        expectedCalls = [{ actor: 'loadQr', input: { provider } }];
      } else if (was === 'open.waiting.second') {
        expect(now).toBe('open.checking.second');
        expectedCalls = [{ actor: 'checkQr', input: { provider } }];
      } else {
        return unchanged();
      }
      break;
    default: {
      const [, kind, actor] = /^xstate\.(done|error|after)\.(?:actor\.)?([^.]+)/.exec(event.type) ?? [];
      const answer = (event as { output?: Result<QrState> }).output;
      const open = answer?.ok === true && answer.data.hasQrcode;
      if (kind === 'after') {
        // spec 9: one tick a second; at 00:00 the QR is discarded.
        expect(waited).toBe(1000);
        if (previous.secondsLeft <= 1) {
          expect([now, context.qr, context.discarded, countdownText(context.secondsLeft)]).toEqual(['discarded', null, 'expired', '00:00']);
        } else {
          expect(context.secondsLeft).toBe(previous.secondsLeft - 1);
          const checkDue = was === 'open.waiting.second' && context.secondsLeft % 5 === 0;
          expect(now).toBe(checkDue ? 'open.checking.second' : was);
          if (checkDue) expectedCalls = [{ actor: 'checkQr', input: { provider } }];
        }
      } else if (actor === 'loadQr') {
        if (kind === 'done' && open) opened(answer.data);
        expect(now).toBe(kind === 'done' && open ? 'open.waiting.second' : 'none');
      } else if (actor === 'createQr') {
        if (kind === 'done' && open) {
          opened(answer.data);
          expect(now).toBe('open.waiting.second');
          expectedActions = [{ type: 'qrCreated', params: { provider } }];
        } else {
          expect(now).toBe('none');
          const shown = kind === 'error' ? 'NETWORK_ERROR' : answer!.ok ? QR_REFUSAL_MESSAGE : 'QR_FAIL';
          expect(context.error).toBe(shown);
        }
      } else if (actor === 'cancelQr') {
        if (kind === 'done' && answer!.ok) {
          expect([now, context.qr, context.discarded]).toEqual(['discarded', null, 'cancelled']);
        } else if (kind === 'done') {
          // Refused (it may have been paid meanwhile): read it again.
          expect([now, context.error]).toEqual(['open.checking.second', 'NO_DATA']);
          expectedCalls = [{ actor: 'checkQr', input: { provider } }];
        } else {
          expect([now, context.error]).toEqual(['open.waiting.second', 'NETWORK_ERROR']);
        }
      } else if (actor === 'checkQr') {
        if (kind === 'done' && open) {
          opened(answer.data);
          expect(now).toBe('open.waiting.second');
        } else if (kind === 'done' && answer!.ok && previous.secondsLeft > 2) {
          // Gone before its end: paid. The wallet is read again.
          expect(now).toBe('paid');
          expect(context.qr).toEqual(previous.qr);
          expectedActions = [{ type: 'paymentReceived', params: { amount: previous.qr!.amount } }];
        } else if (kind === 'done' && answer!.ok) {
          expect([now, context.discarded]).toEqual(['discarded', 'expired']);
        } else {
          expect([now, context.secondsLeft]).toEqual(['open.waiting.second', previous.secondsLeft]);
        }
      } else {
        throw new Error(`Unexpected event ${event.type}`);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
  // Invariants: an open QR has time left; a QR is shown only while open or paid.
  if (openNow(now)) expect(context.secondsLeft).toBeGreaterThan(0);
  if (!openNow(now) && now !== 'paid') expect(context.qr).toBeNull();
}

describeModels('qr-countdown', qrCountdownModels, {
  tags: {
    loading: ['loading'],
    none: ['none'],
    creating: ['busy', 'none'],
    'open.waiting.second': ['open'],
    'open.checking.second': ['open'],
    'open.cancelling.second': ['busy', 'open'],
    discarded: ['discarded'],
    paid: ['paid'],
  },
  check,
});
