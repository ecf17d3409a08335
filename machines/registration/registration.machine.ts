import { assertEvent, assign, setup } from 'xstate';
import {
  bankAccountNumberError,
  isEnglishName,
  joinAccountName,
  needsEnglishName,
  passwordError,
  phoneError,
} from '../../src/contract/rules/members.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { answeredFailure, noAnswer, onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type {
  OtpRequest,
  OtpSent,
  RegistrationContext,
  RegistrationEvent,
  RegistrationInput,
  RegistrationLookups,
  RegistrationPayload,
  RegistrationTag,
} from './registration.types.ts';

/** spec 3: the payload of the last step. */
function registrationPayload(context: RegistrationContext): RegistrationPayload {
  return {
    name: context.name.trim(),
    username: context.phone,
    password: context.password,
    sourceCode: context.sourceCode,
    inviteCode: context.inviteCode.trim(),
    bankCode: context.bankCode,
    bankAccountName: joinAccountName(context.firstName, context.lastName),
    bankAccountNo: context.bankAccountNo.trim(),
    currency: context.variant === 'la' ? context.currency : '',
    otpToken: context.otpToken,
  };
}

/** spec 4: the profile step asks the server to validate before the bank step exists. */
function profilePayload(context: RegistrationContext): RegistrationPayload {
  return { ...registrationPayload(context), bankCode: '', bankAccountName: '', bankAccountNo: '', currency: '' };
}

/**
 * Sending a code, from the phone step or again from the OTP step (`sent`:
 * where a code sent leads). The token of an earlier verification of this
 * phone goes along: the server then answers OTP_VERIFIED instead of sending
 * a code, and the wizard skips to the profile step.
 */
function sendOtp<const TSent extends string>(sent: TSent) {
  return {
    id: 'sendOtp',
    src: 'sendOtp',
    input: ({ context }: { context: RegistrationContext }): OtpRequest => ({ phoneNumber: context.phone, otpToken: context.otpToken }),
    ...onAnswer({ target: sent, action: 'storeOtpReference' }, { target: 'editing', action: 'showFailure' }, [
      {
        guard: { type: 'otpAlreadyVerified', params: actorOutput },
        target: '#registration.profileStep',
        actions: { type: 'keepVerifiedToken', params: actorOutput },
      },
    ] as const),
  } as const;
}

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    tags: {} as RegistrationTag,
  },
  actors: {
    loadLookups: notProvided<RegistrationLookups>('loadLookups'),
    sendOtp: notProvided<Result<OtpSent>, OtpRequest>('sendOtp'),
    verifyOtp: notProvided<Result<unknown>, { otpToken: string; otpCode: string }>('verifyOtp'),
    validateRegistration: notProvided<Result<unknown>, RegistrationPayload>('validateRegistration'),
    register: notProvided<Result<unknown>, RegistrationPayload>('register'),
  },
  actions: {
    setField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      // spec 2: account names are forced to uppercase as they are typed.
      const uppercase = event.field === 'firstName' || event.field === 'lastName';
      return { [event.field]: uppercase ? event.value.toUpperCase() : event.value, error: null };
    }),
    applyLookups: assign((_, lookups: RegistrationLookups) => ({
      otpEnabled: lookups.registerOTP,
      banks: lookups.banks,
      sources: lookups.sources,
    })),
    trimPhone: assign({ phone: ({ context }) => context.phone.trim() }),
    rejectPhone: assign({ error: 'PHONE_NUMBER_REQUIRE_10_DIGIT' }),
    storeOtpReference: assign((_, result: Result<OtpSent>) => {
      const sent = okData(result);
      return { otpRef: sent.otpRef, otpToken: sent.otpToken, otpCode: '' };
    }),
    keepVerifiedToken: assign((_, result: Result<OtpSent>) => ({ otpToken: okData(result).otpToken })),
    // An unverified code is dropped when the member leaves the OTP step: coming back sends a new one.
    forgetOtp: assign({ otpRef: '', otpToken: '', otpCode: '' }),
    // The code is used; its token stays as the proof the profile and bank steps send (docs/decisions/0072-registration-bound-to-verified-challenge.md).
    forgetOtpCode: assign({ otpRef: '', otpCode: '' }),
    forgetOtpToken: assign({ otpToken: '' }),
    rejectOtpCode: assign({ error: 'OTP_CODE_INVALID' }),
    rejectMismatch: assign({ error: 'PASSWORDS_DONT_MATCH' }),
    rejectShortPassword: assign(({ context }) => ({ error: passwordError(context.password) })),
    rejectAccountName: assign({ error: 'BANK_ACCOUNT_NAME_ENG' }),
    rejectAccountNumber: assign(({ context }) => ({ error: bankAccountNumberError(context.bankAccountNo.trim()) })),
    clearError: assign({ error: null }),
    // A link's invite code the server does not know must not trap the member
    // behind a read-only field: open it for editing and forget the stored code.
    unlockInviteCode: assign({ inviteLocked: false }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // Provided by the view layer.
    showSuccess: () => {},
    forgetInviteCode: () => {},
    goToLogin: () => {},
  },
  guards: {
    inviteCodeLocked: ({ context, event }) => event.type === 'field.change' && event.field === 'inviteCode' && context.inviteLocked,
    keptTokenOfOtherPhone: ({ context, event }) =>
      event.type === 'field.change' && event.field === 'phone' && context.otpToken !== '' && event.value.trim() !== context.phone.trim(),
    phoneInvalid: ({ context }) => phoneError(context.variant, context.phone.trim()) !== null,
    otpEnabled: ({ context }) => context.otpEnabled,
    otpAlreadyVerified: (_, result: Result<OtpSent>) => result.ok && result.data.code === 'OTP_VERIFIED',
    otpCodeMalformed: ({ context }) => !/^\d{6}$/.test(context.otpCode),
    // spec 5: the profile step does nothing while a required field is empty.
    profileIncomplete: ({ context }) =>
      [context.name.trim(), context.phone, context.password, context.confirmPassword].includes(''),
    passwordsDiffer: ({ context }) => context.password !== context.confirmPassword,
    passwordTooShort: ({ context }) => passwordError(context.password) !== null,
    // spec 5: the bank step does nothing while a required field is empty.
    bankIncomplete: ({ context }) =>
      [context.bankCode, context.firstName.trim(), context.lastName.trim(), context.bankAccountNo.trim()].includes(''),
    // The server's rule too: 6 to 20 digits, whatever the bank (docs/decisions/0037-registration-rules-and-check-order.md).
    accountNumberInvalid: ({ context }) => bankAccountNumberError(context.bankAccountNo.trim()) !== null,
    // spec 5: KTB, TMB and BBL need the account name in English letters.
    accountNameNotEnglish: ({ context }) =>
      needsEnglishName(context.bankCode) && !(isEnglishName(context.firstName) && isEnglishName(context.lastName)),
    succeeded,
    inviteCodeRejected: (_, result: Result<unknown>) => !result.ok && result.message === 'INVALID_CODE',
  },
  delays: {
    redirectToLogin: 2000, // spec 9
  },
}).createMachine({
  id: 'registration',
  description: 'The registration wizard, steps 0 to 3 (spec 2 Registration, spec 4, spec 5).',
  context: ({ input }) => ({
    variant: input.variant,
    // Until the lookups answer (or if they fail) assume OTP is on: the server refuses unverified phones anyway.
    otpEnabled: true,
    banks: [],
    sources: [],
    phone: '',
    otpRef: '',
    otpToken: '',
    otpCode: '',
    name: '',
    password: '',
    confirmPassword: '',
    sourceCode: '',
    inviteCode: input.inviteCode ?? '',
    inviteLocked: Boolean(input.inviteCode),
    bankCode: '',
    firstName: '',
    lastName: '',
    bankAccountNo: '',
    currency: input.variant === 'la' ? 'LAK' : '', // spec 9: LAK by default in the Laos build
    error: null,
  }),
  initial: 'loadingLookups',
  states: {
    loadingLookups: {
      tags: 'busy',
      description:
        'Asks whether OTP is on and loads the bank and source lists. On a network failure the wizard still opens, with OTP on, empty lists and the error shown.',
      invoke: {
        id: 'loadLookups',
        src: 'loadLookups',
        onDone: { target: 'phoneStep', actions: { type: 'applyLookups', params: actorOutput } },
        onError: { target: 'phoneStep', actions: { type: 'showFailure', params: noAnswer } },
      },
    },
    phoneStep: {
      tags: 'step:phone',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': [
              {
                guard: 'keptTokenOfOtherPhone',
                actions: ['setField', 'forgetOtpToken'],
                description: 'A verification kept from the OTP step proves only the phone it was sent to.',
              },
              { actions: 'setField' },
            ],
            'phone.submit': [
              { guard: 'phoneInvalid', actions: 'rejectPhone' },
              { guard: 'otpEnabled', target: 'sendingOtp', actions: 'trimPhone' },
              { target: '#registration.profileStep', actions: 'trimPhone' },
            ],
          },
        },
        sendingOtp: {
          tags: 'busy',
          description:
            'Sends the token kept from an earlier verification of this phone, if any: the server then answers OTP_VERIFIED instead of sending a code.',
          entry: 'clearError',
          invoke: sendOtp('#registration.otpStep'),
        },
      },
    },
    otpStep: {
      tags: 'step:otp',
      description: 'Shows the OTP reference; skipped when OTP is off or the server answers OTP_VERIFIED.',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'otp.submit': [
              { guard: 'otpCodeMalformed', actions: 'rejectOtpCode' },
              { target: 'verifyingOtp' },
            ],
            'otp.resend': 'resendingOtp',
            'step.back': { target: '#registration.phoneStep', actions: ['forgetOtp', 'clearError'] },
          },
        },
        verifyingOtp: {
          tags: 'busy',
          entry: 'clearError',
          invoke: {
            id: 'verifyOtp',
            src: 'verifyOtp',
            input: ({ context }) => ({ otpToken: context.otpToken, otpCode: context.otpCode }),
            ...onAnswer({ target: '#registration.profileStep' }, { target: 'editing', action: 'showFailure' }),
          },
        },
        resendingOtp: {
          tags: 'busy',
          description: 'Sends the current token too: if its code was accepted but the answer was lost, the server answers OTP_VERIFIED.',
          entry: 'clearError',
          invoke: sendOtp('editing'),
        },
      },
    },
    profileStep: {
      tags: 'step:profile',
      entry: 'forgetOtpCode',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': [
              { guard: 'inviteCodeLocked', description: 'The invite code from a link is read-only.' },
              { actions: 'setField' },
            ],
            'profile.submit': [
              { guard: 'profileIncomplete', description: 'spec 5: silent while a required field is empty.' },
              { guard: 'passwordsDiffer', actions: 'rejectMismatch' },
              { guard: 'passwordTooShort', actions: 'rejectShortPassword' },
              { target: 'validating' },
            ],
            'step.back': { target: '#registration.phoneStep', actions: 'clearError' },
          },
        },
        validating: {
          tags: 'busy',
          entry: 'clearError',
          invoke: {
            id: 'validateRegistration',
            src: 'validateRegistration',
            input: ({ context }) => profilePayload(context),
            ...onAnswer({ target: '#registration.bankStep' }, { target: 'editing', action: 'showFailure' }, [
              {
                guard: { type: 'inviteCodeRejected', params: actorOutput },
                target: 'editing',
                actions: [{ type: 'showFailure', params: answeredFailure }, 'unlockInviteCode', 'forgetInviteCode'],
              },
            ] as const),
          },
        },
      },
    },
    bankStep: {
      tags: 'step:bank',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'bank.submit': [
              { guard: 'bankIncomplete', description: 'spec 5: silent while a required field is empty.' },
              { guard: 'accountNumberInvalid', actions: 'rejectAccountNumber' },
              { guard: 'accountNameNotEnglish', actions: 'rejectAccountName' },
              { target: 'registering' },
            ],
            'step.back': { target: '#registration.profileStep', actions: 'clearError' },
          },
        },
        registering: {
          tags: 'busy',
          entry: 'clearError',
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => registrationPayload(context),
            ...onAnswer({ target: '#registration.registered' }, { target: 'editing', action: 'showFailure' }),
          },
        },
      },
    },
    registered: {
      tags: 'registered',
      description: 'spec 2: a success toast, then /login after 2 seconds.',
      entry: ['showSuccess', 'forgetInviteCode'],
      after: {
        redirectToLogin: { target: 'done', actions: 'goToLogin' },
      },
    },
    done: {
      type: 'final',
      tags: 'registered',
    },
  },
});
