import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { adjustmentModels, KEY_PREFIX } from './adjustment.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

const EMPTY = { username: '', direction: 'credit', amount: '', reason: '', error: null, idempotencyKey: null, approvalId: null };

describeModels('adjustment', adjustmentModels, {
  tags: {
    editing: ['editing'],
    confirming: ['confirming'],
    submitting: ['busy'],
    done: ['done'],
    waiting: ['waiting'],
  },
  check({ event, before, after, calls }) {
    const editing = before?.matches('editing') ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ keyPrefix: KEY_PREFIX, sent: 0, ...EMPTY });
        break;
      case 'field.change':
        // Another member, amount or reason is another adjustment: its key is dropped.
        if (editing) expect(after.context).toEqual({ ...before!.context, [event.field]: event.value, error: null, idempotencyKey: null });
        else unchanged();
        break;
      case 'direction.change':
        if (editing) expect(after.context).toEqual({ ...before!.context, direction: event.direction, error: null, idempotencyKey: null });
        else unchanged();
        break;
      case 'adjustment.submit': {
        const { username, amount, reason } = before!.context;
        const complete = username.trim() !== '' && amount !== '' && amount !== '0' && reason.trim() !== '';
        if (editing && complete) expect(after.value).toBe('confirming');
        else unchanged();
        expect(calls).toEqual([]);
        break;
      }
      case 'adjustment.confirm': {
        if (!before!.matches('confirming')) {
          unchanged();
          break;
        }
        const { context } = before!;
        // A retry after no answer sends the same key; else the next one.
        const key = context.idempotencyKey ?? `${KEY_PREFIX}.${context.sent + 1}`;
        const amount = 1500.5 * (context.direction === 'debit' ? -1 : 1);
        expect(calls).toEqual([{ actor: 'submit', input: { username: '0812345678', amount, reason: 'Deposit without a slip', idempotencyKey: key } }]);
        break;
      }
      case 'adjustment.cancel':
        if (before!.matches('confirming')) expect([after.value, after.context]).toEqual(['editing', before!.context]);
        else unchanged();
        break;
      case 'adjustment.again':
        if (before!.hasTag('done') || before!.hasTag('waiting')) expect([after.value, after.context]).toEqual(['editing', { ...before!.context, ...EMPTY }]);
        else unchanged();
        break;
      case 'xstate.done.actor.submit':
        if (!event.output.ok) {
          // Refused: nothing moved and the key is spent.
          expect([after.value, after.context.error, after.context.idempotencyKey]).toEqual(['editing', event.output.message, null]);
        } else if ('approvalId' in event.output.data) {
          expect([after.value, after.context.approvalId]).toEqual(['waiting', event.output.data.approvalId]);
        } else {
          expect(after.value).toBe('done');
        }
        break;
      case 'xstate.error.actor.submit':
        // No answer: perhaps it moved; the key stays for a retry.
        expect([after.value, after.context.error, after.context.idempotencyKey]).toEqual(['editing', NETWORK_ERROR, before!.context.idempotencyKey]);
        break;
    }
  },
});
