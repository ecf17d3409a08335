/**
 * The refund modal's model paths replayed in the real RefundModal: one
 * shortest path to every state and error the model can show, the log table
 * with its pages, the receive under its key, the retry offered when no
 * answer came, and the result once received.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { refundReceiveActors } from '../../../machines/refund-receive/refund-receive.actors.ts';
import { canReceiveRefund, refundReceiveMachine } from '../../../machines/refund-receive/refund-receive.machine.ts';
import type { RefundReceiveContext } from '../../../machines/refund-receive/refund-receive.types.ts';
import { NETWORK_ERROR_MESSAGE } from '../../../src/features/errors/message-text.tsx';
import { messageText } from '../../../src/features/errors/messages.ts';
import RefundModal from '../../../src/features/rewards/RefundModal.tsx';
import { formatMoney } from '../../../src/features/ui/money.ts';
import { walletAnswer } from '../balance.model.ts';
import { REFUND_KEY_PREFIX, refundReceiveModels } from '../refund-receive.model.ts';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, newFakeApi } from '../support/fake-api.ts';
import { stateKey } from '../support/flow-model.ts';
import { backOnline, renderModal } from '../support/modal-harness.tsx';
import { expect } from '../support/step-expect.ts';

const [flow] = refundReceiveModels;
const WALLET = walletAnswer(500, '2026-11-26T10:00:00.000Z');
const money = (amount: number) => formatMoney(amount, 'BAHT');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const refundStep = (snapshot: AnyMachineSnapshot) => stateKey(snapshot).split(' + ').find((part) => part.startsWith('open.refund.')) ?? '';

/** What the modal offers: receive only when enabled, page links once there are two pages, close unless receiving. */
function offers(event: AnyEventObject, before: AnyMachineSnapshot): boolean {
  const context = before.context as RefundReceiveContext;
  const step = refundStep(before);
  if (event.type === 'refund.receive') return step === 'open.refund.ready' && canReceiveRefund(context.check);
  if (event.type === 'refunds.page') return step !== 'open.refund.received' && context.total > context.limit;
  if (event.type === 'modal.close') return step !== 'open.refund.receiving';
  if (event.type === 'refund.retry') return step === 'open.refund.uncertain';
  return true;
}

function errorText(error: string): string {
  return error === 'NETWORK_ERROR' ? i18n._(NETWORK_ERROR_MESSAGE) : messageText(i18n, error);
}

function driver(onEnd: (saved: boolean) => void): ViewDriver {
  const dialog = () => screen.getByRole('dialog');
  const view = () => within(dialog());
  return {
    render: () =>
      renderModal({
        logic: refundReceiveMachine.provide({ actors: refundReceiveActors(fakeApiClient()) }),
        input: { keyPrefix: REFUND_KEY_PREFIX },
        onEnd: (output) => onEnd(output.saved),
        children: (machine) => <RefundModal machine={machine} wallet={WALLET} />,
      }),
    perform(event: AnyEventObject, before: AnyMachineSnapshot) {
      switch (event.type) {
        case 'refund.receive':
          return void fireEvent.click(view().getByRole('button', { name: 'Receive refund' }));
        case 'refund.retry':
          return void fireEvent.click(view().getByRole('button', { name: 'Try again' }));
        case 'refunds.page':
          return void fireEvent.click(view().getByRole('button', { name: `Page ${event.page}` }));
        case 'read.online':
          return backOnline();
        case 'modal.close':
          if (refundStep(before) === 'open.refund.received') return void fireEvent.click(view().getByRole('button', { name: 'Done' }));
          return void fireEvent.click(view().getAllByRole('button', { name: 'Close' })[0]!);
        default:
          throw new Error(`No gesture for ${event.type}`);
      }
    },
    apiCall: ({ actor, input }) => {
      if (actor === 'check') return { name: 'refundCheck', args: [{}] };
      if (actor === 'receive') return { name: 'refundReceive', args: [input] };
      return { name: 'refunds', args: [input, {}] };
    },
    expectView({ after }) {
      if (after.status === 'done') {
        expect(vi.mocked(onEnd).mock.calls, 'how it ended').toEqual([[(after.output as { saved: boolean }).saved]]);
        return expect(screen.queryByRole('dialog'), 'the dialog closes').toBeNull();
      }
      const context = after.context as RefundReceiveContext;
      const step = refundStep(after);
      if (step === 'open.refund.received') {
        expect(view().getByText('Refund received')).toBeTruthy();
        expect(view().getByText(`${money(context.received!)} was added to your wallet.`)).toBeTruthy();
        // The table gives way to the result.
        return expect(view().queryByText('Refund history')).toBeNull();
      }
      if (step === 'open.refund.uncertain') {
        // No answer: perhaps received; only the same receive again is offered, or closing.
        expect(view().getByText('We do not know yet whether it went through')).toBeTruthy();
        expect(dialog().textContent).toContain(errorText(context.error!));
        expect(view().getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(view().queryByRole('button', { name: 'Receive refund' }), 'no receive').toBeNull();
      } else if (step.startsWith('open.refund.checking') || step === 'open.refund.checkOffline') {
        // Waiting for the network is checking still (docs/decisions/0146-reads-that-wait.md): never "no refund".
        expect(view().queryByRole('button', { name: 'Receive refund' }), 'no receive while checking').toBeNull();
        expect(view().queryByText(/^No refund found/), 'not "no refund"').toBeNull();
        // Its skeleton: kept in place before the loader delay (spec 9), shown after it and all along the wait; the modal
        // shows its skeletons together, so also while the log table waits with no page read.
        const skeleton = dialog().querySelector('.skeleton--title');
        expect(skeleton, 'the check skeleton').not.toBeNull();
        expect(skeleton!.closest('[aria-busy="true"]')!.classList.contains('reward-list--quiet'), 'skeleton kept quiet').toBe(
          step === 'open.refund.checking.quiet' && !after.matches({ open: { logs: { offline: 'skeleton' } } }),
        );
      } else if (step === 'open.refund.notFound') {
        expect(view().getByText(/^No refund found/)).toBeTruthy();
        expect(view().queryByRole('button', { name: 'Receive refund' })).toBeNull();
      } else {
        const check = context.check!;
        expect(view().getByText(money(check.refundAmount))).toBeTruthy();
        const busy = step === 'open.refund.receiving';
        const receive = view().getByRole('button', { name: busy ? 'Receiving…' : 'Receive refund' });
        expect(receive.hasAttribute('disabled'), 'receive disabled').toBe(busy || !canReceiveRefund(check));
        // Why receive is disabled: a held bonus, or not above the minimum.
        expect(view().queryByText('You hold a bonus. You can receive the refund once the bonus has ended.') !== null, 'bonus held').toBe(check.bonus);
        expect(view().queryByText(`You can receive the refund once it is more than ${money(check.minimum)}.`) !== null, 'minimum').toBe(
          !check.bonus && !canReceiveRefund(check),
        );
        expect(view().getByRole('alert').textContent, 'error line').toBe(context.error ? messageText(i18n, context.error) : '');
      }
      // The log table: the page shown, 10 a page, with links once there are two pages.
      const history = view().getByText('Refund history').closest('section')!;
      expect(within(history).queryAllByRole('listitem').filter((item) => item.classList.contains('reward-row')).length, 'rows').toBe(
        context.shownPage === null ? 0 : context.rows.length,
      );
      expect(within(history).queryByRole('navigation') !== null, 'page links').toBe(context.total > context.limit);
      if (after.matches({ open: { logs: { offline: 'skeleton' } } })) {
        // Waiting with no page read yet: the table's skeleton shows, never "No refunds yet".
        expect(history.querySelector('.reward-row__placeholder'), 'the table skeleton').not.toBeNull();
        expect(history.querySelector('.reward-list--quiet'), 'table skeleton shown').toBeNull();
        expect(within(history).queryByText('No refunds yet.'), 'not "no refunds"').toBeNull();
      }
    },
  };
}

describe('refund modal', () => {
  // The retry leads back to a state reached another way: its edge is replayed too (the same key again).
  for (const path of viewPaths(flow!, { offers, edges: (edge) => edge.event.type === 'refund.retry' })) {
    it(viewPathTitle(flow!, path), async () => {
      const api = newFakeApi();
      await replayInView(flow!, path, driver(vi.fn()), api);
    });
  }
});
