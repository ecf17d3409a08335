/**
 * The registration model's shortest paths, replayed against the real UI and
 * server (tests/browser/support/registration-replay.ts says how each step maps
 * to a gesture, an answer and assertions). One path per distinct outcome: the
 * state reached, its tags and the error shown there.
 */
import { startBrowserServer, type BrowserServer } from './support/app-server.ts';
import { expect, test } from './support/fixtures.ts';
import { REGISTRATION_ERROR_TEXT } from './support/texts.ts';
import { RegistrationReplay, selectRegistrationPaths, THAI_BUILD, type ReplayPath } from './support/registration-replay.ts';

const selected = selectRegistrationPaths(THAI_BUILD);

test('the replayed paths reach every state of the wizard and every error it can show', () => {
  const states = new Set(selected.map(({ path }) => path.description.split(' ← ')[0]));
  expect([...states].sort()).toEqual(
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
  const errors = new Set(selected.map(({ snapshots }) => snapshots.at(-1)!.context.error).filter((error) => error !== null));
  expect([...errors].sort()).toEqual(Object.keys(REGISTRATION_ERROR_TEXT).sort());
  // The server skips the OTP step only for the token the page kept (docs/decisions/0072-registration-bound-to-verified-challenge.md).
  const skips = selected.map(({ path }) => path.steps.at(-1)!.event).filter(
    (event) => event.type === 'xstate.done.actor.sendOtp' && (event.output as { data?: { code?: string } }).data?.code === 'OTP_VERIFIED',
  );
  expect(skips).toHaveLength(2); // from the phone step (a verification kept) and from the OTP step (its answer lost)
  const registered = selected.filter(({ snapshots }) => snapshots.at(-1)!.matches('registered'));
  expect(registered.map(({ path }) => RegistrationReplay.registerOtpFor(path)).sort()).toEqual([false, true]);
});

test.describe('registration model paths (Thai build)', () => {
  // One real server per OTP setting, replaced by a fresh one before the
  // server's OTP send limit per client address (all tests come from
  // 127.0.0.1) could be reached. Every path uses its own phone and account
  // numbers, so paths cannot see each other's members.
  const servers = new Map<boolean, BrowserServer>();

  async function serverFor(replay: ReplayPath): Promise<BrowserServer> {
    const registerOtp = RegistrationReplay.registerOtpFor(replay.path);
    let server = servers.get(registerOtp);
    if (server && server.sms.sent.length + RegistrationReplay.otpSendsOf(replay) > server.config.limits.perIp!.otpSends.max) {
      servers.delete(registerOtp);
      await server.close();
      server = undefined;
    }
    if (!server) {
      server = await startBrowserServer({ registerOtp });
      servers.set(registerOtp, server);
    }
    return server;
  }

  test.afterEach(async ({ page }) => {
    // Nothing of this path may still talk to the server during the next one.
    await page.context().close();
  });
  test.afterAll(async () => {
    await Promise.all([...servers.values()].map((server) => server.close()));
  });

  for (const replay of selected) {
    test(replay.path.description, async ({ page }) => {
      await new RegistrationReplay(page, await serverFor(replay), replay).run();
    });
  }
});
