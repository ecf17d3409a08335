import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { paymentReviewModels } from './payment-review.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('payment-review', paymentReviewModels, {
  tags: {
    idle: ['idle'],
    naming: ['naming'],
    confirmingCredit: ['confirm:credit'],
    confirmingDismissal: ['confirm:dismiss'],
    crediting: ['busy'],
    dismissing: ['busy'],
  },
  check({ event, before, after, actions, calls }) {
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ payment: null, username: '', error: null, resolved: null });
        break;
      case 'payment.credit':
      case 'payment.dismiss':
        if (!was('idle')) {
          unchanged(); // one payment at a time
          break;
        }
        // The QR's member is the one credited; without one the operator types it.
        expect(after.context).toEqual({ ...before!.context, payment: event.payment, username: event.payment.username ?? '', error: null });
        expect(after.value).toBe(event.type === 'payment.credit' ? 'naming' : 'confirmingDismissal');
        break;
      case 'username.change':
        if (was('naming')) expect(after.context).toEqual({ ...before!.context, username: event.value, error: null });
        else unchanged();
        break;
      case 'credit.submit':
        if (was('naming') && before!.context.username.trim() !== '') expect([after.value, after.context]).toEqual(['confirmingCredit', before!.context]);
        else unchanged();
        break;
      case 'decision.confirm':
        if (was('confirmingCredit')) {
          expect(calls).toEqual([{ actor: 'creditPayment', input: { id: before!.context.payment!.id, username: before!.context.username.trim() } }]);
        } else if (was('confirmingDismissal')) {
          expect(calls).toEqual([{ actor: 'dismissPayment', input: before!.context.payment!.id }]);
        } else unchanged();
        break;
      case 'decision.cancel':
        if (was('confirmingCredit')) expect([after.value, after.context]).toEqual(['naming', before!.context]);
        else if (was('naming') || was('confirmingDismissal')) expect([after.value, after.context.payment]).toEqual(['idle', null]);
        else unchanged();
        break;
      case 'xstate.done.actor.creditPayment':
      case 'xstate.done.actor.dismissPayment': {
        const dismissing = event.type === 'xstate.done.actor.dismissPayment';
        if (!event.output.ok) {
          expect([after.value, after.context.error]).toEqual([dismissing ? 'confirmingDismissal' : 'naming', event.output.message]);
          expect(actions).toEqual([]);
          break;
        }
        const outcome = dismissing ? 'dismissed' : event.output.data.message === 'APPROVAL_REQUIRED' ? 'waiting' : 'credited';
        expect(after.value).toBe('idle');
        expect(after.context).toEqual({
          payment: null,
          username: '',
          error: null,
          resolved: { payment: before!.context.payment, username: before!.context.username.trim(), outcome },
        });
        expect(actions).toEqual([{ type: 'paymentResolved' }]);
        break;
      }
      case 'xstate.error.actor.creditPayment':
        expect([after.value, after.context.error]).toEqual(['naming', NETWORK_ERROR]);
        break;
      case 'xstate.error.actor.dismissPayment':
        expect([after.value, after.context.error]).toEqual(['confirmingDismissal', NETWORK_ERROR]);
        break;
    }
    if (!event.type.startsWith('xstate.done')) expect(actions).toEqual([]);
  },
});
