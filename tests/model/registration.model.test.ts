import type { RegistrationContext, RegistrationPayload } from '../../machines/registration/registration.types.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { accountNumberValid, phoneValid, registrationModels } from './registration.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/**
 * spec 3 and 4, written out independently of the machine: the profile step
 * sends empty bank fields; both send the verified OTP token (decision 0072).
 */
function expectedPayload(context: RegistrationContext, withBank: boolean): RegistrationPayload {
  return {
    name: context.name.trim(),
    username: context.phone,
    password: context.password,
    sourceCode: context.sourceCode,
    inviteCode: context.inviteCode,
    bankCode: withBank ? context.bankCode : '',
    bankAccountName: withBank ? `${context.firstName.trim()} ${context.lastName.trim()}`.toUpperCase() : '',
    bankAccountNo: withBank ? context.bankAccountNo : '',
    currency: withBank && context.variant === 'la' ? context.currency : '',
    otpToken: context.otpToken,
  };
}

/** The calls and view actions due when a step enters a state. */
function expectedEffects({ event, before, after }: ReplayedStep): Pick<ReplayedStep, 'actions' | 'calls'> {
  const state = stateKey(after);
  if (before && stateKey(before) === state) return { actions: [], calls: [] };
  const context = after.context as RegistrationContext;
  const call = (actor: string, input: unknown) => ({ actions: [], calls: [{ actor, input }] });
  switch (state) {
    case 'loadingLookups':
      return call('loadLookups', undefined);
    case 'phoneStep.sendingOtp':
    case 'otpStep.resendingOtp':
      // The token kept from an earlier verification (or the OTP step's) goes with it.
      return call('sendOtp', { phoneNumber: before!.context.phone.trim(), otpToken: before!.context.otpToken });
    case 'otpStep.verifyingOtp':
      return call('verifyOtp', { otpToken: context.otpToken, otpCode: context.otpCode });
    case 'profileStep.validating':
      return call('validateRegistration', expectedPayload(context, false));
    case 'bankStep.registering':
      return call('register', expectedPayload(context, true));
    case 'profileStep.editing': {
      const rejectedInvite = event.type === 'xstate.done.actor.validateRegistration' && event.output.message === 'INVALID_CODE';
      return { actions: rejectedInvite ? [{ type: 'forgetInviteCode' }] : [], calls: [] };
    }
    case 'registered':
      return { actions: [{ type: 'showSuccess' }, { type: 'forgetInviteCode' }], calls: [] };
    case 'done':
      return { actions: [{ type: 'goToLogin' }], calls: [] };
    default:
      return { actions: [], calls: [] };
  }
}

/** Where a step lands and with which error, from spec 4 and 5. */
function checkOutcome({ event, before, after, waited }: ReplayedStep) {
  const was = (state: string) => (before ? stateKey(before) === state : false);
  const now = stateKey(after);
  const previous = before?.context as RegistrationContext;
  const context = after.context as RegistrationContext;
  const unchanged = () => expect([after.value, context]).toEqual([before?.value, previous]);
  const editing = before !== undefined && stateKey(before).endsWith('.editing');

  switch (event.type) {
    case 'field.change': {
      if (!editing || (event.field === 'inviteCode' && previous.inviteLocked)) return unchanged();
      const uppercase = event.field === 'firstName' || event.field === 'lastName';
      // Decision 0072: a kept verification proves only its own phone.
      const otherPhone = event.field === 'phone' && event.value.trim() !== previous.phone.trim();
      expect(context.otpToken).toBe(otherPhone ? '' : previous.otpToken);
      return expect(context).toMatchObject({ [event.field]: uppercase ? event.value.toUpperCase() : event.value, error: null });
    }
    case 'phone.submit':
      if (!was('phoneStep.editing')) return unchanged();
      if (!phoneValid(previous.variant, previous.phone.trim())) {
        return expect([now, context.error]).toEqual(['phoneStep.editing', 'PHONE_NUMBER_REQUIRE_10_DIGIT']);
      }
      return expect(now).toBe(previous.otpEnabled ? 'phoneStep.sendingOtp' : 'profileStep.editing');
    case 'otp.submit':
      if (!was('otpStep.editing')) return unchanged();
      if (!/^\d{6}$/.test(previous.otpCode)) return expect([now, context.error]).toEqual(['otpStep.editing', 'OTP_CODE_INVALID']);
      return expect(now).toBe('otpStep.verifyingOtp');
    case 'otp.resend':
      return was('otpStep.editing') ? expect(now).toBe('otpStep.resendingOtp') : unchanged();
    case 'profile.submit': {
      if (!was('profileStep.editing')) return unchanged();
      const { name, phone, password, confirmPassword } = previous;
      if ([name.trim(), phone, password, confirmPassword].includes('')) return unchanged(); // spec 5: silent
      if (password !== confirmPassword) return expect(context.error).toBe('PASSWORDS_DONT_MATCH');
      if (password.length < 8) return expect(context.error).toBe('PASSWORD_TOO_SHORT');
      return expect(now).toBe('profileStep.validating');
    }
    case 'bank.submit': {
      if (!was('bankStep.editing')) return unchanged();
      const { bankCode, firstName, lastName, bankAccountNo } = previous;
      if ([bankCode, firstName.trim(), lastName.trim(), bankAccountNo].includes('')) return unchanged(); // spec 5: silent
      // The server's rule, in the order of the fields on screen: the number before the name.
      if (!accountNumberValid(bankAccountNo.trim())) return expect([now, context.error]).toEqual(['bankStep.editing', 'BANK_ACCOUNT_NO_INVALID']);
      const english = /^[A-Z ]+$/.test(`${firstName} ${lastName}`.trim());
      if (['KTB', 'TMB', 'BBL'].includes(bankCode) && !english) return expect(context.error).toBe('BANK_ACCOUNT_NAME_ENG');
      return expect(now).toBe('bankStep.registering');
    }
    case 'step.back': {
      const back: Record<string, string> = {
        'otpStep.editing': 'phoneStep.editing',
        'profileStep.editing': 'phoneStep.editing',
        'bankStep.editing': 'profileStep.editing',
      };
      const from = before ? stateKey(before) : '';
      if (!back[from]) return unchanged();
      // What was typed stays; only an unused OTP is dropped (a new one is sent).
      const forgotten = from === 'otpStep.editing' ? { otpRef: '', otpToken: '', otpCode: '' } : {};
      return expect([now, context]).toEqual([back[from], { ...previous, ...forgotten, error: null }]);
    }
    case 'xstate.done.actor.loadLookups':
      return expect(context).toMatchObject({
        otpEnabled: event.output.registerOTP,
        banks: event.output.banks,
        sources: event.output.sources,
        error: null,
      });
    case 'xstate.error.actor.loadLookups':
      // Decision: the wizard still opens, with OTP on and empty lists.
      return expect([now, context]).toMatchObject([
        'phoneStep.editing',
        { otpEnabled: true, banks: [], sources: [], error: NETWORK_ERROR },
      ]);
    case 'xstate.done.actor.sendOtp':
      if (!event.output.ok) return expect(context.error).toBe(event.output.message);
      if (event.output.data.code === 'OTP_VERIFIED') {
        expect(previous.otpToken, 'OTP_VERIFIED answers only a send with a token').not.toBe('');
        return expect([now, context.otpToken]).toEqual(['profileStep.editing', event.output.data.otpToken]);
      }
      return expect([now, context.otpRef, context.otpToken, context.otpCode]).toEqual([
        'otpStep.editing',
        event.output.data.otpRef,
        event.output.data.otpToken,
        '',
      ]);
    case 'xstate.done.actor.verifyOtp':
    case 'xstate.done.actor.validateRegistration':
    case 'xstate.done.actor.register': {
      const next: Record<string, string> = {
        'xstate.done.actor.verifyOtp': 'profileStep.editing',
        'xstate.done.actor.validateRegistration': 'bankStep.editing',
        'xstate.done.actor.register': 'registered',
      };
      if (event.output.ok) return expect([now, context.error]).toEqual([next[event.type], null]);
      // An invite code the server does not know opens the field for editing.
      if (event.output.message === 'INVALID_CODE') expect(context.inviteLocked).toBe(false);
      return expect([now.endsWith('.editing'), context.error]).toEqual([true, event.output.message]);
    }
    default:
      if (event.type.startsWith('xstate.error.actor.')) {
        return expect([now.endsWith('.editing'), context.error]).toEqual([true, NETWORK_ERROR]);
      }
      if (event.type.startsWith('xstate.after.')) {
        return expect([now, after.status, waited]).toEqual(['done', 'done', 2000]); // spec 9: login after 2 s
      }
  }
}

/** What holds in every snapshot. */
function checkInvariants({ after }: ReplayedStep, inviteCode: string | null) {
  const context = after.context as RegistrationContext;
  if (inviteCode === null) expect(context.inviteLocked).toBe(false);
  if (context.inviteLocked) expect(context.inviteCode).toBe(inviteCode);
  if (context.variant === 'la') expect(['LAK', 'BAHT']).toContain(context.currency);
  else expect(context.currency).toBe('');
  expect([context.firstName, context.lastName]).toEqual([context.firstName.toUpperCase(), context.lastName.toUpperCase()]);
  expect(after.hasTag('busy')).toBe(Object.keys(after.children).length > 0);

  const verifiedPhone = ['step:profile', 'step:bank', 'registered'].some((tag) => after.hasTag(tag));
  if (verifiedPhone) {
    expect(phoneValid(context.variant, context.phone)).toBe(true);
    expect([context.otpRef, context.otpCode]).toEqual(['', '']);
    // Decision 0072: past the phone, the wizard holds the verification's token exactly when OTP is on.
    expect(context.otpToken !== '').toBe(context.otpEnabled);
  }
  const validProfile = ['step:bank', 'registered'].some((tag) => after.hasTag(tag));
  if (validProfile) {
    expect(context.name.trim()).not.toBe('');
    expect(context.password).toBe(context.confirmPassword);
    expect(context.password.length).toBeGreaterThanOrEqual(8);
  }
  // The server is never asked to register a number its rule refuses.
  if (stateKey(after) === 'bankStep.registering' || after.hasTag('registered')) {
    expect(accountNumberValid(context.bankAccountNo.trim())).toBe(true);
  }
}

describeModels('registration', registrationModels, {
  tags: {
    loadingLookups: ['busy'],
    'phoneStep.editing': ['step:phone'],
    'phoneStep.sendingOtp': ['busy', 'step:phone'],
    'otpStep.editing': ['step:otp'],
    'otpStep.verifyingOtp': ['busy', 'step:otp'],
    'otpStep.resendingOtp': ['busy', 'step:otp'],
    'profileStep.editing': ['step:profile'],
    'profileStep.validating': ['busy', 'step:profile'],
    'bankStep.editing': ['step:bank'],
    'bankStep.registering': ['busy', 'step:bank'],
    registered: ['registered'],
    done: ['registered'],
  },
  check(step, flow) {
    expect({ actions: step.actions, calls: step.calls }).toEqual(expectedEffects(step));
    checkOutcome(step);
    checkInvariants(step, (flow.input as { inviteCode: string | null }).inviteCode);
  },
});
