import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { credentialsFilled, credentialsForm } from '../shared/credentials.ts';
import { failureMessage, NETWORK_ERROR, okData, succeeded, type Result } from '../shared/result.ts';
import type { LoginContext, LoginCredentials, LoginEvent, LoginTag } from './login.types.ts';

type LoginAnswer = Result<{ token: string }>;

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    tags: {} as LoginTag,
  },
  actors: {
    submitLogin: notProvided<LoginAnswer, LoginCredentials>('submitLogin'),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: event.value, error: null };
    }),
    setRemember: assign(({ event }) => {
      assertEvent(event, 'remember.set');
      return { remember: event.value };
    }),
    clearError: assign({ error: null }),
    showFailure: assign((_, answer: LoginAnswer) => ({ error: failureMessage(answer) })),
    showNetworkError: assign({ error: NETWORK_ERROR }),
    // Provided by the view layer: hands the token to the session and goes to /user.
    signedIn: (_, _session: { token: string; remember: boolean }) => {},
  },
  guards: {
    credentialsFilled,
    succeeded,
  },
}).createMachine({
  id: 'login',
  description: 'The login form (spec 2 Login, spec 5 Login).',
  context: { username: '', password: '', remember: false, error: null },
  ...credentialsForm({
    editing: {
      'field.change': { actions: 'setField' },
      'remember.set': { actions: 'setRemember' },
    },
    input: ({ context }: { context: LoginContext }): LoginCredentials => ({ username: context.username.trim(), password: context.password }),
    signedInParams: ({ context, event }: { context: LoginContext; event: { output: LoginAnswer } }) => ({
      token: okData(event.output).token,
      remember: context.remember,
    }),
  }),
});
