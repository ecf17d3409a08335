import { positiveAmount } from '../../machines/shared/amount.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { manualDepositModels } from './manual-deposit.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('manual-deposit', manualDepositModels, {
  tags: {
    editing: ['editing'],
    findingMember: ['busy'],
    confirming: ['confirming'],
    depositing: ['busy'],
  },
  check({ event, before, after, calls }) {
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ username: '', amount: '', reference: '', member: null, error: null, done: null });
        break;
      case 'field.change':
        if (was('editing')) expect(after.context).toEqual({ ...before!.context, [event.field]: event.value, error: null });
        else unchanged();
        break;
      case 'deposit.submit': {
        const { username, amount, reference } = before!.context;
        // Nothing is asked until the phone, an amount to credit and the reference are there.
        if (was('editing') && username.trim() !== '' && positiveAmount(amount) !== null && reference.trim() !== '') {
          expect(calls).toEqual([{ actor: 'findMember', input: username.trim() }]);
        } else unchanged();
        break;
      }
      case 'decision.confirm':
        if (was('confirming')) {
          const { username, amount, reference } = before!.context;
          expect(calls).toEqual([{ actor: 'sendDeposit', input: { username: username.trim(), amount: positiveAmount(amount), reference: reference.trim() } }]);
        } else unchanged();
        break;
      case 'decision.cancel':
        if (was('confirming')) expect([after.value, after.context]).toEqual(['editing', before!.context]);
        else unchanged();
        break;
      case 'xstate.done.actor.findMember':
        if (!event.output.ok) expect([after.value, after.context.error]).toEqual(['editing', event.output.message]);
        else if (event.output.data === null) expect([after.value, after.context.error]).toEqual(['editing', 'NO_USER']);
        else expect([after.value, after.context.member]).toEqual(['confirming', event.output.data]);
        break;
      case 'xstate.done.actor.sendDeposit':
        expect(after.value).toBe('editing');
        if (!event.output.ok) {
          expect(after.context).toEqual({ ...before!.context, error: event.output.message });
          break;
        }
        // Sent: the form empties for the next deposit, and says what became of this one.
        expect(after.context).toEqual({
          username: '',
          amount: '',
          reference: '',
          member: null,
          error: null,
          done: {
            member: before!.context.member,
            amount: positiveAmount(before!.context.amount),
            reference: before!.context.reference.trim(),
            outcome: event.output.data.message === 'APPROVAL_REQUIRED' ? 'waiting' : 'deposited',
          },
        });
        break;
      case 'xstate.error.actor.findMember':
      case 'xstate.error.actor.sendDeposit':
        expect([after.value, after.context.error]).toEqual(['editing', NETWORK_ERROR]);
        break;
    }
  },
});
