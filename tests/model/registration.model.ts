/**
 * The registration wizard as a test model. To keep the state space small and
 * still reach every rule, the model's member types each step's fields in a
 * fixed order, one field at a time, and may retype the last one. They go back
 * from a step they have not started typing in, and from a filled-in bank step
 * (its values must survive, and the profile is validated again without them);
 * going back from other typed steps would carry their values into every
 * earlier state and multiply the model for little.
 */
import { createActor } from 'xstate';
import { registrationMachine } from '../../machines/registration/registration.machine.ts';
import type {
  BankOption,
  OtpSent,
  RegistrationField,
  RegistrationInput,
  RegistrationLookups,
} from '../../machines/registration/registration.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Registration = typeof registrationMachine;
type RegistrationSnapshot = ReturnType<Registration['getInitialSnapshot']>;
type Step = 'phone' | 'otp' | 'profile' | 'bank';
type Typing = ReadonlyArray<readonly [RegistrationField, readonly string[]]>;

/** The fields of each step in the order the member fills them, with values that reach every rule. */
const typing = {
  phone: [['phone', [' 0812345678 ', '08123']]], // valid once trimmed (both builds); too short
  otp: [['otpCode', ['123456', '12345']]],
  // The optional fields first, so that every complete profile has them.
  profile: [
    ['sourceCode', ['FACEBOOK']],
    ['inviteCode', ['PR42']],
    ['name', [' Somchai Jaidee ']],
    ['password', ['secret123', 'short']],
    ['confirmPassword', ['secret123', 'short']],
  ],
  bank: [
    ['bankCode', ['KTB', 'KBANK']], // KTB needs an English account name, KBANK does not
    ['firstName', ['somchai', 'สมชาย']],
    ['lastName', [' jaidee ']],
    ['bankAccountNo', ['1234567890']],
    ['currency', ['BAHT']], // Laos build only
  ],
} as const satisfies Record<Step, Typing>;

function stepOf(snapshot: RegistrationSnapshot): Step | undefined {
  return (['phone', 'otp', 'profile', 'bank'] as const).find((step) => snapshot.hasTag(`step:${step}`));
}

function fieldsOf(step: Step, snapshot: RegistrationSnapshot): Typing {
  const fields: Typing = typing[step];
  return snapshot.context.variant === 'la' ? fields : fields.filter(([field]) => field !== 'currency');
}

export function registrationModel(name: string, input: RegistrationInput): FlowModel<Registration> {
  const opened = createActor(registrationMachine, { input }).getSnapshot().context;
  const untouched = (snapshot: RegistrationSnapshot, step: Step) =>
    fieldsOf(step, snapshot).every(([field]) => snapshot.context[field] === opened[field]);
  const bankFilledIn = (snapshot: RegistrationSnapshot) =>
    fieldsOf('bank', snapshot).every(([field]) => snapshot.context[field] !== '') && !snapshot.context.error;

  const events = {
    'field.change': (snapshot) => {
      const step = stepOf(snapshot);
      if (!step) return [];
      const fields = fieldsOf(step, snapshot);
      const [field, values] = fields.find(([field]) => snapshot.context[field] === '') ?? fields.at(-1)!;
      const typed = values.map((value) => ({ type: 'field.change', field, value }) as const);
      // The member also tries to change an invite code that came from a link
      // (refused while locked, accepted once the server rejected the code).
      return step === 'profile' && opened.inviteLocked
        ? [...typed, { type: 'field.change', field: 'inviteCode', value: 'PR42' }]
        : typed;
    },
    'phone.submit': () => [{ type: 'phone.submit' }],
    'otp.submit': () => [{ type: 'otp.submit' }],
    'otp.resend': () => [{ type: 'otp.resend' }],
    'profile.submit': () => [{ type: 'profile.submit' }],
    'bank.submit': () => [{ type: 'bank.submit' }],
    'step.back': (snapshot) => {
      const step = stepOf(snapshot);
      const goesBack = step && (untouched(snapshot, step) || (step === 'bank' && bankFilledIn(snapshot)));
      return goesBack ? [{ type: 'step.back' }] : [];
    },
  } satisfies EventFixtures<Registration>;

  return { name, machine: registrationMachine, input, events: offerAll(events), replies };
}

const banks: BankOption[] = [
  { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' },
  { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
];
const sources = [{ code: 'FACEBOOK', description: 'Facebook' }];

const replies = {
  loadLookups: [
    { registerOTP: true, banks, sources },
    { registerOTP: false, banks, sources },
  ] satisfies RegistrationLookups[],
  // The server answers OTP_VERIFIED only to a send that carries a token it
  // verified (issue 9), and then hands that same token back.
  sendOtp: (snapshot: RegistrationSnapshot): Result<OtpSent>[] => [
    { ok: true, data: { code: 'SUCCESS', otpRef: 'REF123', otpToken: 'otp-token' } },
    ...(snapshot.context.otpToken === ''
      ? []
      : [{ ok: true, data: { code: 'OTP_VERIFIED', otpRef: '', otpToken: snapshot.context.otpToken } } as const]),
    { ok: false, message: 'OTP_BLOCK' },
  ],
  verifyOtp: [
    { ok: true, data: { message: 'OTP_CODE_VALID' } },
    { ok: false, message: 'OTP_CODE_INVALID' },
  ] satisfies Result<unknown>[],
  validateRegistration: [
    { ok: true, data: { message: 'OK' } },
    { ok: false, message: 'EXISTING_USER' },
    { ok: false, message: 'INVALID_CODE' },
  ] satisfies Result<unknown>[],
  register: [
    { ok: true, data: { message: 'OK' } },
    { ok: false, message: 'EXISTING_BANK' },
  ] satisfies Result<unknown>[],
};

export const registrationModels = [
  registrationModel('registration, Thai build', { variant: 'th', inviteCode: null }),
  registrationModel('registration, Laos build, invite link', { variant: 'la', inviteCode: 'PR7' }),
];
