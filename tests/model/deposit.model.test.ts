import type { DepositContext } from '../../machines/deposit/deposit.types.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { DEPOSIT_KEY_PREFIX, DEPOSIT_LOOKUP, depositModels } from './deposit.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls, emitted, waited }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as DepositContext;
  const context = after.context as DepositContext;
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  const lookupWas = was.split(' + ').find((part) => part.startsWith('open.lookup.'));
  const qrWaited = was.includes('open.qr.waiting');
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];
  let expectedEmitted: unknown[] = [];
  // The QR payments start once the lookup answered or failed, with the server's minimums when it answered.
  const qrStarts = (lookup: DepositContext['lookup']) => (qrWaited ? [{ actor: 'qr', input: { serverMinimums: lookup?.qrMinimums, serverMaximum: lookup?.qrMaximum } }] : []);

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['open.lookup.loading + open.qr.waiting', { keyPrefix: DEPOSIT_KEY_PREFIX, way: 'bank', lookup: null, lookupSettled: false, saved: false, attempts: 0 }]);
      // The link and the slip upload run from the start, the link's keys from the opening's prefix; the lookup is asked.
      expectedCalls = [
        { actor: 'trueLink', input: { keyPrefix: DEPOSIT_KEY_PREFIX } },
        { actor: 'slipUpload', input: undefined },
        { actor: 'lookup', input: undefined },
      ];
      break;
    case 'deposit.way':
      expect([now, context]).toEqual([was, { ...previous, way: event.way }]);
      break;
    case 'deposit.close':
      // Passed to the link's machine, which ends the modal (or not, while a link is on its way): nothing here yet.
      unchanged();
      break;
    case 'read.online':
    case 'lookup.retry':
    case 'lookup.reload': {
      // The connection back reads a lookup that waits for it (docs/decisions/0146-reads-that-wait.md); a reload reads it too.
      const asks =
        event.type === 'read.online'
          ? lookupWas === 'open.lookup.offline'
          : lookupWas === 'open.lookup.failed' || (event.type === 'lookup.reload' && (lookupWas === 'open.lookup.shown' || lookupWas === 'open.lookup.offline'));
      if (!asks) return unchanged();
      // What was read stays shown while it is read again.
      expect([now, context]).toEqual([was.replace(lookupWas!, 'open.lookup.loading'), previous]);
      expectedCalls = [{ actor: 'lookup', input: undefined }];
      break;
    }
    case 'qr.paid':
      // The member hears of it (the view's toast) and the home reads the wallet.
      unchanged();
      expectedEmitted = [{ type: 'paid', amount: event.amount }];
      expectedActions = [{ type: 'credited' }];
      break;
    case 'wallet.changed':
      // The server's news goes to the QR payments while they run (their model takes it); nothing changes here.
      unchanged();
      break;
    case 'link.redeemed':
    case 'slip.credited':
      // The view of each already says so; the home reads the wallet.
      unchanged();
      expectedActions = [{ type: 'credited' }];
      break;
    default: {
      const output = (event as { output?: unknown }).output;
      if (/^xstate\.after\.retryDelay\./.test(event.type)) {
        // The backoff: 1 s after the first unanswered read, doubling to 30 s; then the lookup is read again.
        expect(waited).toBe(retryDelay(previous.attempts));
        expect([now, context]).toEqual([was.replace(lookupWas!, 'open.lookup.loading'), previous]);
        expectedCalls = [{ actor: 'lookup', input: undefined }];
        break;
      }
      if (event.type.includes('.actor.trueLink')) {
        // The link's machine ended: the modal with it, saved as the link says (or when the link's machine failed, to be safe).
        const saved = event.type.startsWith('xstate.error.') ? true : (output as { saved: boolean }).saved;
        expect([after.status, now, after.output]).toEqual(['done', 'closed', { saved }]);
        break;
      }
      if (event.type.includes('.actor.qr') || event.type.includes('.actor.slipUpload')) {
        // The QR payments or the slip upload failed (a bug): they stop alone, the other ways stay.
        unchanged();
        break;
      }
      // The lookup answered, was refused, or got no answer (which waits: no failure shows).
      const answer = output as { ok: boolean; message?: string } | undefined;
      const answered = event.type.startsWith('xstate.done.') && answer!.ok;
      const unanswered = event.type.startsWith('xstate.error.') || (!answer!.ok && answer!.message === 'NETWORK_ERROR');
      const lookup = answered ? DEPOSIT_LOOKUP : previous.lookup;
      const attempts = answered ? 0 : unanswered ? nextAttempt(previous.attempts) : previous.attempts;
      expect(context).toEqual({ ...previous, lookup, lookupSettled: true, attempts });
      const region = answered ? 'shown' : unanswered ? 'offline' : 'failed';
      expect(now).toBe(`open.lookup.${region} + open.qr.${qrWaited || was.includes('open.qr.watching') ? 'watching' : 'waiting'}`);
      expectedCalls = qrStarts(lookup);
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
  expect(emitted).toEqual(expectedEmitted);
}

describeModels('deposit', depositModels, {
  tags: {
    'open.lookup.loading + open.qr.waiting': ['lookup:loading'],
    'open.lookup.loading + open.qr.watching': ['lookup:loading'],
    'open.lookup.shown + open.qr.watching': [],
    'open.lookup.failed + open.qr.watching': ['lookup:failed'],
    'open.lookup.offline + open.qr.watching': ['lookup:loading', 'offline'],
    closed: [],
  },
  check,
});
