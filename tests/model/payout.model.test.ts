import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { payoutModels, WITHDRAWAL } from './payout.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

const EMPTY = { withdrawal: null, reference: '', error: null, approvalId: null };

describeModels('payout', payoutModels, {
  tags: {
    closed: ['closed'],
    open: ['open'],
    confirmingPay: ['confirm:pay', 'confirming', 'open'],
    paying: ['busy', 'open'],
    confirmingReject: ['confirm:reject', 'confirming', 'open'],
    rejecting: ['busy', 'open'],
    paid: ['decided'],
    rejected: ['decided'],
    waiting: ['decided'],
  },
  check({ event, before, after, actions, calls }) {
    const busy = before?.hasTag('busy') ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'xstate.init':
        expect([after.value, after.context]).toEqual(['closed', EMPTY]);
        break;
      case 'withdrawal.open':
        // Nothing else opens while a decision is on its way; otherwise the withdrawal opens afresh.
        if (busy) unchanged();
        else expect([after.value, after.context]).toEqual(['open', { ...EMPTY, withdrawal: WITHDRAWAL }]);
        break;
      case 'withdrawal.close':
        if (busy) unchanged();
        else expect([after.value, after.context]).toEqual(['closed', EMPTY]);
        break;
      case 'reference.change':
        if (before!.matches('open')) expect(after.context).toEqual({ ...before!.context, reference: event.value, error: null });
        else unchanged();
        break;
      case 'payout.pay': {
        const given = event.type === 'payout.pay' && before!.context.reference.replace(/\s/g, '') !== '' && before!.context.reference.trim().length <= 100;
        // Never without the bank's reference: the confirmation comes first, nothing is sent yet.
        if (before!.matches('open') && given) expect(after.value).toBe('confirmingPay');
        else unchanged();
        expect(calls).toEqual([]);
        break;
      }
      case 'payout.reject':
        if (before!.matches('open')) expect(after.value).toBe('confirmingReject');
        else unchanged();
        expect(calls).toEqual([]);
        break;
      case 'payout.confirm':
        if (before!.matches('confirmingPay')) {
          expect(after.context.error).toBeNull();
          expect(calls).toEqual([{ actor: 'pay', input: { id: WITHDRAWAL.id, reference: before!.context.reference.replace(/\s/g, '').toUpperCase() } }]);
        } else if (before!.matches('confirmingReject')) {
          expect(calls).toEqual([{ actor: 'reject', input: { id: WITHDRAWAL.id } }]);
        } else {
          unchanged();
          expect(calls).toEqual([]);
        }
        break;
      case 'payout.cancel':
        if (before!.hasTag('confirming')) expect([after.value, calls]).toEqual(['open', []]);
        else unchanged();
        break;
      case 'xstate.done.actor.pay':
        if (!event.output.ok) {
          expect([after.value, after.context.error, actions]).toEqual(['open', event.output.message, []]);
        } else if ('approvalId' in event.output.data) {
          expect([after.value, after.context.approvalId]).toEqual(['waiting', event.output.data.approvalId]);
          expect(actions).toEqual([{ type: 'decided', params: { outcome: 'waiting' } }]);
        } else {
          expect([after.value, actions]).toEqual(['paid', [{ type: 'decided', params: { outcome: 'paid' } }]]);
        }
        break;
      case 'xstate.done.actor.reject':
        if (event.output.ok) expect([after.value, actions]).toEqual(['rejected', [{ type: 'decided', params: { outcome: 'rejected' } }]]);
        else expect([after.value, after.context.error, actions]).toEqual(['open', event.output.message, []]);
        break;
      case 'xstate.error.actor.pay':
      case 'xstate.error.actor.reject':
        // No answer: nothing is known to have moved; the queue read again says what stands.
        expect([after.value, after.context.error, actions]).toEqual(['open', NETWORK_ERROR, []]);
        break;
    }
    if (!event.type.startsWith('xstate.done')) expect(actions).toEqual([]);
    // A withdrawal is open whenever the view shows one.
    expect(!after.hasTag('open') || after.context.withdrawal !== null).toBe(true);
  },
});
