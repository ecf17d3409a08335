/**
 * A carousel of banners (spec 3 banner item: an image and its HTML,
 * sanitised): the bonus modal's, and the invite and refund banners the home
 * shows before those modals (src/features/rewards). One banner a view, with
 * previous and next and "n / m"; swipe on phones. keen-slider is imported
 * here: only the lazily loaded modals that show banners import this file.
 */
import './banner-carousel.css';
import { useEffect, useState } from 'react';
import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react';
import { useLingui } from '@lingui/react/macro';
import type { BannerItem } from '../../contract/bonus.ts';
import type * as v from 'valibot';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/member-icons.tsx';
import { safeImageUrl } from './safe-image.ts';

type Banner = v.InferOutput<typeof BannerItem>;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const at = (slider: KeenSliderInstance) => setIndex(slider.track.details?.rel ?? 0);
  const [containerRef, slider] = useKeenSlider<HTMLDivElement>({
    defaultAnimation: { duration: prefersReducedMotion() ? 0 : 400 },
    slides: { perView: 1, spacing: 12 },
    created: at,
    slideChanged: at,
  });
  useEffect(() => {
    slider.current?.update();
  }, [slider, banners.length]);

  const many = banners.length > 1;
  return (
    <section className="bonus-banners" aria-roledescription={t`carousel`} aria-label={t`Banners`}>
      <div ref={containerRef} className="keen-slider">
        {banners.map((banner, position) => {
          const image = safeImageUrl(banner.image);
          const number = position + 1;
          const count = banners.length;
          return (
            <div
              key={position}
              className="keen-slider__slide bonus-banner"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${number} of ${count}`}
              aria-hidden={many && position !== index ? true : undefined}
            >
              <div className="bonus-banner__image">{image && <img src={image} alt="" draggable={false} onError={(event) => (event.currentTarget.hidden = true)} />}</div>
              <SafeHtml html={banner.html} className="rich-text bonus-html" />
            </div>
          );
        })}
      </div>
      {many && (
        <div className="bonus-banners__nav">
          <button type="button" className="icon-button icon-button--outlined" aria-label={t`Previous banner`} disabled={index <= 0} onClick={() => slider.current?.prev()}>
            <ChevronLeftIcon size={22} />
          </button>
          <span className="small muted" aria-live="polite">
            {index + 1} / {banners.length}
          </span>
          <button
            type="button"
            className="icon-button icon-button--outlined"
            aria-label={t`Next banner`}
            disabled={index >= banners.length - 1}
            onClick={() => slider.current?.next()}
          >
            <ChevronRightIcon size={22} />
          </button>
        </div>
      )}
    </section>
  );
}
