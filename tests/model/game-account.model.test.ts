import type { GameAccountContext, GameAccountInput } from '../../machines/game-account/game-account.types.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { NETWORK_ERROR } from '../../machines/shared/result.ts';
import { GAME_CREDENTIALS, gameAccountModels } from './game-account.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

const slotInput = { gameCode: 'PG' };

/** The calls due when a step enters a state. */
function expectedCalls({ before, after }: ReplayedStep) {
  const now = stateKey(after);
  if (before && stateKey(before) === now) return [];
  switch (now) {
    case 'activating':
      return [{ actor: 'activateAccount', input: slotInput }];
    case 'loadingAccount':
      return [{ actor: 'loadAccount', input: slotInput }];
    case 'resettingPassword':
      return [{ actor: 'resetPassword', input: slotInput }];
    case 'entering':
      return [{ actor: 'autoLogin', input: { provider: GAME_CREDENTIALS.provider, username: GAME_CREDENTIALS.username } }];
    default:
      return [];
  }
}

function check(step: ReplayedStep) {
  const { event, before, after, actions, emitted } = step;
  const was = (state: string) => (before ? stateKey(before) === state : false);
  const now = stateKey(after);
  const previous = before?.context as GameAccountContext;
  const context = after.context as GameAccountContext;
  const unchanged = () => expect([after.value, context]).toEqual([before?.value, previous]);
  // The view provides no action any more: the home reads the output, the view hears openGame.
  expect(actions).toEqual([]);

  expect(step.calls).toEqual(expectedCalls(step));

  switch (event.type) {
    case 'xstate.init':
      // spec 4: an inactive card offers to open the account; an active one reads it.
      return expect(now).toBe(context.cardActive ? 'loadingAccount' : 'inactive');
    case 'account.activate':
      return was('inactive') ? expect([now, context.error]).toEqual(['activating', null]) : unchanged();
    case 'read.online':
      // The connection is back: an account waiting for it is read now.
      return was('accountOffline') ? expect([now, context]).toEqual(['loadingAccount', previous]) : unchanged();
    case 'account.reload':
      return was('accountFailed') ? expect([now, context.error]).toEqual(['loadingAccount', null]) : unchanged();
    case 'password.toggle':
      return was('active') ? expect(context).toEqual({ ...previous, passwordShown: !previous.passwordShown }) : unchanged();
    case 'password.reset':
      return was('active') ? expect([now, context.error, context.notice]).toEqual(['resettingPassword', null, null]) : unchanged();
    case 'game.enter':
      return was('active') ? expect([now, context.error, context.notice]).toEqual(['entering', null, null]) : unchanged();
    case 'apps.dismiss':
      return was('choosingApp') ? expect([now, context]).toEqual(['active', { ...previous, apps: null }]) : unchanged();
    case 'game.transfer':
      // spec 2: transfer-only needs a game balance above 0.
      if (!was('active') || previous.balance <= 0) return unchanged();
      // It ends the modal asking the home for a transfer from this game.
      return expect([now, after.status, after.output]).toEqual(['transferring', 'done', { saved: previous.saved, transferFrom: 'PG' }]);
    case 'wallet.changed': {
      // Only a news naming this game changes what the modal holds: its balance.
      const slot = (event.news as { slots: { code: string; amount: number }[] }).slots.find(({ code }) => code === previous.gameCode);
      if (!slot) return unchanged();
      return expect([after.value, context]).toEqual([before?.value, { ...previous, balance: slot.amount }]);
    }
    case 'modal.close':
      // Writes (opening an account, resetting a password) finish before the modal closes.
      if (was('activating') || was('resettingPassword')) return unchanged();
      return expect([after.status, after.output]).toEqual(['done', { saved: previous.saved, transferFrom: null }]);
    case 'xstate.done.actor.activateAccount': {
      const output = event.output;
      if (output.ok || output.message === 'SLOT_ALREADY_ACTIVE') {
        return expect([now, context.saved, context.error]).toEqual(['loadingAccount', true, null]);
      }
      return expect([now, context.error, context.saved]).toEqual(['inactive', output.message, previous.saved]);
    }
    case 'xstate.done.actor.loadAccount': {
      const output = event.output;
      if (output.ok) return expect([now, context.credentials, context.error, context.attempts]).toEqual(['active', output.data, null, 0]);
      // No answer: no failure shows; the account waits for the network (docs/decisions/0146-reads-that-wait.md).
      if (output.message === NETWORK_ERROR) return expect([now, context]).toEqual(['accountOffline', { ...previous, attempts: nextAttempt(previous.attempts) }]);
      if (output.message === 'SLOT_NO_ACCOUNT') return expect([now, context.error]).toEqual(['inactive', output.message]);
      return expect([now, context.error]).toEqual(['accountFailed', output.message]);
    }
    case 'xstate.done.actor.resetPassword':
      if (event.output.ok) {
        // Read again (spec 2); the old password is gone meanwhile.
        return expect([now, context.credentials, context.passwordShown, context.notice]).toEqual([
          'loadingAccount',
          null,
          false,
          'PASSWORD_RESET',
        ]);
      }
      return expect([now, context.error, context.credentials]).toEqual(['active', event.output.message, previous.credentials]);
    case 'xstate.done.actor.autoLogin': {
      const output = event.output;
      if (!output.ok) return expect([now, context.error, emitted]).toEqual(['active', output.message, []]);
      if (output.data.kind === 'apps') return expect([now, context.apps, emitted]).toEqual(['choosingApp', output.data, []]);
      return expect([now, emitted]).toEqual(['active', [{ type: 'openGame', entry: output.data }]]);
    }
    default:
      if (/^xstate\.after\.retryDelay\./.test(event.type)) {
        // The backoff: 1 s after the first unanswered read, doubling to 30 s; then the account is read again.
        expect(step.waited).toBe(retryDelay(previous.attempts));
        return expect([now, context]).toEqual(['loadingAccount', previous]);
      }
      if (event.type === 'xstate.error.actor.loadAccount') {
        return expect([now, context]).toEqual(['accountOffline', { ...previous, attempts: nextAttempt(previous.attempts) }]);
      }
      if (event.type.startsWith('xstate.error.actor.')) {
        const back: Record<string, string> = {
          activating: 'inactive',
          resettingPassword: 'active',
          entering: 'active',
        };
        return expect([now, context.error]).toEqual([back[stateKey(before!)], NETWORK_ERROR]);
      }
  }
}

function checkInvariants({ event, after, actions }: ReplayedStep, input: GameAccountInput) {
  const context = after.context as GameAccountContext;
  const now = stateKey(after);
  expect(after.hasTag('busy')).toBe(Object.keys(after.children).length > 0);
  // The view reads this to enable the transfer-only button.
  // The balance is the card's, or the last the server's news told (docs/decisions/0141-wallet-news.md).
  expect(after.can({ type: 'game.transfer' })).toBe(now === 'active' && context.balance > 0);
  if (['active', 'entering', 'resettingPassword', 'choosingApp'].includes(now)) expect(context.credentials).toEqual(GAME_CREDENTIALS);
  if (now === 'choosingApp') expect(context.apps).not.toBeNull();
  else if (!after.hasTag('closed')) expect(context.apps).toBeNull();
  const ends = event.type === 'modal.close' || event.type === 'game.transfer';
  const opensGame = event.type === 'xstate.done.actor.autoLogin';
  if (!ends && !opensGame) expect(actions).toEqual([]);
}

const tags: Record<string, string[]> = {
  inactive: ['inactive'],
  activating: ['busy', 'inactive', 'writing'],
  loadingAccount: ['busy', 'loading'],
  accountOffline: ['loading', 'offline'],
  accountFailed: ['failed'],
  active: ['active'],
  resettingPassword: ['active', 'busy', 'resetting', 'writing'],
  entering: ['active', 'busy', 'entering'],
  choosingApp: ['choosingApp'],
  transferring: ['closed'],
  closed: ['closed'],
};

describeModels('game-account', gameAccountModels, {
  tags,
  check(step, flow) {
    check(step);
    checkInvariants(step, flow.input as GameAccountInput);
  },
});
