/**
 * A coupon's claim (machines/coupon-claim) replayed in the real
 * CouponClaimDialogs: one shortest path to every state and outcome the model
 * can show (spec 2 Spin wheel: confirm, claim call, success or error shown).
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { couponClaimActors } from '../../../machines/coupon-claim/coupon-claim.actors.ts';
import { couponClaimMachine } from '../../../machines/coupon-claim/coupon-claim.machine.ts';
import type { CouponClaimContext, CouponClaimOutput } from '../../../machines/coupon-claim/coupon-claim.types.ts';
import { NETWORK_ERROR_MESSAGE } from '../../../src/features/errors/message-text.tsx';
import { messageText } from '../../../src/features/errors/messages.ts';
import { formatMoney } from '../../../src/features/ui/money.ts';
import { CouponClaimDialogs } from '../../../src/features/wheel/CouponClaimDialogs.tsx';
import { CLAIM_KEY_PREFIX, CLAIMED_COUPON, couponClaimModels } from '../coupon-claim.model.ts';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, newFakeApi } from '../support/fake-api.ts';
import { stateKey } from '../support/flow-model.ts';
import { renderModal } from '../support/modal-harness.tsx';
import { expect } from '../support/step-expect.ts';

const [flow] = couponClaimModels;
const money = (amount: number) => formatMoney(amount, 'BAHT');

function errorText(error: string): string {
  return error === 'NETWORK_ERROR' ? i18n._(NETWORK_ERROR_MESSAGE) : messageText(i18n, error);
}

function driver(onEnd: (output: CouponClaimOutput) => void): ViewDriver {
  const dialog = () => screen.getByRole('alertdialog');
  const button = (name: string) => within(dialog()).getByRole('button', { name });
  return {
    render: () =>
      renderModal({
        logic: couponClaimMachine.provide({ actors: couponClaimActors(fakeApiClient()) }),
        input: { coupon: CLAIMED_COUPON, keyPrefix: CLAIM_KEY_PREFIX },
        onEnd,
        children: (machine) => <CouponClaimDialogs machine={machine} currency="BAHT" />,
      }),
    perform(event: AnyEventObject, before) {
      switch (event.type) {
        case 'claim.retry':
          return void fireEvent.click(button('Try again'));
        case 'claim.confirm':
          return void fireEvent.click(button('Claim'));
        case 'claim.cancel':
          return void fireEvent.click(button('Cancel'));
        case 'claim.dismiss':
          return void fireEvent.click(button(stateKey(before) === 'uncertain' ? 'Close' : 'OK'));
        default:
          throw new Error(`No gesture for ${event.type}`);
      }
    },
    apiCall: ({ input }) => {
      const { coupon, idempotencyKey } = input as { coupon: string; idempotencyKey: string };
      return { name: 'couponClaim', args: [{ coupon }, { idempotencyKey }] };
    },
    // The client answers the contract's shape; the actor keeps what reached the wallet.
    apiAnswer: (_actor, output) => {
      const answer = output as { ok: boolean; data?: { amount: number } };
      return answer.ok ? { ok: true, data: { message: 'SUCCESS', amount: answer.data!.amount } } : answer;
    },
    expectView({ after }) {
      const context = after.context as CouponClaimContext;
      expect(vi.mocked(onEnd).mock.calls, 'how the claim ended').toEqual(after.status === 'done' ? [[after.output]] : []);
      if (after.status === 'done') return expect(screen.queryByRole('alertdialog'), 'the dialogs close').toBeNull();
      switch (stateKey(after)) {
        case 'confirming':
          expect(dialog().textContent).toContain(`${CLAIMED_COUPON.prize.name}: ${money(CLAIMED_COUPON.amount)} goes to your wallet.`);
          return expect(button('Claim').hasAttribute('disabled'), 'claim enabled').toBe(false);
        case 'claiming':
          // A second tap sends nothing: both buttons wait for the answer.
          expect(button('Claiming…').hasAttribute('disabled'), 'claiming').toBe(true);
          return expect(button('Cancel').hasAttribute('disabled'), 'cancel').toBe(true);
        case 'claimed':
          expect(within(dialog()).getByText('Coupon claimed')).toBeTruthy();
          return expect(dialog().textContent).toContain(`${money(context.amount!)} was added to your wallet.`);
        case 'failed':
          expect(within(dialog()).getByText('Coupon not claimed')).toBeTruthy();
          return expect(dialog().textContent).toContain(errorText(context.error!));
        // No answer: the claim may have gone through; only the same claim again (or closing) is offered.
        case 'uncertain':
          expect(within(dialog()).getByText('We do not know yet whether it went through')).toBeTruthy();
          expect(dialog().textContent).toContain(errorText(context.error!));
          return expect(button('Try again').hasAttribute('disabled'), 'retry enabled').toBe(false);
        default:
          throw new Error(`No view for ${stateKey(after)}`);
      }
    },
  };
}

describe('coupon claim dialogs', () => {
  for (const path of viewPaths(flow!)) {
    it(viewPathTitle(flow!, path), async () => {
      const api = newFakeApi();
      await replayInView(flow!, path, driver(vi.fn()), api);
    });
  }
});
