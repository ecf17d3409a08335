import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { credentialsFilled, credentialsForm } from '../shared/credentials.ts';
import { failureMessage, NETWORK_ERROR, okData, succeeded, type Result } from '../shared/result.ts';
import type { OpsCredentials, OpsLoginContext, OpsLoginEvent, OpsLoginTag } from './ops-login.types.ts';

type LoginAnswer = Result<{ token: string }>;

/**
 * A machine of its own rather than machines/login with a code: the members'
 * login page ships that machine in its first chunk, which must not grow. The
 * form's states are the members' (shared/credentials.ts).
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
    showFailure: assign((_, answer: LoginAnswer) => ({ error: failureMessage(answer) })),
    showNetworkError: assign({ error: NETWORK_ERROR }),
    // Provided by the view layer: hands the token to the operator's session and opens the inbox.
    signedIn: (_, _session: { token: string }) => {},
  },
  guards: {
    credentialsFilled,
    succeeded,
  },
}).createMachine({
  id: 'opsLogin',
  description:
    'The operators\' login (README "Operators"): phone, password and the authenticator code, sent together; the members\' form rules (both fields filled, no double submit, typing clears the error line). The code is digits only and may be empty.',
  context: { username: '', password: '', otpCode: '', error: null },
  ...credentialsForm({
    editing: {
      'field.change': { actions: 'setField' },
    },
    input: ({ context }: { context: OpsLoginContext }): OpsCredentials => ({
      username: context.username.trim(),
      password: context.password,
      otpCode: context.otpCode,
    }),
    signedInParams: ({ event }: { event: { output: LoginAnswer } }) => ({ token: okData(event.output).token }),
  }),
});
