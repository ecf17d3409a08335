/**
 * The registration wizard's controls (src/features/registration/RegistrationPage.tsx),
 * in Thai, the default language, unless told.
 */
import type { Locator, Page } from '@playwright/test';
import { field, main } from './ui.ts';
import { tr as text, type Locale, type TextId } from './texts.ts';

export type WizardStep = 'phone' | 'otp' | 'profile' | 'bank';

const STEP_HEADING = {
  phone: 'Your phone number',
  otp: 'Enter the OTP code',
  profile: 'Your details',
  bank: 'Your bank account',
} as const;

const STEP_LABEL = { phone: 'Phone', otp: 'OTP code', profile: 'Your details', bank: 'Bank account' } as const;

export function wizard(page: Page, locale: Locale = 'th') {
  const form = main(page);
  const tr = (id: TextId) => text(id, locale);
  return {
    form,
    /** The heading of a step's card. */
    heading: (step: WizardStep) => form.getByRole('heading', { level: 2, name: tr(STEP_HEADING[step]), exact: true }),
    /** The step indicator's current item (aria-current="step"). */
    currentStep: () => form.getByRole('navigation', { name: tr('Registration steps') }).locator('[aria-current="step"]'),
    stepLabel: (step: WizardStep) => tr(STEP_LABEL[step]),
    /** The wizard's inline error line (role="alert"; empty, and then not exposed, when there is no error). */
    errorLine: (): Locator => form.locator('form [role="alert"]'),
    phone: () => field(form, tr('Phone number')),
    otpCode: () => field(form, tr('OTP code')),
    otpReference: () => form.getByText(tr('Reference:')),
    name: () => field(form, tr('Your name')),
    password: () => field(form, tr('Password')),
    confirmPassword: () => field(form, tr('Confirm password')),
    source: () => field(form, tr('How did you hear about us?')),
    inviteCode: () => field(form, tr('Inviter code (optional)')),
    bank: () => field(form, tr('Bank')),
    accountNo: () => field(form, tr('Account number')),
    firstName: () => field(form, tr('First name on the account')),
    lastName: () => field(form, tr('Last name on the account')),
    next: () => form.getByRole('button', { name: tr('Next'), exact: true }),
    back: () => form.getByRole('button', { name: tr('Back'), exact: true }),
    confirmCode: () => form.getByRole('button', { name: tr('Confirm code'), exact: true }),
    resend: () => form.getByRole('button', { name: tr('Send a new code'), exact: true }),
    register: () => form.getByRole('button', { name: tr('Register'), exact: true }),
    /** The submit button of the visible step, whatever it says. */
    submit: () => form.locator('form button[type="submit"]'),
    /** The card shown after a successful registration. */
    registered: () => form.getByRole('status').filter({ hasText: tr('Registration complete') }),
    /** The skeleton shown while the lookups load. */
    loading: () => form.locator('[aria-busy="true"]').filter({ hasText: tr('Loading…') }),
  };
}

/** The OTP reference of the latest SMS to `phone`, as the recording adapter received it. */
export function otpReferenceSent(sent: { phone: string; text: string }[], phone: string): string {
  const message = sent.findLast((sms) => sms.phone === phone);
  const ref = message && /\(Ref: ([^)]+)\)/.exec(message.text)?.[1];
  if (!ref) throw new Error(`no OTP reference was sent to ${phone}`);
  return ref;
}
