import { assertEvent, assign, setup, spawnChild } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import type { ServiceStatus, SessionContext, SessionEvent, SessionInput, SessionTag } from './session.types.ts';

/** Signed out: the stored token forgotten, and the member taken to /login. */
const signOut = ['clearStoredToken', 'forgetToken', 'goToLogin'] as const;

/**
 * spec 2: /login asks whether the service is still active; signed in or
 * out, the answer means the same: gone shows /terminated, anything else (or
 * no answer) changes nothing.
 */
const serviceChecks = {
  initial: 'idle',
  states: {
    idle: {
      on: { 'service.check': 'checkingService' },
    },
    checkingService: {
      tags: 'busy',
      description: 'spec 2: /login asks whether the service is still active. A sign-in or sign-out meanwhile wins.',
      invoke: {
        id: 'checkService',
        src: 'checkService',
        onDone: [
          { guard: { type: 'serviceGone', params: actorOutput }, target: '#session.terminated', actions: 'goToTerminated' },
          { target: 'idle', actions: 'clearTerminatedStyle' },
        ],
        onError: 'idle',
      },
    },
  },
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    checkService: notProvided<ServiceStatus>('checkService'),
    revokeToken: notProvided<void, { token: string }>('revokeToken'),
  },
  actions: {
    startSession: assign(({ event }) => {
      assertEvent(event, 'session.signIn');
      return { token: event.token, remember: event.remember };
    }),
    forgetToken: assign({ token: null, remember: false }),
    // Fire and forget: the member is already on a public page and waits for nothing.
    revokeTokenQuietly: spawnChild('revokeToken', {
      id: 'quietRevoke',
      input: ({ context }) => ({ token: context.token! }),
    }),
    // Provided by the view layer.
    storeToken: (_, _session: { token: string; remember: boolean }) => {},
    clearStoredToken: () => {},
    goToLogin: () => {},
    goToTerminated: () => {},
    clearTerminatedStyle: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    serviceGone: (_, status: ServiceStatus) => status.gone,
  },
}).createMachine({
  id: 'session',
  description: 'Who is signed in, where the token lives, and what the server\'s special messages do (spec 2 route guard, spec 8).',
  context: ({ input }) => ({ token: input.token, remember: input.remember }),
  initial: 'starting',
  on: {
    'api.invalidToken': { target: '.signedOut', actions: signOut },
    'api.gone': { target: '.terminated', actions: 'goToTerminated' },
    'xstate.error.actor.quietRevoke': {
      description: 'A failed quiet revocation changes nothing: the token is already forgotten.',
    },
  },
  states: {
    starting: {
      description: 'Picks the first state from the token found in storage at start.',
      always: [{ guard: 'hasToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      tags: 'signedOut',
      ...serviceChecks,
      on: {
        'session.signIn': {
          target: 'signedIn',
          actions: [
            'startSession',
            { type: 'storeToken', params: ({ event }) => ({ token: event.token, remember: event.remember }) },
          ],
        },
      },
    },
    signedIn: {
      tags: 'signedIn',
      ...serviceChecks,
      on: {
        'session.signOut': 'signingOut',
        'session.publicStart': {
          description: 'spec 2: opening the public area acts as a logout, without navigating.',
          target: 'signedOut',
          actions: ['revokeTokenQuietly', 'clearStoredToken', 'forgetToken'],
        },
      },
    },
    signingOut: {
      tags: 'busy',
      description: 'The logout button: revoke the token on the server; whatever it answers, the member is signed out.',
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'signedOut', actions: signOut },
        onError: { target: 'signedOut', actions: signOut },
      },
    },
    terminated: {
      tags: 'terminated',
      description: 'spec 2: the server said the service is gone; /terminated shows.',
      initial: 'idle',
      on: {
        'api.invalidToken': { description: 'Ignored: the terminated page stays.' },
      },
      states: {
        idle: {
          on: { 'service.check': 'checkingService' },
        },
        checkingService: {
          tags: 'busy',
          invoke: {
            id: 'checkService',
            src: 'checkService',
            onDone: [
              { guard: { type: 'serviceGone', params: actorOutput }, target: 'idle', actions: 'goToTerminated' },
              {
                target: '#session.signedOut',
                actions: ['clearTerminatedStyle', 'clearStoredToken', 'forgetToken'],
              },
            ],
            onError: 'idle',
          },
        },
      },
    },
  },
});
