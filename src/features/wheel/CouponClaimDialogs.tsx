/**
 * A coupon's claim (machines/coupon-claim, the child the wheel invoked):
 * the confirm dialog, then the answer, success with what reached the wallet
 * or the error by its code (spec 8 coupon errors), or, when no answer came,
 * the same claim again (its Idempotency-Key: it never credits twice).
 */
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import type { couponClaimMachine } from '../../../machines/coupon-claim/coupon-claim.machine.ts';
import { ResultDialog } from '../bonus/ResultDialog.tsx';
import { MessageText } from '../errors/message-text.tsx';
import { OutcomeUnknown } from '../money/money-parts.tsx';
import { Modal } from '../ui/Modal.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';

export function CouponClaimDialogs({ machine, currency }: { machine: ActorRefFrom<typeof couponClaimMachine>; currency: Currency }) {
  const confirming = useSelector(machine, (snapshot) => snapshot.hasTag('confirming'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const claimed = useSelector(machine, (snapshot) => snapshot.hasTag('claimed'));
  const failed = useSelector(machine, (snapshot) => snapshot.hasTag('failed'));
  // No answer came: the claim may have gone through; only the same claim (its key) is offered again.
  const uncertain = useSelector(machine, (snapshot) => snapshot.hasTag('uncertain'));
  const coupon = useSelector(machine, (snapshot) => snapshot.context.coupon);
  const creditedAmount = useSelector(machine, (snapshot) => snapshot.context.amount);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const name = coupon.prize.name;
  const amount = formatMoney(coupon.amount, currency);
  // The bonus modal's sentence, translated once.
  const credited = formatMoney(creditedAmount ?? 0, currency);

  if (confirming) {
    return (
      <Modal
        open
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'claim.cancel' });
        }}
        canClose={() => !busy}
        alert
        hideClose
        title={<Trans>Claim this coupon?</Trans>}
        description={
          <Trans>
            {name}: {amount} goes to your wallet.
          </Trans>
        }
      >
        <div className="button-row">
          <button type="button" className="button button--secondary button--grow" disabled={busy} onClick={() => machine.send({ type: 'claim.cancel' })}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button button--primary button--grow" disabled={busy} onClick={() => machine.send({ type: 'claim.confirm' })}>
            {busy ? <Trans>Claiming…</Trans> : <Trans>Claim</Trans>}
          </button>
        </div>
      </Modal>
    );
  }
  if (uncertain) {
    return (
      <Modal
        open
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'claim.dismiss' });
        }}
        alert
        hideClose
        title={<Trans>Claim this coupon?</Trans>}
      >
        <OutcomeUnknown
          message={error ?? 'NETWORK_ERROR'}
          onRetry={() => machine.send({ type: 'claim.retry' })}
          onClose={() => machine.send({ type: 'claim.dismiss' })}
        />
      </Modal>
    );
  }
  return (
    <ResultDialog
      open={claimed || failed}
      success={claimed}
      title={claimed ? <Trans>Coupon claimed</Trans> : <Trans>Coupon not claimed</Trans>}
      onDismiss={() => machine.send({ type: 'claim.dismiss' })}
    >
      {claimed ? <Trans>{credited} was added to your wallet.</Trans> : <MessageText message={error ?? 'INTERNAL_SERVER_ERROR'} />}
    </ResultDialog>
  );
}
