import { assertEvent, assign, emit, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { answeredFailure, onAnswer, succeeded } from '../shared/answer.ts';
import { nextAttempt, retryDelays, retryWhenBack, unanswered } from '../shared/read-retry.ts';
import { okData, type Result } from '../shared/result.ts';
import type {
  AppsEntry,
  GameAccountContext,
  GameAccountEmitted,
  GameAccountEvent,
  GameAccountInput,
  GameAccountOutput,
  GameAccountTag,
  GameCredentials,
  GameEntry,
  OpenedEntry,
} from './game-account.types.ts';

type AccountInput = { gameCode: string };

export const gameAccountMachine = setup({
  types: {
    context: {} as GameAccountContext,
    events: {} as GameAccountEvent,
    input: {} as GameAccountInput,
    tags: {} as GameAccountTag,
    emitted: {} as GameAccountEmitted,
    output: {} as GameAccountOutput,
  },
  actors: {
    activateAccount: notProvided<Result<unknown>, AccountInput>('activateAccount'),
    loadAccount: notProvided<Result<GameCredentials>, AccountInput>('loadAccount'),
    resetPassword: notProvided<Result<unknown>, AccountInput>('resetPassword'),
    autoLogin: notProvided<Result<GameEntry>, { provider: string; username: string }>('autoLogin'),
  },
  actions: {
    takeBalance: assign(({ context, event }) => {
      assertEvent(event, 'wallet.changed');
      return { balance: event.news.slots.find((slot) => slot.code === context.gameCode)!.amount };
    }),
    clearMessages: assign({ error: null, notice: null }),
    markSaved: assign({ saved: true }),
    storeCredentials: assign((_, result: Result<GameCredentials>) => ({ credentials: okData(result), attempts: 0 })),
    noteUnanswered: assign(({ context }) => ({ attempts: nextAttempt(context.attempts) })),
    // A reset password is read again (spec 2); until then the old one must not show.
    forgetCredentials: assign({ credentials: null, passwordShown: false, notice: 'PASSWORD_RESET' as const }),
    togglePassword: assign(({ context }) => ({ passwordShown: !context.passwordShown })),
    showApps: assign((_, result: Result<GameEntry>) => ({ apps: okData(result) as AppsEntry })),
    hideApps: assign({ apps: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message, notice: null })),
    // For the view: open the game (a new tab, or this one when the browser refuses).
    openGame: emit((_, answer: Result<GameEntry>): GameAccountEmitted => ({ type: 'openGame', entry: okData(answer) as OpenedEntry })),
    requestTransfer: assign({ transferRequested: true }),
  },
  guards: {
    cardActive: ({ context }) => context.cardActive,
    succeeded,
    unanswered,
    // The card was out of date: the account exists, so read it.
    alreadyActive: (_, result: Result<unknown>) => !result.ok && result.message === 'SLOT_ALREADY_ACTIVE',
    // The card said active but the server has no account: offer to open one.
    noAccount: (_, result: Result<unknown>) => !result.ok && result.message === 'SLOT_NO_ACCOUNT',
    appLinks: (_, result: Result<GameEntry>) => result.ok && result.data.kind === 'apps',
    // spec 2: the transfer-only button is disabled when the game balance is 0 or less.
    hasBalance: ({ context }) => context.balance > 0,
    newsOfThisGame: ({ context, event }) => event.type === 'wallet.changed' && event.news.slots.some((slot) => slot.code === context.gameCode),
  },
  delays: retryDelays,
}).createMachine({
  id: 'gameAccount',
  description:
    'The game account modal: open the account, show its username and password, reset the password, enter the game, or transfer only (spec 2, spec 4 Game account). The game\'s balance follows the server\'s news in any state (docs/decisions/0141-wallet-news.md).',
  context: ({ input }) => ({
    gameCode: input.card.code,
    cardActive: input.card.isActive,
    balance: input.card.amount,
    credentials: null,
    passwordShown: false,
    apps: null,
    error: null,
    notice: null,
    saved: false,
    transferRequested: false,
    attempts: 0,
  }),
  output: ({ context }) => ({ saved: context.saved, transferFrom: context.transferRequested ? context.gameCode : null }),
  on: {
    'wallet.changed': { guard: 'newsOfThisGame', actions: 'takeBalance' },
  },
  initial: 'opening',
  states: {
    opening: {
      description: 'An active card reads its account; an inactive one offers to open it.',
      always: [{ guard: 'cardActive', target: 'loadingAccount' }, { target: 'inactive' }],
    },
    inactive: {
      tags: 'inactive',
      on: {
        'account.activate': 'activating',
        'modal.close': 'closed',
      },
    },
    activating: {
      tags: ['inactive', 'busy', 'writing'],
      description: 'spec 4: inactive → active after an activate call. The modal cannot close meanwhile.',
      entry: 'clearMessages',
      invoke: {
        id: 'activateAccount',
        src: 'activateAccount',
        input: ({ context }) => ({ gameCode: context.gameCode }),
        ...onAnswer({ target: 'loadingAccount', then: ['markSaved'] }, { target: 'inactive', action: 'showFailure' }, [
          { guard: { type: 'alreadyActive', params: actorOutput }, target: 'loadingAccount', actions: 'markSaved' },
        ] as const),
      },
    },
    loadingAccount: {
      tags: ['loading', 'busy'],
      description: 'Reads the game username and password (GET /api/wallet/account/ with the game code).',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ gameCode: context.gameCode }),
        ...onAnswer({ target: 'active', action: 'storeCredentials' }, { target: 'accountFailed', action: 'showFailure' }, [
          { guard: { type: 'unanswered', params: actorOutput }, target: 'accountOffline', actions: 'noteUnanswered' },
          { guard: { type: 'noAccount', params: actorOutput }, target: 'inactive', actions: { type: 'showFailure', params: answeredFailure } },
        ] as const),
        onError: { target: 'accountOffline', actions: 'noteUnanswered' },
      },
      on: {
        'modal.close': 'closed',
      },
    },
    accountOffline: {
      ...retryWhenBack('loadingAccount', { 'modal.close': 'closed' }),
      // The skeleton stays (no failure, no retry button) until the account is read (docs/decisions/0146-reads-that-wait.md).
      tags: ['loading', 'offline'],
    },
    accountFailed: {
      tags: 'failed',
      on: {
        'account.reload': { target: 'loadingAccount', actions: 'clearMessages' },
        'modal.close': 'closed',
      },
    },
    active: {
      tags: 'active',
      on: {
        'password.toggle': { actions: 'togglePassword' },
        'password.reset': 'resettingPassword',
        'game.enter': 'entering',
        'game.transfer': { guard: 'hasBalance', target: 'transferring' },
        'modal.close': 'closed',
      },
    },
    resettingPassword: {
      tags: ['active', 'busy', 'writing', 'resetting'],
      description: 'The modal cannot close meanwhile. Success reads the account again (spec 2).',
      entry: 'clearMessages',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ gameCode: context.gameCode }),
        ...onAnswer({ target: 'loadingAccount', then: ['forgetCredentials'] }, { target: 'active', action: 'showFailure' }),
      },
    },
    entering: {
      tags: ['active', 'busy', 'entering'],
      description: 'Asks autoLogin how to enter (provider and game username): a link or a login form opens at once; app links are shown to choose from.',
      entry: 'clearMessages',
      invoke: {
        id: 'autoLogin',
        src: 'autoLogin',
        input: ({ context }) => ({ provider: context.credentials!.provider, username: context.credentials!.username }),
        ...onAnswer({ target: 'active', action: 'openGame' }, { target: 'active', action: 'showFailure' }, [
          { guard: { type: 'appLinks', params: actorOutput }, target: 'choosingApp', actions: { type: 'showApps', params: actorOutput } },
        ] as const),
      },
      on: {
        'modal.close': 'closed',
      },
    },
    choosingApp: {
      tags: 'choosingApp',
      description: 'The game is played in its app: links for Android and iOS.',
      on: {
        'apps.dismiss': { target: 'active', actions: 'hideApps' },
        'modal.close': 'closed',
      },
    },
    transferring: {
      type: 'final',
      tags: 'closed',
      description: 'Transfer only: the modal ends asking the home (its output) to open the transfer modal preset to this game.',
      entry: 'requestTransfer',
    },
    closed: {
      type: 'final',
      tags: 'closed',
    },
  },
});
