/** The login form as a test model. */
import { loginMachine } from '../../machines/login/login.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'field.change': () => [
    { type: 'field.change', field: 'username', value: ' 0812345678 ' },
    { type: 'field.change', field: 'username', value: '   ' }, // blank once trimmed
    { type: 'field.change', field: 'password', value: 'secret123' },
  ],
  'remember.set': () => [
    { type: 'remember.set', value: true },
    { type: 'remember.set', value: false },
  ],
  'login.submit': () => [{ type: 'login.submit' }],
} satisfies EventFixtures<typeof loginMachine>;

export const loginModels: FlowModel<typeof loginMachine>[] = [
  {
    name: 'login',
    machine: loginMachine,
    input: undefined,
    events: offerAll(events),
    // The fields as the rule reads them (blank once trimmed or not), remember-me, the error shown.
    abstraction: ({ context }) => ({
      username: context.username === '' ? null : context.username.trim() === '' ? 'blank' : 'filled',
      password: context.password !== '',
      remember: context.remember,
      error: context.error,
    }),
    replies: {
      submitLogin: [
        { ok: true, data: { token: 'member-token' } },
        { ok: false, message: 'WRONG_CREDENTIAL' },
      ] satisfies Result<{ token: string }>[],
    },
  },
];
