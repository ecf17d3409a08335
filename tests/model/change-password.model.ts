/** The change-password modal as a test model. */
import { changePasswordMachine } from '../../machines/change-password/change-password.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const events = {
  'field.change': () => [
    { type: 'field.change', field: 'oldPassword', value: 'old-secret' },
    { type: 'field.change', field: 'newPassword', value: 'new-secret' },
    { type: 'field.change', field: 'newPassword', value: 'short' },
    { type: 'field.change', field: 'confirmPassword', value: 'new-secret' },
    { type: 'field.change', field: 'confirmPassword', value: 'short' },
  ],
  'password.submit': () => [{ type: 'password.submit' }],
  'password.cancel': () => [{ type: 'password.cancel' }],
  'result.dismiss': () => [{ type: 'result.dismiss' }],
} satisfies EventFixtures<typeof changePasswordMachine>;

export const changePasswordModels: FlowModel<typeof changePasswordMachine>[] = [
  {
    name: 'change password',
    machine: changePasswordMachine,
    input: undefined,
    events: offerAll(events),
    // The fields as the rules read them, and the error shown.
    abstraction: ({ context }) => ({
      'old password': context.oldPassword !== '',
      'new password': context.newPassword === '' ? null : context.newPassword.length >= 8 ? 'long enough' : 'too short',
      confirmation: context.confirmPassword === '' ? null : context.confirmPassword === context.newPassword ? 'same' : 'different',
      error: context.error,
    }),
    replies: {
      changePassword: [
        { ok: true, data: { message: 'OK' } },
        { ok: false, message: 'WRONG_PASSWORD' },
      ] satisfies Result<unknown>[],
    },
  },
];
