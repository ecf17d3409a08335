/** The game account modal as a test model: cards that are active (with and without a balance) and inactive. */
import { gameAccountMachine } from '../../machines/game-account/game-account.machine.ts';
import type { GameAccountInput, GameCredentials, GameEntry } from '../../machines/game-account/game-account.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { HOME_NEWS } from './home.model.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type GameAccount = typeof gameAccountMachine;

const events = {
  'account.activate': () => [{ type: 'account.activate' }],
  'account.reload': () => [{ type: 'account.reload' }],
  // The shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
  'read.online': () => [{ type: 'read.online' }],
  'password.toggle': () => [{ type: 'password.toggle' }],
  'password.reset': () => [{ type: 'password.reset' }],
  'game.enter': () => [{ type: 'game.enter' }],
  'apps.dismiss': () => [{ type: 'apps.dismiss' }],
  'game.transfer': () => [{ type: 'game.transfer' }],
  'modal.close': () => [{ type: 'modal.close' }],
  // The server's news (docs/decisions/0141-wallet-news.md): this game's balance, and another game's.
  // Offered where it decides something (transfer-only), to keep the model small; the machine takes it in any state.
  'wallet.changed': (snapshot) =>
    snapshot.matches('active')
      ? [
          // Within the card's kind (with a balance or none): the model's states do not hold the balance; tests/unit/wallet-news.test.ts sees it enable transfer-only.
          { type: 'wallet.changed', news: { ...HOME_NEWS, slots: [{ code: snapshot.context.gameCode, amount: snapshot.context.balance > 0 ? snapshot.context.balance + 10 : 0 }] } },
          { type: 'wallet.changed', news: { ...HOME_NEWS, slots: [{ code: 'OTHER', amount: 5 }] } },
        ]
      : [],
} satisfies EventFixtures<GameAccount>;

export const GAME_CREDENTIALS: GameCredentials = {
  code: 'PG',
  provider: 'pg',
  username: 'pg0812345678',
  password: 'Secret12',
  event: null,
};

const replies = {
  activateAccount: [
    { ok: true, data: { slot: { code: 'PG', isActive: true } } },
    { ok: false, message: 'SLOT_ALREADY_ACTIVE' },
    { ok: false, message: 'SLOT_ACTIVATE_FAIL' },
  ] satisfies Result<unknown>[],
  loadAccount: [
    { ok: true, data: GAME_CREDENTIALS },
    { ok: false, message: 'SLOT_NO_ACCOUNT' },
    { ok: false, message: 'NO_GAME' },
    // A gateway's 502, 503 or 504 without a message, or past the time limit (src/api/answer.ts): no answer.
    { ok: false, message: 'NETWORK_ERROR' },
  ] satisfies Result<GameCredentials>[],
  resetPassword: [
    { ok: true, data: GAME_CREDENTIALS },
    { ok: false, message: 'SLOT_RESET_PASSWORD_FAIL' },
  ] satisfies Result<unknown>[],
  autoLogin: [
    { ok: true, data: { kind: 'link', url: 'https://games.test/play?token=t1' } },
    { ok: true, data: { kind: 'form', action: 'https://games.test/login', fields: { username: 'pg0812345678', state: 's1' } } },
    { ok: true, data: { kind: 'apps', android: 'https://apps.test/android', ios: null } },
    { ok: false, message: 'NO_GAME' },
  ] satisfies Result<GameEntry>[],
};

function gameAccountModel(name: string, card: GameAccountInput['card']): FlowModel<GameAccount> {
  return {
    name,
    machine: gameAccountMachine,
    input: { card },
    events: offerAll(events),
    replies,
    // What the modal shows: the credentials (or not), the password shown, app links, a message.
    abstraction: ({ context }) => ({
      credentials: context.credentials !== null,
      'password shown': context.passwordShown,
      'app links': context.apps !== null,
      error: context.error,
      notice: context.notice,
      saved: context.saved,
    }),
  };
}

/**
 * Cards that are active with and without a game balance, and inactive. Without
 * a balance transfer-only stays disabled (spec 2), so only the first reaches
 * its state. An inactive card has no balance either.
 */
export const gameAccountModels = [
  gameAccountModel('game account, active card with a balance', { code: 'PG', isActive: true, amount: 50 }),
  gameAccountModel('game account, active card without a balance', { code: 'PG', isActive: true, amount: 0 }),
  gameAccountModel('game account, inactive card', { code: 'PG', isActive: false, amount: 0 }),
];
