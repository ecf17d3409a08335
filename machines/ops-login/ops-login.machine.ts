import { assertEvent, assign, setup } from 'xstate';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import type { OpsCredentials, OpsLoginContext, OpsLoginEvent, OpsLoginTag } from './ops-login.types.ts';

/**
 * A machine of its own rather than machines/login with a code: the members'
 * login page ships that machine in its first chunk, which must not grow.
 */
export const opsLoginMachine = setup({
  types: {
    context: {} as OpsLoginContext,
    events: {} as OpsLoginEvent,
    tags: {} as OpsLoginTag,
  },
  actors: {
    submitLogin: notProvided<Result<{ token: string }>, OpsCredentials>('submitLogin'),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      // An authenticator code is digits; spaces and anything else typed or pasted are dropped.
      const value = event.field === 'otpCode' ? event.value.replace(/\D/g, '') : event.value;
      return { [event.field]: value, error: null };
    }),
    clearError: assign({ error: null }),
    showFailure: assign((_, result: Result<unknown>) => ({ error: failureMessage(result) })),
    showNetworkError: assign({ error: NETWORK_ERROR }),
    // Provided by the view layer: hands the token to the operator's session and opens the inbox.
    signedIn: (_, _session: { token: string }) => {},
  },
  guards: {
    credentialsFilled: ({ context }) => context.username.trim() !== '' && context.password !== '',
    succeeded: (_, result: Result<unknown>) => result.ok,
  },
}).createMachine({
  id: 'opsLogin',
  description:
    'The operators\' login (README "Operators"): phone, password and the authenticator code, sent together; the members\' form rules (both fields filled, no double submit, typing clears the error line). The code is digits only and may be empty.',
  context: { username: '', password: '', otpCode: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'login.submit': { guard: 'credentialsFilled', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: 'submitting',
      description: 'Typing and submitting again are ignored until the server answers (no double submit).',
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => ({ username: context.username.trim(), password: context.password, otpCode: context.otpCode }),
        onDone: [
          {
            guard: { type: 'succeeded', params: actorOutput },
            target: 'done',
            actions: { type: 'signedIn', params: ({ event }) => ({ token: okData(event.output).token }) },
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
