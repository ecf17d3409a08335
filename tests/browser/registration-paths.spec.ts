/**
 * The registration model's shortest paths, replayed against the real UI and
 * server (tests/browser/support/registration-replay.ts says how each step maps
 * to a gesture, an answer and assertions). One path per distinct outcome: the
 * state reached, its tags and the error shown there.
 *
 * Every test gets a fresh server: the server limits OTP sends per phone and
 * per client address, and some paths need OTP switched off.
 */
import { expect, test } from '@playwright/test';
import { startBrowserServer, type BrowserServer } from './support/app-server.ts';
import { RegistrationReplay, selectRegistrationPaths, THAI_BUILD } from './support/registration-replay.ts';

const selected = selectRegistrationPaths(THAI_BUILD);

test('the model offers one path per outcome, and every outcome the wizard has', () => {
  // 12 states (loading, the steps' editing and busy sub-states, registered, done)
  // and their errors: a new state or error in the machine changes this number.
  expect(selected.length).toBe(25);
  const outcomes = new Set(selected.map(({ path }) => path.description.split(' ← ')[0]));
  expect([...outcomes].sort()).toEqual(
    [
      'loadingLookups',
      'phoneStep.editing',
      'phoneStep.sendingOtp',
      'otpStep.editing',
      'otpStep.resendingOtp',
      'otpStep.verifyingOtp',
      'profileStep.editing',
      'profileStep.validating',
      'bankStep.editing',
      'bankStep.registering',
      'registered',
      'done',
    ].sort(),
  );
});

test.describe('registration model paths (Thai build)', () => {
  let server: BrowserServer | undefined;
  test.afterEach(async () => {
    const t = Date.now();
    await server?.close();
    console.log('CLOSE', Date.now() - t);
    server = undefined;
  });

  for (const replay of selected) {
    test(replay.path.description, async ({ page }) => {
      const t0 = Date.now();
      server = await startBrowserServer({ registerOtp: RegistrationReplay.registerOtpFor(replay.path) });
      const t1 = Date.now();
      await new RegistrationReplay(page, server, replay).run();
      console.log('TIMING', replay.path.steps.length, t1 - t0, Date.now() - t1);
    });
  }
});
