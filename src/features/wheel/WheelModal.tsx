/**
 * The prize wheel modal (spec 2 Spin wheel), driven by the spin-wheel
 * machine the home invokes for each opening (machines/spin-wheel): the
 * member's coins, the wheel drawn from the server's slices, Spin (blocked at
 * 0 coins and while spinning), the prize, and the coupon list with its
 * claims; a link to the fairness page. Closing ends the machine, and the
 * home reads how it ended (saved when a coupon was claimed, or may have
 * been). A chunk of its own: the home imports it lazily.
 */
import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { spinWheelMachine } from '../../../machines/spin-wheel/spin-wheel.machine.ts';
import type { WalletResponse } from '../../contract/api.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { memberCurrency } from '../ui/currency.ts';
import { AlertIcon } from '../ui/icons.tsx';
import { Modal } from '../ui/Modal.tsx';
import { CouponClaimDialogs } from './CouponClaimDialogs.tsx';
import { CouponList } from './CouponList.tsx';
import { PrizeModal } from './PrizeModal.tsx';
import { CoinIcon, ShieldIcon } from './wheel-icons.tsx';
import { WheelCanvas } from './WheelCanvas.tsx';
import './wheel.css';
import { useBackOnline } from '../ui/use-back-online.ts';

type SpinWheelRef = ActorRefFrom<typeof spinWheelMachine>;

interface WheelModalProps {
  /** The home's wheel machine for this opening; it ends the modal, and the home reads how. */
  machine: SpinWheelRef;
  /** The wallet, for the member's currency (null until it is read). */
  wallet: WalletResponse | null;
}

export default function WheelModal({ machine, wallet }: WheelModalProps) {
  const { t } = useLingui();
  const loading = useSelector(machine, (snapshot) => snapshot.hasTag('loading'));
  const skeleton = useSelector(machine, (snapshot) => snapshot.hasTag('skeleton'));
  const failed = useSelector(machine, (snapshot) => snapshot.hasTag('failed'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const spinning = useSelector(machine, (snapshot) => snapshot.hasTag('spinning'));
  const turning = useSelector(machine, (snapshot) => snapshot.hasTag('turning'));
  const uncertain = useSelector(machine, (snapshot) => snapshot.hasTag('uncertain'));
  const showsPrize = useSelector(machine, (snapshot) => snapshot.hasTag('prize'));
  const ready = useSelector(machine, (snapshot) => snapshot.hasTag('ready'));
  const canSpin = useSelector(machine, (snapshot) => snapshot.can({ type: 'wheel.spin' }));
  const data = useSelector(machine, (snapshot) => snapshot.context.data);
  const prize = useSelector(machine, (snapshot) => snapshot.context.prize);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const couponPage = useSelector(machine, (snapshot) => snapshot.context.couponPage);
  const claim = useSelector(machine, (snapshot) => snapshot.children.couponClaim);
  const currency = memberCurrency(wallet?.bankAccount?.currency);

  // A wheel that got no answer is read again when the connection is back (docs/decisions/0146-reads-that-wait.md).
  useBackOnline(() => machine.send({ type: 'read.online' }));
  const stopped = useCallback(() => machine.send({ type: 'wheel.stopped' }), [machine]);
  const wheel = data?.wheel ?? null;
  const title = wheel?.name ?? t`Prize wheel`;

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'wheel.close' });
        }}
        canClose={() => !busy}
        title={title}
      >
        {loading ? (
          <div className="wheel-modal" aria-busy="true">
            <div className="wheel-skeleton skeleton" aria-hidden="true" style={skeleton ? undefined : { visibility: 'hidden' }} />
          </div>
        ) : failed || !data ? (
          <div className="stack" role="status">
            <p>
              <Trans>The prize wheel could not be loaded.</Trans>
            </p>
            <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'wheel.retry' })}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : (
          <div className="wheel-modal">
            <p className="wheel-coins" aria-live="polite">
              <CoinIcon size={26} />
              <span className="wheel-coins__label">
                <Trans>Your coins</Trans>
              </span>
              <span className="wheel-coins__count">{data.coins}</span>
            </p>

            {wheel ? (
              <WheelCanvas slices={wheel.slices} turnTo={turning && prize ? prize.index : null} onStopped={stopped} />
            ) : (
              <p className="card muted wheel-closed">
                <Trans>The prize wheel is closed right now. Look again later.</Trans>
              </p>
            )}

            {uncertain ? (
              <div className="wheel-uncertain stack" role="alert">
                <p className="wheel-uncertain__text">
                  <AlertIcon size={20} />
                  <span>
                    <Trans>We could not tell whether your spin went through. Try again: the same spin is asked for, so no second coin is spent.</Trans>
                  </span>
                </p>
                <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'wheel.retry' })}>
                  <Trans>Try again</Trans>
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="button button--primary button--block wheel-spin"
                disabled={!canSpin}
                aria-describedby={error ? 'wheel-error' : undefined}
                onClick={() => {
                  preloadMessageTexts();
                  machine.send({ type: 'wheel.spin' });
                }}
              >
                {spinning ? <Trans>Spinning…</Trans> : <Trans>Spin (1 coin)</Trans>}
              </button>
            )}
            {ready && wheel && data.coins === 0 && (
              <p className="small muted wheel-hint">
                <Trans>You have no coins yet. Play the games to earn coins, then spin.</Trans>
              </p>
            )}
            {error && !uncertain && (
              <p id="wheel-error" className="error-text" role="alert">
                <MessageText message={error} />
              </p>
            )}

            <CouponList
              coupons={data.coupons}
              page={couponPage}
              currency={currency}
              canClaim={ready}
              onPage={(page) => machine.send({ type: 'coupons.page', page })}
              onClaim={(coupon) => {
                preloadMessageTexts();
                machine.send({ type: 'coupon.claim', coupon });
              }}
            />

            <Link to="/user/fairness" className="text-link wheel-fairness-link">
              <ShieldIcon size={20} />
              <Trans>How we keep the wheel fair: check your spins</Trans>
            </Link>
          </div>
        )}
      </Modal>

      {showsPrize && prize && (
        <PrizeModal prize={prize} slice={wheel?.slices.find((slice) => slice.code === prize.code) ?? null} onClose={() => machine.send({ type: 'prize.close' })} />
      )}
      {claim && <CouponClaimDialogs machine={claim} currency={currency} />}
    </>
  );
}
