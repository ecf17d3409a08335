import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import type { Result } from '../shared/result.ts';
import type { ApprovalContext, ApprovalDecision, ApprovalEvent, ApprovalTag } from './approval.types.ts';

export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    tags: {} as ApprovalTag,
  },
  actors: {
    decide: notProvided<Result<unknown>, { id: string; decision: ApprovalDecision }>('decide'),
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'approval.open');
      return { approval: event.approval, error: null };
    }),
    close: assign({ approval: null, error: null }),
    clearError: assign({ error: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // Provided by the view layer: reads the queue again (the request left it).
    decided: (_, _params: { decision: ApprovalDecision }) => {},
  },
  guards: { succeeded },
}).createMachine({
  id: 'approval',
  description:
    'A second operator\'s decision on one request of the approvals queue: approve (what was asked runs) or reject, each confirmed first. A refusal (SAME_OPERATOR for the one who asked, KEY_INVALID once decided elsewhere) is shown and the request stays open.',
  context: { approval: null, error: null },
  initial: 'closed',
  on: {
    'approval.open': { target: '.open', actions: 'open' },
    'approval.close': { target: '.closed', actions: 'close' },
  },
  states: {
    closed: { tags: 'closed' },
    open: {
      tags: 'open',
      on: { 'approval.approve': 'confirmingApprove', 'approval.reject': 'confirmingReject' },
    },
    confirmingApprove: {
      tags: ['open', 'confirming', 'confirm:approve'],
      description: 'Says what will run: the action, its amount, the member, who asked.',
      on: { 'approval.confirm': { target: 'approving', actions: 'clearError' }, 'approval.cancel': 'open' },
    },
    approving: {
      tags: ['open', 'busy'],
      on: { 'approval.open': {}, 'approval.close': {} },
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ id: context.approval!.id, decision: 'approved' as const }),
        ...onAnswer({ target: 'approved', action: 'decided', params: () => ({ decision: 'approved' as const }) }, { target: 'open', action: 'showFailure' }),
      },
    },
    confirmingReject: {
      tags: ['open', 'confirming', 'confirm:reject'],
      description: 'Says what will happen: nothing moves, the request is closed.',
      on: { 'approval.confirm': { target: 'rejecting', actions: 'clearError' }, 'approval.cancel': 'open' },
    },
    rejecting: {
      tags: ['open', 'busy'],
      on: { 'approval.open': {}, 'approval.close': {} },
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ id: context.approval!.id, decision: 'rejected' as const }),
        ...onAnswer({ target: 'rejected', action: 'decided', params: () => ({ decision: 'rejected' as const }) }, { target: 'open', action: 'showFailure' }),
      },
    },
    approved: { tags: 'decided', description: 'What was asked ran, as the approver: the next request may open.' },
    rejected: { tags: 'decided', description: 'Closed without moving anything.' },
  },
});
