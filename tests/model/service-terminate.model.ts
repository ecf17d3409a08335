/** The service's switch as a test model: the read, asking, backing out or confirming, the answer. */
import { serviceTerminateMachine } from '../../machines/service-terminate/service-terminate.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import type { ServiceStatus } from '../../src/contract/ops-members.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type ServiceTerminate = typeof serviceTerminateMachine;

const events = {
  'service.ask': () => [{ type: 'service.ask' }],
  'service.confirm': () => [{ type: 'service.confirm' }],
  'service.cancel': () => [{ type: 'service.cancel' }],
  'service.retry': () => [{ type: 'service.retry' }],
} satisfies EventFixtures<ServiceTerminate>;

const answers = (status: ServiceStatus) => [{ ok: true, data: { status } }, { ok: false, message: 'UNAUTHORIZED' }] satisfies Result<{ status: ServiceStatus }>[];

export const serviceTerminateModels: FlowModel<ServiceTerminate>[] = [
  {
    name: 'service terminate',
    machine: serviceTerminateMachine,
    input: undefined,
    events: offerAll(events),
    replies: {
      readService: [...answers('active'), { ok: true, data: { status: 'terminated' } }],
      // The switch answers the status it was asked for.
      changeService: (snapshot) => answers(snapshot.context.status === 'terminated' ? 'active' : 'terminated'),
    },
    abstraction: ({ context }) => ({ status: context.status, failure: context.failure }),
  },
];
