/**
 * The prize modal (spec 2 Spin wheel): the slice the wheel stopped on, its
 * description (the server's HTML, sanitised), and where the prize went: a
 * coupon in the list below, or nothing this time. Closing it reads the
 * wheel's setup again.
 */
import { Trans } from '@lingui/react/macro';
import type { WheelSlice } from '../../contract/rewards.ts';
import type { SpinResult } from '../../../machines/spin-wheel/spin-wheel.types.ts';
import { Modal } from '../ui/Modal.tsx';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import { TicketIcon } from './wheel-icons.tsx';

export function PrizeModal({ prize, slice, onClose }: { prize: SpinResult; slice: WheelSlice | null; onClose: () => void }) {
  const label = prize.label;
  const won = prize.coupon !== null;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      alert
      hideClose
      title={won ? <Trans>You won {label}</Trans> : label}
      icon={
        <div
          className="prize-icon"
          aria-hidden="true"
          style={slice ? { background: slice.bgColor, color: slice.textColor } : undefined}
        >
          <TicketIcon size={32} />
        </div>
      }
      description={
        won ? (
          <Trans>Your prize is waiting in your coupons. Claim it there.</Trans>
        ) : (
          <Trans>No prize this time. Good luck with your next coin.</Trans>
        )
      }
    >
      <div className="stack">
        {slice?.htmlDescription && <SafeHtml html={slice.htmlDescription} className="rich-text prize-html" />}
        <button type="button" className="button button--primary button--block" onClick={onClose}>
          <Trans>OK</Trans>
        </button>
      </div>
    </Modal>
  );
}
