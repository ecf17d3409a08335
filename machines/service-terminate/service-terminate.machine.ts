import { assign, setup } from 'xstate';
import type { ServiceStatus } from '../../src/contract/ops-members.ts';
import { notProvided } from '../shared/actors.ts';
import { confirmedCall } from '../shared/confirmed-call.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type { ServiceTerminateContext, ServiceTerminateEvent, ServiceTerminateTag } from './service-terminate.types.ts';

type ServiceAnswer = Result<{ status: ServiceStatus }>;

/** What the switch is asked: the other status. */
const opposite = (status: ServiceStatus | null): ServiceStatus => (status === 'terminated' ? 'active' : 'terminated');

export const serviceTerminateMachine = setup({
  types: {
    context: {} as ServiceTerminateContext,
    events: {} as ServiceTerminateEvent,
    tags: {} as ServiceTerminateTag,
  },
  actors: {
    readService: notProvided<ServiceAnswer>('readService'),
    changeService: notProvided<ServiceAnswer, { status: ServiceStatus }>('changeService'),
  },
  actions: {
    store: assign((_, answer: ServiceAnswer) => ({ status: okData(answer).status, failure: null })),
    clearFailure: assign({ failure: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
    // Provided by the view layer: says the service is now terminated or active (context.status).
    changed: () => {},
  },
  guards: { succeeded },
}).createMachine({
  id: 'serviceTerminate',
  description:
    'The service\'s switch in the console: its status read from the server; terminating or resuming asks first, saying members will see the closed page (or be served again); a refusal stays on the confirmation.',
  context: { status: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: { id: 'readService', src: 'readService', ...onAnswer({ target: 'shown', action: 'store' }, { target: 'failed', action: 'showFailure' }) },
    },
    failed: {
      tags: 'failed',
      description: 'Nothing known to show: the page offers a retry.',
      on: { 'service.retry': 'loading' },
    },
    shown: {
      tags: 'shown',
      on: { 'service.ask': { target: 'confirming', actions: 'clearFailure' } },
    },
    ...confirmedCall({
      states: {
        confirming: { name: 'confirming', description: 'Says what members will see; nothing is sent until it is confirmed.' },
        calling: { name: 'saving', description: 'The dialog waits for the server.' },
      },
      on: { confirm: 'service.confirm', cancel: 'service.cancel' },
      cancel: { target: 'shown' },
      call: { src: 'changeService', input: ({ context }: { context: ServiceTerminateContext }) => ({ status: opposite(context.status) }) },
      ok: { target: 'shown', action: 'store', then: ['changed'] },
    }),
  },
});
