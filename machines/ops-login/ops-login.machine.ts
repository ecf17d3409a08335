import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type { OpsCredentials, OpsLoginContext, OpsLoginEvent, OpsLoginTag } from './ops-login.types.ts';

type LoginAnswer = Result<{ token: string }>;

/** What the view's signedIn takes: the token. */
const session = ({ event }: { event: { output: LoginAnswer } }) => ({ token: okData(event.output).token });

/**
 * A machine of its own rather than machines/login with a code: the members'
 * login page ships that machine in its first chunk, which must not grow, nor
 * share its pieces (docs/decisions/0118-login-chunk-keeps-its-own-code.md).
 * The form rules are the members' (spec 5).
 */
export const opsLoginMachine = setup({
  types: {
    context: {} as OpsLoginContext,
    events: {} as OpsLoginEvent,
    tags: {} as OpsLoginTag,
  },
  actors: {
    submitLogin: notProvided<LoginAnswer, OpsCredentials>('submitLogin'),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      // An authenticator code is digits; spaces and anything else typed or pasted are dropped.
      const value = event.field === 'otpCode' ? event.value.replace(/\D/g, '') : event.value;
      return { [event.field]: value, error: null };
    }),
    clearError: assign({ error: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // Provided by the view layer: hands the token to the operator's session and opens the inbox.
    signedIn: (_, _session: { token: string }) => {},
  },
  guards: {
    // spec 5: nothing is submitted while either field is empty (machines/login's rule).
    credentialsFilled: ({ context }) => context.username.trim() !== '' && context.password !== '',
    succeeded,
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
        ...onAnswer({ target: 'done', action: 'signedIn', params: session }, { target: 'editing', action: 'showFailure' }),
      },
    },
    done: {
      type: 'final',
      tags: 'done',
    },
  },
});
