/**
 * Registration wizard, steps 0-3 (spec 2, 4, 5), driven by registrationMachine.
 * The view branches on the machine's step tags, marks the fields its error
 * is about (registration.selectors.ts) and maps its codes to texts; all rules
 * live in the machine and src/contract/rules/members.ts.
 */
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { registrationActors } from '../../../machines/registration/registration.actors.ts';
import { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import { invalidFields } from '../../../machines/registration/registration.selectors.ts';
import type { RegistrationField } from '../../../machines/registration/registration.types.ts';
import { LAOS_CURRENCIES } from '../../contract/rules/members.ts';
import { useApi } from '../../app/use-app.ts';
import { VARIANT } from '../../i18n/variant.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { Skeleton } from '../ui/ReadPending.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { bankChoiceLabel } from '../ui/bank-name.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { showSuccessToast } from '../ui/toast.ts';
import { CheckIcon } from '../ui/icons.tsx';
import { BackIcon } from '../ui/action-icons.tsx';
import { forgetInviteCode, storedInviteCode } from './invite-code.ts';
import { ErrorLine, Form, useMachineField } from '../ui/Form.tsx';

type RegistrationRef = ActorRefFrom<typeof registrationMachine>;

type Step = 'phone' | 'otp' | 'profile' | 'bank';

export function RegistrationPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Register`);
  const api = useApi();
  const navigate = useNavigate();

  const registration = useActorRef(
    registrationMachine.provide({
      actors: registrationActors(api),
      actions: {
        showSuccess: () => showSuccessToast(t`Registration complete. Please log in with your phone number.`),
        goToLogin: () => void navigate({ to: '/login' }),
        forgetInviteCode: () => forgetInviteCode(),
      },
    }),
    { input: { variant: VARIANT, inviteCode: storedInviteCode() } },
  );

  const step = useSelector(registration, (snapshot): Step | null =>
    snapshot.hasTag('step:phone')
      ? 'phone'
      : snapshot.hasTag('step:otp')
        ? 'otp'
        : snapshot.hasTag('step:profile')
          ? 'profile'
          : snapshot.hasTag('step:bank')
            ? 'bank'
            : null,
  );
  const registered = useSelector(registration, (snapshot) => snapshot.hasTag('registered'));
  const otpEnabled = useSelector(registration, (snapshot) => snapshot.context.otpEnabled);

  return (
    <div className="stack stack--page auth">
      <div className="auth__intro">
        <h1>
          <Trans>Create an account</Trans>
        </h1>
      </div>
      {registered ? (
        <section className="card card--center stack" role="status">
          <span className="success-badge">
            <CheckIcon size={32} />
          </span>
          <h2>
            <Trans>Registration complete</Trans>
          </h2>
          <p className="muted">
            <Trans>Taking you to the login page…</Trans>
          </p>
        </section>
      ) : step === null ? (
        <LookupsLoading />
      ) : (
        <>
          <StepIndicator step={step} otpEnabled={otpEnabled} />
          <section className="card stack">
            {step === 'phone' && <PhoneStep registration={registration} />}
            {step === 'otp' && <OtpStep registration={registration} />}
            {step === 'profile' && <ProfileStep registration={registration} />}
            {step === 'bank' && <BankStep registration={registration} />}
          </section>
        </>
      )}
      <p className="center">
        <Trans>Already a member?</Trans>{' '}
        <Link to="/login" className="text-link">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </div>
  );
}

/** The lookups loading (no step yet); when they fail the wizard opens on the phone step with the error. */
function LookupsLoading() {
  return (
    <section className="card stack" aria-busy="true">
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
      <Skeleton shapes={['short', 'input', 'button']} />
    </section>
  );
}

function StepIndicator({ step, otpEnabled }: { step: Step; otpEnabled: boolean }) {
  const { t } = useLingui();
  const steps: { key: Step; label: string }[] = [
    { key: 'phone', label: t`Phone` },
    ...(otpEnabled ? [{ key: 'otp' as const, label: t`OTP code` }] : []),
    { key: 'profile', label: t`Your details` },
    { key: 'bank', label: t`Bank account` },
  ];
  const current = steps.findIndex((item) => item.key === step);
  const total = steps.length;
  const number = current + 1;
  return (
    <nav aria-label={t`Registration steps`}>
      <p className="visually-hidden">{t`Step ${number} of ${total}`}</p>
      <ol className="steps">
        {steps.map((item, index) => (
          <li
            key={item.key}
            className={`steps__item${index < current ? ' steps__item--done' : ''}${index === current ? ' steps__item--current' : ''}`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="steps__dot" aria-hidden="true">
              {index < current ? <CheckIcon size={16} /> : index + 1}
            </span>
            <span className="steps__label">{item.label}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StepForm({
  registration,
  submit,
  submitLabel,
  children,
  back = true,
}: {
  registration: RegistrationRef;
  submit: 'phone.submit' | 'otp.submit' | 'profile.submit' | 'bank.submit';
  submitLabel: ReactNode;
  children: (errorId: string, invalid: (field: RegistrationField) => boolean) => ReactNode;
  back?: boolean;
}) {
  const errorId = useId();
  const busy = useSelector(registration, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(registration, (snapshot) => snapshot.context.error);
  const invalid = useSelector(registration, invalidFields);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The error line sits above the buttons, which may be below the fold on a small phone.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [error]);
  return (
    <Form
      busy={busy}
      onSubmit={() => {
        preloadMessageTexts();
        registration.send({ type: submit });
      }}
    >
      {children(errorId, (field) => invalid.includes(field))}
      <ErrorLine id={errorId} ref={errorRef}>
        {error && <MessageText message={error} />}
      </ErrorLine>
      <div className="button-row">
        {back && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => registration.send({ type: 'step.back' })}
          >
            <BackIcon size={20} />
            <Trans>Back</Trans>
          </button>
        )}
        <button type="submit" className="button button--primary button--grow" disabled={busy}>
          {busy ? <Trans>Please wait…</Trans> : submitLabel}
        </button>
      </div>
    </Form>
  );
}

function PhoneStep({ registration }: { registration: RegistrationRef }) {
  const phone = useMachineField(registration, 'phone');
  return (
    <StepForm registration={registration} submit="phone.submit" submitLabel={<Trans>Next</Trans>} back={false}>
      {(errorId, invalid) => (
        <>
          <h2>
            <Trans>Your phone number</Trans>
          </h2>
          <Field
            label={<Trans>Phone number</Trans>}
            hint={
              VARIANT === 'la' ? (
                <Trans>Digits only. This will be your username.</Trans>
              ) : (
                <Trans>10 digits, for example 0812345678. This will be your username.</Trans>
              )
            }
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={13}
            required
            {...phone}
            onValueChange={(value) => phone.onValueChange(value.replace(/\D/g, ''))}
            errorId={errorId}
            invalid={invalid('phone')}
          />
        </>
      )}
    </StepForm>
  );
}

function OtpStep({ registration }: { registration: RegistrationRef }) {
  const otpCode = useMachineField(registration, 'otpCode');
  const otpRef = useSelector(registration, (snapshot) => snapshot.context.otpRef);
  const phone = useSelector(registration, (snapshot) => snapshot.context.phone);
  const busy = useSelector(registration, (snapshot) => snapshot.hasTag('busy'));
  return (
    <StepForm registration={registration} submit="otp.submit" submitLabel={<Trans>Confirm code</Trans>}>
      {(errorId, invalid) => (
        <>
          <h2>
            <Trans>Enter the OTP code</Trans>
          </h2>
          <p className="muted">
            <Trans>We sent a 6-digit code by SMS to {phone}.</Trans>
          </p>
          <p className="otp-ref">
            <Trans>
              Reference: <strong>{otpRef}</strong>
            </Trans>
          </p>
          <Field
            label={<Trans>OTP code</Trans>}
            name="otpCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            className="field__input field__input--code"
            {...otpCode}
            onValueChange={(value) => otpCode.onValueChange(value.replace(/\D/g, ''))}
            errorId={errorId}
            invalid={invalid('otpCode')}
          />
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => registration.send({ type: 'otp.resend' })}
          >
            <Trans>Send a new code</Trans>
          </button>
        </>
      )}
    </StepForm>
  );
}

function ProfileStep({ registration }: { registration: RegistrationRef }) {
  const { t } = useLingui();
  const name = useMachineField(registration, 'name');
  const password = useMachineField(registration, 'password');
  const confirmPassword = useMachineField(registration, 'confirmPassword');
  const sourceCode = useMachineField(registration, 'sourceCode');
  const inviteCode = useMachineField(registration, 'inviteCode');
  const inviteLocked = useSelector(registration, (snapshot) => snapshot.context.inviteLocked);
  const sources = useSelector(registration, (snapshot) => snapshot.context.sources);
  const sourceOptions = useMemo(
    () => sources.map((source) => ({ value: source.code, label: source.description })),
    [sources],
  );
  return (
    <StepForm registration={registration} submit="profile.submit" submitLabel={<Trans>Next</Trans>}>
      {(errorId, invalid) => (
        <>
          <h2>
            <Trans>Your details</Trans>
          </h2>
          <Field
            label={<Trans>Your name</Trans>}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            {...name}
          />
          <Field
            label={<Trans>Password</Trans>}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            {...password}
            errorId={errorId}
            invalid={invalid('password')}
          />
          <Field
            label={<Trans>Confirm password</Trans>}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            {...confirmPassword}
            errorId={errorId}
            invalid={invalid('confirmPassword')}
          />
          <SelectField
            label={<Trans>How did you hear about us?</Trans>}
            placeholder={t`Choose one`}
            options={sourceOptions}
            {...sourceCode}
          />
          <Field
            label={<Trans>Inviter code (optional)</Trans>}
            name="inviteCode"
            autoComplete="off"
            autoCapitalize="characters"
            readOnly={inviteLocked}
            hint={inviteLocked ? <Trans>Filled in from your invite link.</Trans> : undefined}
            {...inviteCode}
            errorId={errorId}
            invalid={invalid('inviteCode')}
          />
        </>
      )}
    </StepForm>
  );
}

function BankStep({ registration }: { registration: RegistrationRef }) {
  const { t } = useLingui();
  const bankCode = useMachineField(registration, 'bankCode');
  const bankAccountNo = useMachineField(registration, 'bankAccountNo');
  const firstName = useMachineField(registration, 'firstName');
  const lastName = useMachineField(registration, 'lastName');
  const currency = useMachineField(registration, 'currency');
  const banks = useSelector(registration, (snapshot) => snapshot.context.banks);
  const locale = currentLocale();
  // In Lao, the English names: the server keeps no Lao ones, and Thai script is not Lao (as the deposit modal shows them).
  const bankOptions = useMemo(() => banks.map((bank) => ({ value: bank.code, label: bankChoiceLabel(bank, locale) })), [banks, locale]);
  const currencyLabels: Record<(typeof LAOS_CURRENCIES)[number], string> = {
    LAK: t`Lao kip (LAK)`,
    BAHT: t`Thai baht (BAHT)`,
  };
  return (
    <StepForm registration={registration} submit="bank.submit" submitLabel={<Trans>Register</Trans>}>
      {(errorId, invalid) => (
        <>
          <h2>
            <Trans>Your bank account</Trans>
          </h2>
          <p className="muted">
            <Trans>Withdrawals are paid only to this account, so the name must match your bank book.</Trans>
          </p>
          <SelectField label={<Trans>Bank</Trans>} placeholder={t`Choose your bank`} options={bankOptions} required {...bankCode} />
          <Field
            label={<Trans>Account number</Trans>}
            name="bankAccountNo"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            required
            {...bankAccountNo}
            onValueChange={(value) => bankAccountNo.onValueChange(value.replace(/\D/g, ''))}
            errorId={errorId}
            invalid={invalid('bankAccountNo')}
          />
          <Field
            label={<Trans>First name on the account</Trans>}
            hint={<Trans>As written in your bank book, in capital letters.</Trans>}
            name="firstName"
            autoComplete="off"
            autoCapitalize="characters"
            required
            {...firstName}
            errorId={errorId}
            invalid={invalid('firstName')}
          />
          <Field
            label={<Trans>Last name on the account</Trans>}
            name="lastName"
            autoComplete="off"
            autoCapitalize="characters"
            required
            {...lastName}
            errorId={errorId}
            invalid={invalid('lastName')}
          />
          {VARIANT === 'la' && (
            <SelectField
              label={<Trans>Currency</Trans>}
              placeholder={t`Choose a currency`}
              options={LAOS_CURRENCIES.map((code) => ({ value: code, label: currencyLabels[code] }))}
              required
              {...currency}
            />
          )}
        </>
      )}
    </StepForm>
  );
}
