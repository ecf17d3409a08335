import { sessionModels } from './session.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import type { ReplayedStep } from './support/replay.ts';

/** What the session must do for the view on each event, written from spec 2 and 8 independently of the machine. */
function expectedEffects({ event, before }: ReplayedStep): Pick<ReplayedStep, 'actions' | 'calls'> {
  const was = (tag: string) => before?.hasTag(tag) ?? false;
  const token = before?.context.token;
  switch (event.type) {
    case 'session.signIn':
      return was('signedOut')
        ? { actions: [{ type: 'storeToken', params: { token: event.token, remember: event.remember } }], calls: [] }
        : { actions: [], calls: [] };
    case 'session.signOut':
      return { actions: [], calls: was('signedIn') ? [{ actor: 'revokeToken', input: { token } }] : [] };
    case 'session.publicStart':
      // Acts as a logout without navigating: the member is already on a public page.
      return was('signedIn')
        ? { actions: [{ type: 'clearStoredToken' }], calls: [{ actor: 'revokeToken', input: { token } }] }
        : { actions: [], calls: [] };
    case 'api.invalidToken':
      return {
        actions: was('terminated') ? [] : [{ type: 'clearStoredToken' }, { type: 'goToLogin' }],
        calls: [],
      };
    case 'api.gone':
      return { actions: [{ type: 'goToTerminated' }], calls: [] };
    case 'service.check':
      return { actions: [], calls: was('busy') ? [] : [{ actor: 'checkService', input: undefined }] };
    case 'xstate.done.actor.checkService':
      if (event.output.gone) return { actions: [{ type: 'goToTerminated' }], calls: [] };
      return {
        actions: was('terminated')
          ? [{ type: 'clearTerminatedStyle' }, { type: 'clearStoredToken' }]
          : [{ type: 'clearTerminatedStyle' }],
        calls: [],
      };
    case 'xstate.done.actor.revokeToken':
    case 'xstate.error.actor.revokeToken':
      return { actions: [{ type: 'clearStoredToken' }, { type: 'goToLogin' }], calls: [] };
    default:
      return { actions: [], calls: [] };
  }
}

describeModels('session', sessionModels, {
  tags: {
    'signedOut.idle': ['signedOut'],
    'signedOut.checkingService': ['busy', 'signedOut'],
    'signedIn.idle': ['signedIn'],
    'signedIn.checkingService': ['busy', 'signedIn'],
    signingOut: ['busy'],
    'terminated.idle': ['terminated'],
    'terminated.checkingService': ['busy', 'terminated'],
  },
  check(step) {
    const { event, before, after } = step;
    expect({ actions: step.actions, calls: step.calls }).toEqual(expectedEffects(step));

    if (after.hasTag('signedIn')) expect(after.context.token).not.toBeNull();
    if (after.hasTag('signedOut')) expect(after.context).toEqual({ token: null, remember: false });
    if (event.type === 'session.signIn' && before?.hasTag('signedOut')) {
      expect(after.context).toEqual({ token: event.token, remember: event.remember });
    }
  },
});
