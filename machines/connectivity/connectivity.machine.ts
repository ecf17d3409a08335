import { assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { nextAttempt, retryDelays } from '../shared/read-retry.ts';
import type { ConnectivityContext, ConnectivityEvent, ConnectivityTag } from './connectivity.types.ts';

export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    tags: {} as ConnectivityTag,
  },
  actors: {
    check: notProvided<boolean>('check'),
  },
  actions: {
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    resetAttempts: assign({ attempts: 0 }),
  },
  guards: {
    answered: (_, answered: boolean) => answered,
  },
  delays: retryDelays,
}).createMachine({
  id: 'connectivity',
  description:
    'Whether the member\'s app reaches the server (docs/decisions/0145-a-flaky-network.md): offline is a state the banner shows, not an error. The browser\'s events and what requests saw move it; while the device has a network but no answer comes, a small read checks with the reads\' backoff.',
  context: { attempts: 0 },
  initial: 'online',
  states: {
    online: {
      tags: 'online',
      description: 'Requests are answered (a shell that opens without a network is sent \'browser.offline\' at once).',
      on: {
        'browser.offline': 'offline',
        'request.unanswered': { target: 'unreachable', actions: 'noteUnanswered' },
      },
    },
    offline: {
      tags: 'offline',
      description: 'The device has no network (window \'offline\'): nothing is checked until it has one again.',
      on: {
        'browser.online': 'checking',
        'request.answered': { target: 'online', actions: 'resetAttempts' },
      },
    },
    unreachable: {
      tags: 'offline',
      description: 'The device has a network but requests get no answer: checked again after the backoff (1 s doubling to 30 s), or at once when the browser says it is online.',
      after: { retryDelay: 'checking' },
      on: {
        'browser.offline': 'offline',
        'browser.online': 'checking',
        'request.answered': { target: 'online', actions: 'resetAttempts' },
      },
    },
    checking: {
      tags: 'offline',
      description: 'A small read: any answer from the server means it is reached again.',
      invoke: {
        id: 'check',
        src: 'check',
        onDone: [
          { guard: { type: 'answered', params: ({ event }) => event.output }, target: 'online', actions: 'resetAttempts' },
          { target: 'unreachable', actions: 'noteUnanswered' },
        ],
        onError: { target: 'unreachable', actions: 'noteUnanswered' },
      },
      on: {
        'browser.offline': 'offline',
        'request.answered': { target: 'online', actions: 'resetAttempts' },
      },
    },
  },
});
