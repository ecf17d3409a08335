/** The operators' login form as a test model: phone, password and the authenticator code, typed, pasted with spaces, or left empty. */
import { opsLoginMachine } from '../../machines/ops-login/ops-login.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'field.change': () => [
    { type: 'field.change', field: 'username', value: ' 0899999999 ' },
    { type: 'field.change', field: 'username', value: '   ' }, // blank once trimmed
    { type: 'field.change', field: 'password', value: 'operator-secret' },
    // Pasted from the authenticator app with its space, and cleared.
    { type: 'field.change', field: 'otpCode', value: '123 456' },
    { type: 'field.change', field: 'otpCode', value: '' },
  ],
  'login.submit': () => [{ type: 'login.submit' }],
} satisfies EventFixtures<typeof opsLoginMachine>;

export const opsLoginModels: FlowModel<typeof opsLoginMachine>[] = [
  {
    name: 'ops login',
    machine: opsLoginMachine,
    input: undefined,
    events: offerAll(events),
    // The fields as the rule reads them (blank once trimmed or not), whether a code is there, the error shown.
    abstraction: ({ context }) => ({
      username: context.username === '' ? null : context.username.trim() === '' ? 'blank' : 'filled',
      password: context.password !== '',
      code: context.otpCode !== '',
      error: context.error,
    }),
    replies: {
      submitLogin: [
        { ok: true, data: { token: 'operator-token' } },
        { ok: false, message: 'WRONG_CREDENTIAL' },
      ] satisfies Result<{ token: string }>[],
    },
  },
];
