import { assertEvent, assign, setup } from 'xstate';
import { passwordError } from '../../src/contract/rules/members.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import type { Result } from '../shared/result.ts';
import type { ChangePasswordContext, ChangePasswordEvent, ChangePasswordTag } from './change-password.types.ts';

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    tags: {} as ChangePasswordTag,
  },
  actors: {
    changePassword: notProvided<Result<unknown>, { oldPassword: string; newPassword: string }>('changePassword'),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: event.value, error: null };
    }),
    rejectMismatch: assign({ error: 'password-not-equal' }),
    rejectShortPassword: assign(({ context }) => ({ error: passwordError(context.newPassword) })),
    clearError: assign({ error: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // The usual failure is a wrong old password: ask for it again, keep the new pair.
    askOldPasswordAgain: assign({ oldPassword: '', error: null }),
    // Provided by the view layer.
    closeModal: () => {},
  },
  guards: {
    fieldMissing: ({ context }) =>
      context.oldPassword === '' || context.newPassword === '' || context.confirmPassword === '',
    newPasswordsDiffer: ({ context }) => context.newPassword !== context.confirmPassword,
    // The server would answer KEY_INVALID; say why before calling it.
    newPasswordTooShort: ({ context }) => passwordError(context.newPassword) !== null,
    succeeded,
  },
}).createMachine({
  id: 'changePassword',
  description: 'The change-password modal on the profile page (spec 2 Profile, spec 5 Change password).',
  context: { oldPassword: '', newPassword: '', confirmPassword: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'password.submit': [
          { guard: 'fieldMissing', description: 'spec 5: silent while a field is empty.' },
          { guard: 'newPasswordsDiffer', actions: 'rejectMismatch' },
          { guard: 'newPasswordTooShort', actions: 'rejectShortPassword' },
          { target: 'submitting' },
        ],
        'password.cancel': { target: 'closed', actions: 'closeModal' },
      },
    },
    submitting: {
      tags: 'submitting',
      entry: 'clearError',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword }),
        ...onAnswer({ target: 'succeeded' }, { target: 'failed', action: 'showFailure' }),
      },
    },
    succeeded: {
      tags: 'succeeded',
      description: 'The success alert dialog shows.',
      on: {
        'result.dismiss': { target: 'closed', actions: 'closeModal' },
      },
    },
    failed: {
      tags: 'failed',
      description: 'The alert dialog shows the error; dismissing it returns to the form without the old password.',
      on: {
        'result.dismiss': { target: 'editing', actions: 'askOldPasswordAgain' },
      },
    },
    closed: {
      type: 'final',
      tags: 'closed',
    },
  },
});
