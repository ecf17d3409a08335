/**
 * The receive-invite-bonus dialog's model paths replayed in the real
 * InviteCollectDialog: one shortest path to every state and outcome the
 * model can show, with the toasts spec 2 asks for (a success toast with what
 * reached the wallet; the error's text in a danger toast), the collect under
 * its key, and the retry offered when no answer came.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { inviteCollectActors } from '../../../machines/invite-collect/invite-collect.actors.ts';
import { inviteCollectMachine } from '../../../machines/invite-collect/invite-collect.machine.ts';
import type { InviteCollectContext } from '../../../machines/invite-collect/invite-collect.types.ts';
import { NETWORK_ERROR_MESSAGE } from '../../../src/features/errors/message-text.tsx';
import { messageText } from '../../../src/features/errors/messages.ts';
import InviteCollectDialog from '../../../src/features/rewards/InviteCollectDialog.tsx';
import { formatMoney } from '../../../src/features/ui/money.ts';
import { showErrorToast, showSuccessToast } from '../../../src/features/ui/toast.ts';
import { walletAnswer } from '../balance.model.ts';
import { COLLECT_INVITE, COLLECT_KEY_PREFIX, inviteCollectModels } from '../invite-collect.model.ts';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, newFakeApi } from '../support/fake-api.ts';
import { stateKey } from '../support/flow-model.ts';
import { renderModal } from '../support/modal-harness.tsx';
import { expect } from '../support/step-expect.ts';

const [flow] = inviteCollectModels;
const WALLET = { ...walletAnswer(500, '2026-11-26T10:00:00.000Z'), invite: COLLECT_INVITE };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The dialog offers confirm once the conditions are read, cancel until the bonus is on its way, and a retry after no answer. */
function offers(event: AnyEventObject, before: AnyMachineSnapshot): boolean {
  if (event.type === 'collect.confirm') return before.matches('confirming');
  if (event.type === 'collect.cancel') return !before.matches('collecting');
  if (event.type === 'collect.retry') return before.matches('uncertain');
  return true;
}

function errorText(error: string): string {
  return error === 'NETWORK_ERROR' ? i18n._(NETWORK_ERROR_MESSAGE) : messageText(i18n, error);
}

function driver(onEnd: (saved: boolean) => void): ViewDriver {
  const dialog = () => screen.getByRole('dialog');
  const button = (name: string) => within(dialog()).getByRole('button', { name });
  return {
    render: () =>
      renderModal({
        logic: inviteCollectMachine.provide({ actors: inviteCollectActors(fakeApiClient()) }),
        input: { invite: COLLECT_INVITE, keyPrefix: COLLECT_KEY_PREFIX },
        onEnd: (output) => onEnd(output.saved),
        children: (machine) => <InviteCollectDialog machine={machine} wallet={WALLET} />,
      }),
    perform(event: AnyEventObject, before: AnyMachineSnapshot) {
      if (event.type === 'collect.confirm') return void fireEvent.click(button('Confirm'));
      if (event.type === 'collect.retry') return void fireEvent.click(button('Try again'));
      // After no answer the dialog's own Close (the last of the two: the header's cross comes first).
      if (event.type === 'collect.cancel' && before.matches('uncertain')) {
        return void fireEvent.click(within(dialog()).getAllByRole('button', { name: 'Close' }).at(-1)!);
      }
      if (event.type === 'collect.cancel') return void fireEvent.click(button('Cancel'));
      throw new Error(`No gesture for ${event.type}`);
    },
    apiCall: ({ actor, input }) =>
      actor === 'readRule'
        ? { name: 'inviteRule', args: [{}] }
        : actor === 'checkBonus'
          ? { name: 'bonusCheckActive', args: [{}] }
          : { name: 'inviteCollect', args: [input] },
    expectView({ after, emitted }) {
      // spec 2: the toasts, as the machine tells the dialog.
      const collected = emitted.find((event) => event.type === 'invite.collected') as { amount: number } | undefined;
      const refused = emitted.find((event) => event.type === 'invite.refused') as { message: string } | undefined;
      expect(vi.mocked(showSuccessToast).mock.calls, 'success toast').toEqual(
        collected ? [[`Invite bonus received: ${formatMoney(collected.amount, 'BAHT')} is in your wallet.`]] : [],
      );
      expect(vi.mocked(showErrorToast).mock.calls, 'danger toast').toEqual(refused ? [[messageText(i18n, refused.message)]] : []);
      vi.mocked(showSuccessToast).mockClear();
      vi.mocked(showErrorToast).mockClear();
      if (after.status === 'done') {
        expect(vi.mocked(onEnd).mock.calls, 'how it ended').toEqual([[(after.output as { saved: boolean }).saved]]);
        return expect(screen.queryByRole('dialog'), 'the dialog closes').toBeNull();
      }
      const context = after.context as InviteCollectContext;
      const view = within(dialog());
      if (stateKey(after) === 'uncertain') {
        // No answer: perhaps received; only the same collect again is offered, or closing.
        expect(view.getByText('We do not know yet whether it went through')).toBeTruthy();
        expect(dialog().textContent).toContain(errorText(context.error!));
        expect(view.getByRole('button', { name: 'Try again' })).toBeTruthy();
        return expect(view.queryByRole('button', { name: 'Confirm' }), 'no confirm').toBeNull();
      }
      // The amount, and the shares of the wallet's 3 successes and 1 failure.
      expect(view.getByText(formatMoney(COLLECT_INVITE.amount, 'BAHT'))).toBeTruthy();
      expect(view.getByText('75% (3)')).toBeTruthy();
      expect(view.getByText('25% (1)')).toBeTruthy();
      expect(view.getByText(/Invites still waiting can be received once they succeed/)).toBeTruthy();
      const confirm = view.getByRole('button', { name: stateKey(after) === 'collecting' ? 'Receiving…' : 'Confirm' });
      expect(confirm.hasAttribute('disabled'), 'confirm disabled').toBe(stateKey(after) !== 'confirming');
      // A bonus held: said before confirm (as the refund modal does), not after a BONUS_REMAINING refusal.
      const held = 'You hold a bonus. You can receive the invite bonus once the bonus has ended.';
      expect(view.queryByText(held) !== null, 'why confirm is disabled').toBe(context.bonusHeld);
      if (context.bonusHeld) expect(confirm.getAttribute('aria-describedby'), 'confirm described by why').toBe(view.getByText(held).id);
      expect(view.queryByText('Conditions') !== null, 'conditions shown').toBe(context.rule !== null);
    },
  };
}

describe('receive invite bonus dialog', () => {
  // The retry leads back to a state reached another way: its edge is replayed too (the same key again).
  for (const path of viewPaths(flow!, { offers, edges: (edge) => edge.event.type === 'collect.retry' })) {
    it(viewPathTitle(flow!, path), async () => {
      const api = newFakeApi();
      await replayInView(flow!, path, driver(vi.fn()), api);
    });
  }
});
