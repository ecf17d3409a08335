/**
 * The game account modal's model paths replayed in the real
 * GameAccountModal, for an active card with and without a game balance and
 * an inactive one: one shortest path to every state, error and notice the
 * model can show. Opening the game is the browser's: a new tab for a link
 * (window.open), a posted form for a form.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { GameAccountContext, GameAccountInput, GameEntry, GameAccountOutput } from '../../../machines/game-account/game-account.types.ts';
import type { GameAccountItem } from '../../../src/contract/api.ts';
import { messageText } from '../../../src/features/errors/messages.ts';
import { GameAccountModal } from '../../../src/features/game-account/GameAccountModal.tsx';
import { gameAccountModels } from '../game-account.model.ts';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, newFakeApi } from '../support/fake-api.ts';
import { backOnline, renderModal } from '../support/modal-harness.tsx';
import { gameAccountActors } from '../../../machines/game-account/game-account.actors.ts';
import { gameAccountMachine } from '../../../machines/game-account/game-account.machine.ts';
import { stateKey, type FlowModel, type ModelEdge } from '../support/flow-model.ts';
import { expect } from '../support/step-expect.ts';
import { walletAnswer } from '../balance.model.ts';

const GAME_NAME = 'PG Soft';

function slotOf(input: GameAccountInput): GameAccountItem {
  return {
    ...input.card,
    name: GAME_NAME,
    category: 'slot',
    ftWalletSlot: 100,
    logo: '/images/games/PG-logo.svg',
    background: '/images/games/PG.svg',
    web: null,
    android: null,
    ios: null,
  };
}

let openTab: ReturnType<typeof vi.fn>;
let postForm: ReturnType<typeof vi.fn>;
const submit = HTMLFormElement.prototype.submit;
beforeEach(() => {
  openTab = vi.fn(() => ({ opener: window }));
  postForm = vi.fn();
  vi.stubGlobal('open', openTab);
  HTMLFormElement.prototype.submit = postForm as () => void;
});
afterEach(() => {
  vi.unstubAllGlobals();
  HTMLFormElement.prototype.submit = submit;
});

/** What the browser was asked to open for an entry. */
function opened(entry: GameEntry) {
  if (entry.kind === 'link') return { tabs: [[entry.url, '_blank']], forms: 0 };
  if (entry.kind === 'form') return { tabs: [], forms: 1 };
  return { tabs: [], forms: 0 };
}

function driver(input: GameAccountInput, callbacks: { onClose: (saved: boolean) => void; onTransfer: (code: string) => void }): ViewDriver {
  const slot = slotOf(input);
  const wallet = { ...walletAnswer(100, '2025-06-01T10:00:00.000Z'), slots: [slot] };
  const dialog = () => screen.getByRole('dialog');
  const view = () => within(dialog());
  const button = (name: string) => view().getByRole('button', { name });
  return {
    render: () =>
      renderModal({
        logic: gameAccountMachine.provide({ actors: gameAccountActors(fakeApiClient()) }),
        input,
        onEnd: (output) => (output.transferFrom ? callbacks.onTransfer(output.transferFrom) : callbacks.onClose(output.saved)),
        children: (machine) => <GameAccountModal machine={machine} wallet={wallet} slot={slot} />,
      }),
    perform(event: AnyEventObject) {
      const names: Record<string, string> = {
        'account.activate': 'Open account',
        'account.reload': 'Try again',
        'password.toggle': 'Show password',
        'password.reset': 'Reset password',
        'game.enter': 'Enter game',
        'apps.dismiss': 'Back',
        'game.transfer': 'Transfer only',
      };
      if (event.type === 'read.online') return backOnline();
      if (event.type === 'modal.close') return void fireEvent.click(view().getAllByRole('button', { name: 'Close' })[0]!);
      if (!names[event.type]) throw new Error(`No gesture for ${event.type}`);
      fireEvent.click(button(names[event.type]!));
    },
    apiCall: ({ actor, input: callInput }) => {
      const endpoints: Record<string, string> = {
        activateAccount: 'gameAccountActivate',
        loadAccount: 'gameAccountCredentials',
        resetPassword: 'gameAccountResetPassword',
        autoLogin: 'autoLogin',
      };
      return { name: endpoints[actor]!, args: [{ params: callInput }] };
    },
    // The server answers the entry inside { entry }.
    apiAnswer: (actor, output) => {
      const result = output as { ok: boolean; data?: unknown };
      return actor === 'autoLogin' && result.ok ? { ok: true, data: { entry: result.data } } : output;
    },
    expectView({ after, emitted }) {
      const context = after.context as GameAccountContext;
      // The home hears how the modal ended: closed (saved or not), or transfer only from this game.
      const output = after.status === 'done' ? (after.output as GameAccountOutput) : null;
      expect(vi.mocked(callbacks.onClose).mock.calls, 'onClose').toEqual(output && !output.transferFrom ? [[output.saved]] : []);
      expect(vi.mocked(callbacks.onTransfer).mock.calls, 'onTransfer').toEqual(output?.transferFrom ? [[output.transferFrom]] : []);
      const entries = emitted.filter((event) => event.type === 'openGame').map((event) => opened(event.entry as GameEntry));
      expect({ tabs: openTab.mock.calls, forms: postForm.mock.calls.length }, 'game opened').toEqual(
        entries[0] ?? { tabs: [], forms: 0 },
      );
      openTab.mockClear();
      postForm.mockClear();
      if (after.status === 'done') return expect(screen.queryByRole('dialog'), 'the dialog closes').toBeNull();

      expect(view().getByRole('heading', { name: GAME_NAME })).toBeTruthy();
      const errorLine = () => view().getByRole('alert').textContent;
      const errorText = context.error === null ? '' : messageText(i18n, context.error);
      const disabled = (name: string) => button(name).hasAttribute('disabled');
      switch (stateKey(after)) {
        case 'inactive':
        case 'activating': {
          const busy = after.hasTag('busy');
          expect(view().getByText(`You do not have an account for ${GAME_NAME} yet. Open one to play and to transfer money to it.`)).toBeTruthy();
          expect(disabled(busy ? 'Opening the account…' : 'Open account'), 'open account disabled').toBe(busy);
          return expect(errorLine(), 'error line').toBe(errorText);
        }
        case 'loadingAccount':
        case 'accountOffline':
          // No answer is not an error: the skeleton stays while the read waits (docs/decisions/0146-reads-that-wait.md).
          expect(view().queryByRole('alert'), 'no error').toBeNull();
          expect(dialog().querySelector('.skeleton'), 'skeleton').not.toBeNull();
          return expect(view().queryByText(context.credentials?.username ?? 'pg0812345678'), 'no credentials yet').toBeNull();
        case 'accountFailed':
          expect(errorLine(), 'error line').toBe(errorText);
          return expect(button('Try again')).toBeTruthy();
        case 'active':
        case 'resettingPassword':
        case 'entering': {
          const credentials = context.credentials!;
          expect(view().getByText(credentials.username)).toBeTruthy();
          if (context.passwordShown) expect(view().getByText(credentials.password), 'password shown').toBeTruthy();
          else expect([view().queryByText(credentials.password), view().getByText('Hidden')], 'password hidden').toEqual([null, expect.anything()]);
          expect(button('Show password').getAttribute('aria-pressed')).toBe(String(context.passwordShown));
          const notice = view().queryByText('Your game password was reset. Use the new one above.');
          expect(notice !== null, 'reset notice').toBe(context.notice === 'PASSWORD_RESET');
          expect(errorLine(), 'error line').toBe(errorText);
          const now = stateKey(after);
          expect(disabled(now === 'entering' ? 'Opening the game…' : 'Enter game'), 'enter disabled').toBe(now !== 'active');
          expect(disabled(now === 'resettingPassword' ? 'Resetting…' : 'Reset password'), 'reset disabled').toBe(now !== 'active');
          // spec 2: transfer-only needs a game balance.
          return expect(disabled('Transfer only'), 'transfer only disabled').toBe(now !== 'active' || input.card.amount <= 0);
        }
        case 'choosingApp':
          expect(view().getByText(`${GAME_NAME} is played in its app. Install it or open it:`)).toBeTruthy();
          expect(view().getByRole('link', { name: 'App for Android' }).getAttribute('href')).toBe(context.apps!.android);
          expect(view().queryByRole('link', { name: 'App for iPhone (iOS)' }) !== null, 'iOS link').toBe(context.apps!.ios !== null);
          return expect(button('Back')).toBeTruthy();
        default:
          throw new Error(`No view for ${stateKey(after)}`);
      }
    },
  };
}

const outcome = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as GameAccountContext;
  return `${stateKey(snapshot)} | ${context.error ?? ''} | ${context.notice ?? ''} | ${context.passwordShown}`;
};

for (const flow of gameAccountModels as FlowModel[]) {
  describe(flow.name, () => {
    // Every answer of autoLogin: the game opens in a tab or by a form, app links show, or the refusal.
    const edges = (edge: ModelEdge) => edge.event.type.startsWith('xstate.done.actor.autoLogin');
    for (const path of viewPaths(flow, { outcome, edges })) {
      it(viewPathTitle(flow, path), async () => {
        const api = newFakeApi();
        await replayInView(flow, path, driver(flow.input as GameAccountInput, { onClose: vi.fn(), onTransfer: vi.fn() }), api);
      });
    }
  });
}
