import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { positiveAmount } from '../../machines/shared/amount.ts';
import { slipReviewModels } from './slip-review.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

const BUSY = ['approving', 'rejecting', 'findingNext'];

describeModels('slip-review', slipReviewModels, {
  tags: {
    closed: ['closed'],
    loading: ['loading'],
    loadFailed: ['loadFailed'],
    reviewing: ['reviewing'],
    confirmingApproval: ['confirm:approve', 'confirming'],
    confirmingRejection: ['confirm:reject', 'confirming'],
    approving: ['busy'],
    rejecting: ['busy'],
    findingNext: ['busy'],
  },
  check({ event, before, after, actions, calls }) {
    const was = (state: string) => before?.matches(state) ?? false;
    const busy = BUSY.some(was);
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);
    const detail = before?.context.detail ?? null;
    const undecided = detail?.slip.status === 'PENDING';

    switch (event.type) {
      case 'xstate.init':
        expect(after.context).toEqual({ slipId: null, detail: null, amount: '', note: null, error: null, decided: null });
        break;
      case 'slip.open':
        if (busy) {
          unchanged(); // a decision on its way is not left
          break;
        }
        // A fresh start on the slip asked for; the last decision stays on show.
        expect(after.value).toBe('loading');
        expect(after.context).toEqual({ slipId: event.id, detail: null, amount: '', note: null, error: null, decided: before!.context.decided });
        expect(calls).toEqual([{ actor: 'loadSlip', input: event.id }]);
        break;
      case 'slip.close':
        if (busy) {
          unchanged();
          break;
        }
        expect([after.value, after.context.slipId, after.context.detail]).toEqual(['closed', null, null]);
        break;
      case 'slip.retry':
        if (was('loadFailed')) {
          expect(calls).toEqual([{ actor: 'loadSlip', input: before!.context.slipId }]);
          expect(after.context.error).toBeNull();
        } else unchanged();
        break;
      case 'amount.change':
        if (was('reviewing')) expect(after.context).toEqual({ ...before!.context, amount: event.value, error: null });
        else unchanged();
        break;
      case 'reason.choose':
        if (was('reviewing')) expect(after.context).toEqual({ ...before!.context, note: event.note, error: null });
        else unchanged();
        break;
      case 'approve.submit': {
        // Only a slip that waits, whose approval does not wait already, with an amount the server takes.
        const may = was('reviewing') && undecided && detail?.waitingApprovalId === null && positiveAmount(before!.context.amount) !== null;
        if (may) expect([after.value, after.context]).toEqual(['confirmingApproval', before!.context]);
        else unchanged();
        break;
      }
      case 'reject.submit': {
        const may = was('reviewing') && undecided && before!.context.note !== null;
        if (may) expect([after.value, after.context]).toEqual(['confirmingRejection', before!.context]);
        else unchanged();
        break;
      }
      case 'decision.confirm':
        if (was('confirmingApproval')) {
          expect(calls).toEqual([{ actor: 'approveSlip', input: { id: before!.context.slipId, amount: positiveAmount(before!.context.amount) } }]);
        } else if (was('confirmingRejection')) {
          expect(calls).toEqual([{ actor: 'rejectSlip', input: { id: before!.context.slipId, note: before!.context.note } }]);
        } else unchanged();
        break;
      case 'decision.cancel':
        if (was('confirmingApproval') || was('confirmingRejection')) expect([after.value, after.context]).toEqual(['reviewing', before!.context]);
        else unchanged();
        break;
      case 'xstate.done.actor.loadSlip':
        if (event.output.ok) expect([after.value, after.context.detail, after.context.error]).toEqual(['reviewing', event.output.data, null]);
        else expect([after.value, after.context.error]).toEqual(['loadFailed', event.output.message]);
        break;
      case 'xstate.error.actor.loadSlip':
        expect([after.value, after.context.error]).toEqual(['loadFailed', NETWORK_ERROR]);
        break;
      case 'xstate.done.actor.approveSlip':
      case 'xstate.done.actor.rejectSlip': {
        if (!event.output.ok) {
          // Refused: back to the slip with the reason; nothing else happens.
          expect([after.value, after.context.error]).toEqual(['reviewing', event.output.message]);
          expect(actions).toEqual([]);
          break;
        }
        const outcome =
          event.type === 'xstate.done.actor.rejectSlip' ? 'rejected' : event.output.data.message === 'APPROVAL_REQUIRED' ? 'waiting' : 'approved';
        expect(after.value).toBe('findingNext');
        expect(after.context.decided).toEqual({
          slipId: before!.context.slipId,
          member: before!.context.detail!.slip.name,
          amount: positiveAmount(before!.context.amount),
          currency: before!.context.detail!.currency,
          outcome,
        });
        expect(actions).toEqual([{ type: 'slipDecided' }]);
        expect(calls).toEqual([{ actor: 'findNext', input: { after: before!.context.slipId } }]);
        break;
      }
      case 'xstate.error.actor.approveSlip':
      case 'xstate.error.actor.rejectSlip':
        // No answer: perhaps decided; deciding the same again is answered as it was, so the slip stays open to try again.
        expect([after.value, after.context.error, after.context.decided]).toEqual(['reviewing', NETWORK_ERROR, before!.context.decided]);
        break;
      case 'xstate.done.actor.findNext':
        if (event.output.ok && event.output.data.id !== null) {
          expect([after.value, after.context.slipId, after.context.amount, after.context.note]).toEqual(['loading', event.output.data.id, '', null]);
          expect(actions).toEqual([{ type: 'showAddress', params: { id: event.output.data.id } }]);
          expect(calls).toEqual([{ actor: 'loadSlip', input: event.output.data.id }]);
        } else {
          expect([after.value, after.context.slipId]).toEqual(['closed', null]);
          expect(actions).toEqual([{ type: 'showAddress', params: { id: null } }]);
        }
        // The decision stays on show above the next slip (or the queue).
        expect(after.context.decided).toEqual(before!.context.decided);
        break;
      case 'xstate.error.actor.findNext':
        expect([after.value, after.context.slipId]).toEqual(['closed', null]);
        expect(actions).toEqual([{ type: 'showAddress', params: { id: null } }]);
        break;
    }
    if (!['xstate.done.actor.approveSlip', 'xstate.done.actor.rejectSlip', 'xstate.done.actor.findNext', 'xstate.error.actor.findNext'].includes(event.type)) {
      expect(actions).toEqual([]);
    }
  },
});
