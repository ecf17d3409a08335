/**
 * The banners before the invite or refund modal (spec 2 Member home: "If
 * banners exist, a carousel shows and closing it opens the invite or refund
 * modal"), driven by the banner-then-modal machine the home invokes. While
 * the banners are read nothing shows, unless the read is slower than the
 * loader delay (spec 9): then a waiting dialog the member may close. A chunk
 * of its own, with keen-slider.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans } from '@lingui/react/macro';
import type { bannerThenModalMachine } from '../../../machines/banner-then-modal/banner-then-modal.machine.ts';
import type { BannerArea } from '../../../machines/banner-then-modal/banner-then-modal.types.ts';
import { BannerCarousel } from '../bonus/BannerCarousel.tsx';
import { Modal } from '../ui/Modal.tsx';
import './rewards.css';

type BannersRef = ActorRefFrom<typeof bannerThenModalMachine>;

/** The modal the banners lead to names them. */
function AreaTitle({ area }: { area: BannerArea }) {
  return area === 'invite' ? <Trans>Invite friends</Trans> : <Trans>Refund</Trans>;
}

export default function BannerCarouselModal({ machine }: { machine: BannersRef }) {
  const area = useSelector(machine, (snapshot) => snapshot.context.area);
  const banners = useSelector(machine, (snapshot) => snapshot.context.banners);
  const waiting = useSelector(machine, (snapshot) => snapshot.hasTag('skeleton'));
  const carousel = useSelector(machine, (snapshot) => snapshot.hasTag('carousel'));

  if (waiting) {
    return (
      <Modal open onOpenChange={(open) => !open && machine.send({ type: 'modal.close' })} title={<AreaTitle area={area} />}>
        <div className="stack" aria-busy="true">
          <span className="visually-hidden">
            <Trans>Loading…</Trans>
          </span>
          <div className="skeleton reward-banner-placeholder" aria-hidden="true" />
          <div className="skeleton skeleton--line" aria-hidden="true" />
        </div>
      </Modal>
    );
  }
  if (!carousel) return null;

  // Closing the carousel, by its button, the corner or Esc, opens the modal.
  const next = () => machine.send({ type: 'carousel.close' });
  return (
    <Modal open onOpenChange={(open) => !open && next()} size="wide" title={<AreaTitle area={area} />}>
      <div className="stack">
        <BannerCarousel banners={banners} />
        <button type="button" className="button button--primary button--block" onClick={next}>
          <Trans>Continue</Trans>
        </button>
      </div>
    </Modal>
  );
}
