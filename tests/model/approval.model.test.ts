import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { approvalModels, REQUEST } from './approval.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

describeModels('approval', approvalModels, {
  tags: {
    closed: ['closed'],
    open: ['open'],
    confirmingApprove: ['confirm:approve', 'confirming', 'open'],
    approving: ['busy', 'open'],
    confirmingReject: ['confirm:reject', 'confirming', 'open'],
    rejecting: ['busy', 'open'],
    approved: ['decided'],
    rejected: ['decided'],
  },
  check({ event, before, after, actions, calls }) {
    const busy = before?.hasTag('busy') ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);

    switch (event.type) {
      case 'xstate.init':
        expect([after.value, after.context]).toEqual(['closed', { approval: null, error: null }]);
        break;
      case 'approval.open':
        if (busy) unchanged();
        else expect([after.value, after.context]).toEqual(['open', { approval: REQUEST, error: null }]);
        break;
      case 'approval.close':
        if (busy) unchanged();
        else expect([after.value, after.context]).toEqual(['closed', { approval: null, error: null }]);
        break;
      case 'approval.approve':
      case 'approval.reject':
        // A decision is confirmed first: nothing is sent yet.
        if (before!.matches('open')) expect(after.value).toBe(event.type === 'approval.approve' ? 'confirmingApprove' : 'confirmingReject');
        else unchanged();
        expect(calls).toEqual([]);
        break;
      case 'approval.confirm':
        if (before!.hasTag('confirming')) {
          const decision = before!.matches('confirmingApprove') ? 'approved' : 'rejected';
          expect(calls).toEqual([{ actor: 'decide', input: { id: REQUEST.id, decision } }]);
          expect(after.context.error).toBeNull();
        } else {
          unchanged();
          expect(calls).toEqual([]);
        }
        break;
      case 'approval.cancel':
        if (before!.hasTag('confirming')) expect([after.value, calls]).toEqual(['open', []]);
        else unchanged();
        break;
      case 'xstate.done.actor.decide': {
        const decision = before!.matches('approving') ? 'approved' : 'rejected';
        // The asker's own approval (SAME_OPERATOR) and a request decided elsewhere stay open with the reason shown.
        if (event.output.ok) expect([after.value, actions]).toEqual([decision, [{ type: 'decided', params: { decision } }]]);
        else expect([after.value, after.context.error, actions]).toEqual(['open', event.output.message, []]);
        break;
      }
      case 'xstate.error.actor.decide':
        expect([after.value, after.context.error, actions]).toEqual(['open', NETWORK_ERROR, []]);
        break;
    }
    if (!event.type.startsWith('xstate.done')) expect(actions).toEqual([]);
    expect(!after.hasTag('open') || after.context.approval !== null).toBe(true);
  },
});
