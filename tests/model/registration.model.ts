/**
 * The registration wizard as a test model. To keep the state space small and
 * still reach every rule, the model's member types each step's fields in a
 * fixed order, one field at a time, and may retype the last one. They go back
 * from a step they have not started typing in, and from a filled-in bank step
 * (its values must survive, and the profile is validated again without them);
 * going back from other typed steps would carry their values into every
 * earlier state and multiply the model for little.
 *
 * The model knows what was typed by the rule it falls under (a valid or a
 * short phone number, a password long enough or not, a name in English or
 * not, an account number of 6 to 20 digits or not), and only the fields of
 * the step on screen.
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
import { offerAll, type Abstraction, type EventFixtures, type FlowModel } from './support/flow-model.ts';

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
    ['password', ['river-lantern-42', 'short']], // long enough and not a common one (the real server checks both)
    ['confirmPassword', ['river-lantern-42', 'short']],
  ],
  bank: [
    ['bankCode', ['KTB', 'KBANK']], // KTB needs an English account name, KBANK does not
    ['firstName', ['somchai', 'สมชาย']],
    ['lastName', [' jaidee ']],
    ['bankAccountNo', ['1234567890', '12345']], // 6 to 20 digits; too short
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

/** spec 5, written out independently of the machine: 10 digits in Thailand, 8 to 13 in Laos (docs/decisions/0006-variant-at-build-time.md). */
export function phoneValid(variant: RegistrationInput['variant'], phone: string): boolean {
  return (variant === 'la' ? /^\d{8,13}$/ : /^\d{10}$/).test(phone);
}

/** The server's rule for an account number, written out independently of the contract's: 6 to 20 digits. */
export function accountNumberValid(accountNo: string): boolean {
  return /^\d{6,20}$/.test(accountNo);
}

const typed = (value: string, rule: (value: string) => string) => (value.trim() === '' ? null : rule(value));
const englishName = (value: string) => (/^[A-Z]+( [A-Z]+)*$/i.test(value.trim()) ? 'English' : 'not English');

/**
 * The fields of the step on screen, by the rules they fall under, and what
 * decides that step's way on: whether the lists could be read and a
 * verification is kept (the phone step), whether the invite code is locked
 * (the profile step), whether OTP is on (it goes with the registration).
 */
function abstraction(snapshot: RegistrationSnapshot): Abstraction {
  const context = snapshot.context;
  const otp = context.otpEnabled ? 'on' : 'off';
  const error = context.error;
  switch (stepOf(snapshot)) {
    case 'phone':
      return {
        otp,
        // After a failed read of the lists the wizard has nothing to pick from.
        lists: context.banks.length > 0 ? null : 'empty',
        'verification kept': context.otpToken !== '',
        error,
        phone: typed(context.phone, (phone) => (phoneValid(context.variant, phone.trim()) ? 'valid' : 'invalid')),
      };
    case 'otp':
      return { error, code: typed(context.otpCode, (code) => (/^\d{6}$/.test(code) ? 'six digits' : 'invalid')) };
    case 'profile':
      return {
        otp,
        'invite locked': context.inviteLocked,
        error,
        source: context.sourceCode !== '',
        invite: context.inviteCode === '' ? null : context.inviteLocked ? 'from the link' : 'typed',
        name: context.name.trim() !== '',
        password: typed(context.password, (password) => (password.length >= 8 ? 'long enough' : 'too short')),
        confirmation: typed(context.confirmPassword, (confirmation) => (confirmation === context.password ? 'same' : 'different')),
        // Back from a filled-in bank step: its values wait there.
        'bank filled in': context.bankAccountNo !== '',
      };
    case 'bank':
      return {
        otp,
        error,
        bank: typed(context.bankCode, (bank) => (['KTB', 'TMB', 'BBL'].includes(bank) ? 'needs an English name' : 'any name')),
        'first name': typed(context.firstName, englishName),
        'last name': typed(context.lastName, englishName),
        'account number': typed(context.bankAccountNo, (accountNo) => (accountNumberValid(accountNo.trim()) ? 'valid' : 'invalid')),
        currency: context.variant === 'la' ? context.currency : null,
      };
    default:
      return snapshot.matches('loadingLookups') ? {} : { otp };
  }
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

  return { name, machine: registrationMachine, input, events: offerAll(events), replies, abstraction };
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
  // verified (decision 0072), and then hands that same token back.
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
