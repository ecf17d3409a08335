/** The session machine as a test model: what the app sends it and what the server answers. */
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { ServiceStatus } from '../../machines/session/session.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'session.signIn': () => [{ type: 'session.signIn', token: 'fresh-token', remember: true }],
  'session.signOut': () => [{ type: 'session.signOut' }],
  'session.publicStart': () => [{ type: 'session.publicStart' }],
  'api.invalidToken': () => [{ type: 'api.invalidToken' }],
  'api.gone': () => [{ type: 'api.gone' }],
  'service.check': () => [{ type: 'service.check' }],
} satisfies EventFixtures<typeof sessionMachine>;

const replies = {
  checkService: [{ gone: false }, { gone: true }] satisfies ServiceStatus[],
  revokeToken: [undefined],
};

const session = (name: string, input: FlowModel<typeof sessionMachine>['input']): FlowModel<typeof sessionMachine> => ({
  name,
  machine: sessionMachine,
  input,
  events: offerAll(events),
  replies,
  abstraction: ({ context }) => ({ token: context.token, remember: context.remember }),
});

export const sessionModels = [
  session('session, no stored token', { token: null, remember: false }),
  session('session, token stored with remember-me', { token: 'stored-token', remember: true }),
];
