/**
 * Every shortest path of the registration model, and the paths ending in an
 * OTP_VERIFIED skip, for the browser suite to replay against the real UI (one
 * test per path, `description` as its title).
 * No vitest here.
 *
 * Each step is what happens, then the tags the UI must show after it:
 * - `xstate.init`: open /register;
 * - a `RegistrationEvent` (field.change, phone.submit, step.back, ...): the member's gesture;
 * - `xstate.done.actor.<actor>` with `output`: the answer to the call the UI has just made
 *   (actors: loadLookups, sendOtp, verifyOtp, validateRegistration, register; the output is
 *   what the API client resolves with, so stub the endpoint behind it);
 * - `xstate.error.actor.<actor>`: that call fails on the network;
 * - `xstate.after.redirectToLogin.…`: 2 seconds pass (then the app is on /login).
 */
import type { AnyEventObject } from 'xstate';
import type { RegistrationInput, RegistrationTag } from '../../machines/registration/registration.types.ts';
import { registrationModel } from './registration.model.ts';
import { modelPaths, shortestPaths, type ModelPath } from './support/flow-model.ts';

export interface BrowserStep {
  event: AnyEventObject;
  /** Sorted. */
  expectedTags: RegistrationTag[];
}

export interface BrowserPath {
  description: string;
  steps: BrowserStep[];
}

function browserPath(path: ModelPath): BrowserPath {
  return {
    description: path.description,
    steps: path.steps.map((step) => ({
      event: step.event,
      expectedTags: [...(step.state.tags as Set<RegistrationTag>)].sort(),
    })),
  };
}

export function registrationBrowserPaths(
  input: RegistrationInput = { variant: 'th', inviteCode: null },
): BrowserPath[] {
  return shortestPaths(registrationModel(`registration (${input.variant})`, input)).map(browserPath);
}

/**
 * The paths that end with the server skipping the OTP step (OTP_VERIFIED,
 * docs/decisions/0035-otp-codes-sends-and-verified-phone.md). A skip lands in a state the code's verification reaches sooner, so
 * shortest paths never end with one: these come from every transition instead.
 */
export function registrationSkipPaths(input: RegistrationInput = { variant: 'th', inviteCode: null }): BrowserPath[] {
  return modelPaths(registrationModel(`registration (${input.variant})`, input))
    .filter((path) => {
      const last = path.steps.at(-1)!.event;
      return last.type === 'xstate.done.actor.sendOtp' && last.output.ok && last.output.data.code === 'OTP_VERIFIED';
    })
    .map(browserPath);
}
