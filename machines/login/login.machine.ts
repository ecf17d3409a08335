import { assertEvent, assign, setup } from 'xstate';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import type { LoginContext, LoginCredentials, LoginEvent, LoginTag } from './login.types.ts';

/**
 * The answer's three ends are written out here rather than with onAnswer
 * (shared/answer.ts), and its guards are its own: this machine is in /login's
 * first chunk, where a shared module ships whole and each export costs bytes
 * of a spent budget (docs/decisions/0118-login-chunk-keeps-its-own-code.md).
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    tags: {} as LoginTag,
  },
  actors: {
    submitLogin: notProvided<Result<{ token: string }>, LoginCredentials>('submitLogin'),
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
    showFailure: assign((_, result: Result<unknown>) => ({ error: failureMessage(result) })),
    showNetworkError: assign({ error: NETWORK_ERROR }),
    // Provided by the view layer: hands the token to the session and goes to /user.
    signedIn: (_, _session: { token: string; remember: boolean }) => {},
  },
  guards: {
    // spec 5: nothing is submitted while either field is empty.
    credentialsFilled: ({ context }) => context.username.trim() !== '' && context.password !== '',
    succeeded: (_, result: Result<unknown>) => result.ok,
  },
}).createMachine({
  id: 'login',
  description: 'The login form (spec 2 Login, spec 5 Login).',
  context: { username: '', password: '', remember: false, error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'remember.set': { actions: 'setRemember' },
        'login.submit': { guard: 'credentialsFilled', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: 'submitting',
      description: 'Typing and submitting again are ignored until the server answers (no double submit).',
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => ({ username: context.username.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'succeeded', params: actorOutput },
            target: 'done',
            actions: {
              type: 'signedIn',
              params: ({ context, event }) => ({ token: okData(event.output).token, remember: context.remember }),
            },
          },
          { target: 'editing', actions: { type: 'showFailure', params: actorOutput } },
        ],
        onError: { target: 'editing', actions: 'showNetworkError' },
      },
    },
    done: {
      type: 'final',
      tags: 'done',
    },
  },
});
