/**
 * Replays a path of the registration model (tests/model/registration.paths.ts)
 * against the real UI and the real server.
 *
 * - `xstate.init`: open /register.
 * - A RegistrationEvent: the member's gesture (fill the named field, click the
 *   step's submit, back or resend button).
 * - `xstate.done.actor.<actor>` / `xstate.error.actor.<actor>`: the answer to
 *   the call the previous gesture made. An ok answer comes from the real server
 *   (the test makes the server able to give it: fresh phone and account
 *   numbers, the real OTP code, OTP switched off on the server for
 *   `registerOTP: false`). OTP_VERIFIED comes only to a send that carries a
 *   verified token (docs/decisions/0072-registration-bound-to-verified-challenge.md):
 *   from the phone step, the token the page kept from a verification earlier
 *   in the path; from the OTP step, its current token, whose code the test
 *   enters through the API just before the send goes on, as if the page had
 *   lost the answer to its own verification. A failure is stubbed for exactly
 *   that one call with page.route: `{ message }` with a 4xx status, or an
 *   aborted request for a network failure.
 * - `xstate.after.redirectToLogin…`: 2 s pass; the app is then on /login.
 *
 * After every step the UI must show what the model's state says: the step
 * (its heading and the step indicator), the error line (the catalogue text of
 * the model's error code, or nothing), the values of the step's fields, the
 * success toast and card once registered. Busy states are transient and are
 * not asserted, except at the end of a path that stops in one: the call is
 * then held in page.route, so the busy form can be checked, and released.
 */
import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { initialTransition, transition, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import type { RegistrationField, RegistrationInput } from '../../../machines/registration/registration.types.ts';
import { registrationBrowserPaths, registrationSkipPaths, type BrowserPath } from '../../model/registration.paths.ts';
import { api, freshAccountNo, freshPhone, profileIdOf } from './api.ts';
import type { BrowserServer } from './app-server.ts';
import { wizard, type WizardStep } from './registration.ts';
import { REGISTRATION_ERROR_TEXT, tr } from './texts.ts';

type Snapshot = SnapshotFrom<typeof registrationMachine>;

export const THAI_BUILD: RegistrationInput = { variant: 'th', inviteCode: null };

export interface ReplayPath {
  path: BrowserPath;
  /** The model's snapshot after each step (same index as path.steps). */
  snapshots: Snapshot[];
}

/** 'phoneStep.editing' for { phoneStep: 'editing' }. */
function stateKey(snapshot: Snapshot): string {
  const flatten = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flatten(child).map((rest) => `${key}.${rest}`));
  return flatten(snapshot.value).join(' + ');
}

function replayModel(path: BrowserPath, input: RegistrationInput): Snapshot[] {
  let [snapshot] = initialTransition(registrationMachine, input);
  const snapshots = [snapshot];
  for (const step of path.steps.slice(1)) {
    [snapshot] = transition(registrationMachine, snapshot, step.event as never);
    snapshots.push(snapshot);
  }
  snapshots.forEach((each, index) => {
    const tags = [...each.tags].sort();
    if (tags.join() !== path.steps[index]!.expectedTags.join()) {
      throw new Error(`the model replays "${path.description}" differently at step ${index}: ${tags.join()}`);
    }
  });
  return snapshots;
}

const SELECT_FIELDS: ReadonlySet<RegistrationField> = new Set(['sourceCode', 'bankCode', 'currency']);

/**
 * One shortest path to every distinct outcome the member can see: the state
 * reached (step and sub-state), its tags, and the error the model shows there;
 * a skip of the OTP step, and a registration with OTP on and off, count apart.
 * Paths that pick from a list after the lists failed to load are left out:
 * the real page then has nothing to pick.
 */
export function selectRegistrationPaths(input: RegistrationInput = THAI_BUILD): ReplayPath[] {
  const chosen = new Map<string, ReplayPath>();
  for (const path of [...registrationBrowserPaths(input), ...registrationSkipPaths(input)]) {
    const lookupsFailed = path.steps.some((step) => step.event.type === 'xstate.error.actor.loadLookups');
    const picksFromList = path.steps.some(
      (step) => step.event.type === 'field.change' && SELECT_FIELDS.has((step.event as AnyEventObject).field),
    );
    if (lookupsFailed && picksFromList) continue;
    const snapshots = replayModel(path, input);
    const last = snapshots.at(-1)!;
    // A registration is an outcome of its own with OTP on and with OTP off: with
    // OTP on, the wizard's kept token is what the server registers (docs/decisions/0072-registration-bound-to-verified-challenge.md).
    const otp = stateKey(last) === 'registered' ? ` | OTP ${RegistrationReplay.registerOtpFor(path) ? 'on' : 'off'}` : '';
    const key = `${stateKey(last)} | ${path.steps.at(-1)!.expectedTags.join(',')} | ${last.context.error ?? ''}${skipOf(path, snapshots)}${otp}`;
    const current = chosen.get(key);
    if (!current || path.steps.length < current.path.steps.length) chosen.set(key, { path, snapshots });
  }
  return [...chosen.values()];
}

/**
 * ' | OTP_VERIFIED from <state>' when the path ends with the server skipping
 * the OTP step: each way to that skip (the phone step's send with a kept
 * token, the OTP step's resend) is an outcome of its own.
 */
function skipOf(path: BrowserPath, snapshots: Snapshot[]): string {
  const last = path.steps.at(-1)!.event;
  const skipped = last.type === 'xstate.done.actor.sendOtp' && (last.output as { data?: { code?: string } }).data?.code === 'OTP_VERIFIED';
  return skipped ? ` | OTP_VERIFIED from ${stateKey(snapshots.at(-2)!)}` : '';
}

/** The I/O call a state makes, by the model's actor name. */
const CALL_OF_STATE: Record<string, Actor> = {
  loadingLookups: 'loadLookups',
  'phoneStep.sendingOtp': 'sendOtp',
  'otpStep.resendingOtp': 'sendOtp',
  'otpStep.verifyingOtp': 'verifyOtp',
  'profileStep.validating': 'validateRegistration',
  'bankStep.registering': 'register',
};
type Actor = 'loadLookups' | 'sendOtp' | 'verifyOtp' | 'validateRegistration' | 'register';

/** The endpoint behind each actor (src/contract/endpoints.ts). */
const ENDPOINT: Record<Actor, string> = {
  loadLookups: '/api/lookup/registerOTP',
  sendOtp: '/api/otp/send',
  verifyOtp: '/api/otp/verify',
  validateRegistration: '/api/account/validate',
  register: '/api/account',
};

/** What the real server answers with these codes (src/server/routes). */
const FAILURE_STATUS: Record<string, number> = { OTP_BLOCK: 429, EXISTING_USER: 409, EXISTING_BANK: 409 };

const STEP_FIELDS: Record<WizardStep, RegistrationField[]> = {
  phone: ['phone'],
  otp: ['otpCode'],
  profile: ['name', 'password', 'confirmPassword', 'sourceCode', 'inviteCode'],
  bank: ['bankCode', 'bankAccountNo', 'firstName', 'lastName'],
};
const DIGIT_FIELDS: ReadonlySet<RegistrationField> = new Set(['phone', 'otpCode', 'bankAccountNo']);

/** The model's values that must become fresh (the server keeps them) or real (seed data, the SMS). */
const MODEL_PHONE = '0812345678';
const MODEL_OTP_CODE = '123456';
const MODEL_ACCOUNT_NO = '1234567890';
const MODEL_INVITE_CODE = 'PR42';
const SEED_SOURCE_OF: Record<string, string> = { FACEBOOK: 'facebook' };

function onEndpoint(path: string) {
  return (url: URL) => url.pathname === path;
}

function isCallTo(request: Request, path: string): boolean {
  return new URL(request.url()).pathname === path;
}

export class RegistrationReplay {
  private readonly w;
  private readonly phone = freshPhone();
  private readonly accountNo = freshAccountNo();
  private inviteCode: string | undefined;
  /** What was really typed for each value the model typed. */
  private readonly typed: { field: RegistrationField; model: string; real: string }[] = [];

  constructor(
    private readonly page: Page,
    private readonly server: BrowserServer,
    private readonly replay: ReplayPath,
  ) {
    this.w = wizard(page);
  }

  /** The server setting the path needs: OTP off when the model's lookups say so. */
  static registerOtpFor(path: BrowserPath): boolean {
    const answer = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadLookups');
    return (answer?.event.output as { registerOTP?: boolean } | undefined)?.registerOTP ?? true;
  }

  /**
   * How many OTP codes the path makes the real server send: every SUCCESS
   * answer to sendOtp (OTP_VERIFIED sends nothing), and a held send that is
   * let through at the end.
   */
  static otpSendsOf(replay: ReplayPath): number {
    const answered = replay.path.steps.filter(
      (step) =>
        step.event.type === 'xstate.done.actor.sendOtp' && (step.event.output as { data?: { code?: string } }).data?.code === 'SUCCESS',
    ).length;
    const heldAtTheEnd = CALL_OF_STATE[stateKey(replay.snapshots.at(-1)!)] === 'sendOtp' ? 1 : 0;
    return answered + heldAtTheEnd;
  }

  async run(): Promise<void> {
    const { steps } = this.replay.path;
    for (let index = 0; index < steps.length; index += 1) {
      const { event } = steps[index]!;
      const state = this.replay.snapshots[index]!;
      const call = CALL_OF_STATE[stateKey(state)];
      const answer = steps[index + 1]?.event;
      const answered = call !== undefined && answer !== undefined && answer.type.endsWith(`.actor.${call}`);

      if (event.type.startsWith('xstate.after.')) {
        await expect(this.page).toHaveURL(/\/login$/, { timeout: 8_000 });
        await expect(this.page.getByRole('heading', { level: 1, name: tr('Log in') })).toBeVisible();
        continue;
      }

      const gesture = () => (event.type === 'xstate.init' ? this.open() : this.perform(event));
      const before = this.replay.snapshots[index - 1];
      if (call === undefined) {
        await gesture();
        await this.expectState(state, before, event);
      } else if (answered) {
        await this.answerWith(call, answer, gesture, stateKey(state));
        index += 1;
        await this.expectState(this.replay.snapshots[index]!, before, event);
      } else {
        await this.holdAndExpectBusy(call, gesture);
      }
    }
  }

  private async open(): Promise<void> {
    await this.page.goto(`${this.server.url}/register`);
  }

  /** Sets up the answer the model gives to `call` (made in state `caller`), makes the gesture, and checks the call happened. */
  private async answerWith(call: Actor, answer: AnyEventObject, gesture: () => Promise<void>, caller: string): Promise<void> {
    const endpoint = ENDPOINT[call];
    if (answer.type.startsWith('xstate.error.')) {
      let aborted = false;
      await this.page.route(onEndpoint(endpoint), async (route) => {
        aborted = true;
        await route.abort('internetdisconnected');
      }, { times: 1 });
      await gesture();
      await expect.poll(() => aborted, { message: `the UI calls ${endpoint}` }).toBe(true);
      return;
    }
    const output = answer.output as { ok?: boolean; message?: string; data?: { code?: string }; registerOTP?: boolean };
    if (output.ok === false) {
      let stubbed = false;
      await this.page.route(onEndpoint(endpoint), async (route) => {
        stubbed = true;
        await route.fulfill({
          status: FAILURE_STATUS[output.message!] ?? 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: output.message }),
        });
      }, { times: 1 });
      await gesture();
      await expect.poll(() => stubbed, { message: `the UI calls ${endpoint}` }).toBe(true);
      return;
    }
    // An ok answer: the real server gives it.
    // From the phone step the page must have kept a verified token on its own.
    if (call === 'sendOtp' && output.data?.code === 'OTP_VERIFIED' && caller === 'otpStep.resendingOtp') {
      await this.verifyTokenOfNextSend();
    }
    const response = this.page.waitForResponse((each) => isCallTo(each.request(), endpoint));
    await gesture();
    const real = await response;
    expect(real.status(), `the real server's answer to ${endpoint}`).toBe(200);
    const body = (await real.json()) as { code?: string; registerOTP?: boolean };
    if (call === 'sendOtp') expect(body.code, 'OTP_VERIFIED comes only to a page that sends its verified token').toBe(output.data!.code);
    if (call === 'loadLookups') expect(body.registerOTP).toBe(output.registerOTP);
  }

  /**
   * Enters the code of the token the page's next send carries, through the
   * API, as if the page had lost the answer to its own verification. The page
   * must carry the token: the server never answers OTP_VERIFIED on the phone
   * alone.
   */
  private async verifyTokenOfNextSend(): Promise<void> {
    // No assertions in here (a throwing handler would hold the request): the
    // server's answer, checked by answerWith, says whether the token was sent.
    await this.page.route(onEndpoint(ENDPOINT.sendOtp), async (route) => {
      const { otpToken } = route.request().postDataJSON() as { otpToken?: string };
      if (otpToken) {
        const otpCode = this.server.sms.lastCodeFor(this.phone);
        await api(this.server, 'POST', '/api/otp/verify', { body: { otpToken, otpCode } });
      }
      await route.continue();
    }, { times: 1 });
  }

  /** The path ends while a call is in flight: hold it, check the busy form, then let it through. */
  private async holdAndExpectBusy(call: Actor, gesture: () => Promise<void>): Promise<void> {
    const endpoint = ENDPOINT[call];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held: Route | undefined;
    await this.page.route(onEndpoint(endpoint), async (route) => {
      held = route;
      await released;
      await route.continue();
    }, { times: 1 });
    await gesture();
    await expect.poll(() => held !== undefined, { message: `the UI calls ${endpoint}` }).toBe(true);

    if (call === 'loadLookups') {
      await expect(this.w.loading()).toBeVisible();
      await expect(this.w.form.locator('form')).toHaveCount(0);
    } else {
      await expect(this.w.form.locator('form')).toHaveAttribute('aria-busy', 'true');
      await expect(this.w.submit()).toBeDisabled();
      await expect(this.w.submit()).toHaveText(tr('Please wait…'));
      const back = this.w.back();
      if (await back.count()) await expect(back).toBeDisabled();
    }
    const answered = this.page.waitForResponse((each) => isCallTo(each.request(), endpoint));
    release();
    await answered;
  }

  private async perform(event: AnyEventObject): Promise<void> {
    switch (event.type) {
      case 'field.change':
        return this.type(event.field as RegistrationField, event.value as string);
      case 'phone.submit':
        return this.w.next().click();
      case 'otp.submit':
        return this.w.confirmCode().click();
      case 'otp.resend':
        return this.w.resend().click();
      case 'profile.submit':
        return this.w.next().click();
      case 'bank.submit':
        return this.w.register().click();
      case 'step.back':
        return this.w.back().click();
      default:
        throw new Error(`no gesture for ${event.type}`);
    }
  }

  private async realValue(field: RegistrationField, value: string): Promise<string> {
    if (field === 'phone' && value.trim() === MODEL_PHONE) return value.replace(MODEL_PHONE, this.phone);
    if (field === 'otpCode' && value === MODEL_OTP_CODE) {
      return this.server.sms.sent.some((sms) => sms.phone === this.phone) ? this.server.sms.lastCodeFor(this.phone) : value;
    }
    if (field === 'bankAccountNo' && value === MODEL_ACCOUNT_NO) return this.accountNo;
    if (field === 'sourceCode') return SEED_SOURCE_OF[value] ?? value;
    if (field === 'inviteCode' && value === MODEL_INVITE_CODE) {
      const { phone, password } = this.server.config.demo;
      this.inviteCode ??= `PR${await profileIdOf(this.server, phone, password)}`;
      return this.inviteCode;
    }
    return value;
  }

  private control(field: RegistrationField): Locator {
    const controls: Partial<Record<RegistrationField, () => Locator>> = {
      phone: this.w.phone,
      otpCode: this.w.otpCode,
      name: this.w.name,
      password: this.w.password,
      confirmPassword: this.w.confirmPassword,
      sourceCode: this.w.source,
      inviteCode: this.w.inviteCode,
      bankCode: this.w.bank,
      bankAccountNo: this.w.accountNo,
      firstName: this.w.firstName,
      lastName: this.w.lastName,
    };
    const control = controls[field];
    if (!control) throw new Error(`the Thai build has no ${field} field`);
    return control();
  }

  private async type(field: RegistrationField, value: string): Promise<void> {
    const real = await this.realValue(field, value);
    this.typed.push({ field, model: value, real });
    if (SELECT_FIELDS.has(field)) await this.control(field).selectOption(real);
    else await this.control(field).fill(real);
  }

  /**
   * What the field must show for the model's value of it: what was typed for
   * that value (the machine may have trimmed it since), digits only where the
   * page drops other characters, upper case for the account names.
   */
  private shown(field: RegistrationField, modelValue: string): string {
    if (modelValue === '') return '';
    const upper = field === 'firstName' || field === 'lastName';
    const same = (value: string) => (upper ? value.trim().toUpperCase() : value.trim());
    const entry = this.typed.findLast((each) => each.field === field && same(each.model) === same(modelValue));
    if (!entry) throw new Error(`${field}: nothing was typed for the model's "${modelValue}"`);
    if (DIGIT_FIELDS.has(field)) return entry.real.replace(/\D/g, '');
    return upper ? entry.real.toUpperCase() : entry.real;
  }

  /**
   * The UI shows `state`. After typing in a field that left the step and its
   * error as they were, only that field and the error line are checked; any
   * other change gets the whole step checked (heading, indicator, error, every
   * field of the step, the OTP reference).
   */
  private async expectState(state: Snapshot, before: Snapshot | undefined, event: AnyEventObject): Promise<void> {
    const { w } = this;
    if (state.hasTag('registered')) {
      // The card shows for the 2 s before the redirect, the toast for about 4 s (and across it): card first.
      if (state.status !== 'done') await expect(w.registered()).toBeVisible();
      await expect(this.page.getByText(tr('Registration complete. Please log in with your phone number.'))).toBeVisible();
      return;
    }
    const step = (['phone', 'otp', 'profile', 'bank'] as const).find((each) => state.hasTag(`step:${each}`));
    if (!step) throw new Error(`no visible step for ${stateKey(state)}: only the held-call check covers it`);

    const typedOnly =
      event.type === 'field.change' &&
      before !== undefined &&
      stateKey(before) === stateKey(state) &&
      before.context.error === null;
    if (typedOnly) {
      const field = event.field as RegistrationField;
      await expect(this.control(field), `the ${field} field`).toHaveValue(this.shown(field, state.context[field]));
      await expect(w.errorLine()).toHaveText(state.context.error === null ? '' : tr(REGISTRATION_ERROR_TEXT[state.context.error]!));
      return;
    }

    await expect(w.heading(step)).toBeVisible();
    await expect(w.currentStep()).toContainText(w.stepLabel(step));
    const error = state.context.error;
    if (error === null) {
      await expect(w.errorLine()).toHaveText('');
    } else {
      const text = REGISTRATION_ERROR_TEXT[error];
      if (!text) throw new Error(`no catalogue text known for ${error}`);
      await expect(w.errorLine()).toHaveText(tr(text));
    }
    for (const field of STEP_FIELDS[step]) {
      await expect(this.control(field), `the ${field} field`).toHaveValue(this.shown(field, state.context[field]));
    }
    if (step === 'otp') {
      // The reference shown is the one of the SMS the real server sent.
      const ref = /\(Ref: ([^)]+)\)/.exec(this.server.sms.sent.findLast((sms) => sms.phone === this.phone)?.text ?? '')?.[1];
      expect(ref, 'an SMS was sent to the phone').toBeTruthy();
      await expect(w.otpReference()).toContainText(ref!);
    }
  }
}
