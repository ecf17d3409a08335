/** Disable and reset as test models: confirmed, refused (and confirmed again), done; a reset's enrolment shown once. */
import { operatorChangeMachine } from '../../machines/operator-change/operator-change.machine.ts';
import type { OperatorChanged } from '../../machines/operator-change/operator-change.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { ENROLLED } from './operator-add.model.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'change.confirm': () => [{ type: 'change.confirm' }],
  'enrolment.done': () => [{ type: 'enrolment.done' }],
} satisfies EventFixtures<typeof operatorChangeMachine>;

const abstraction: FlowModel<typeof operatorChangeMachine>['abstraction'] = ({ context }) => ({
  error: context.error,
  enrolment: context.enrolled !== null,
});

export const operatorChangeModels: FlowModel<typeof operatorChangeMachine>[] = [
  {
    name: 'operator disable',
    machine: operatorChangeMachine,
    input: { phone: '0810000301', name: 'Noi', change: 'disable' },
    events: offerAll(events),
    abstraction,
    replies: {
      sendChange: [{ ok: true, data: { operator: ENROLLED.operator } }, { ok: false, message: 'OPERATOR_SELF' }] satisfies Result<OperatorChanged>[],
    },
  },
  {
    name: 'operator reset',
    machine: operatorChangeMachine,
    input: { phone: '0810000301', name: 'Noi', change: 'reset' },
    events: offerAll(events),
    abstraction,
    replies: {
      sendChange: [{ ok: true, data: ENROLLED }, { ok: false, message: 'OPERATOR_DISABLED' }] satisfies Result<OperatorChanged>[],
    },
  },
];
