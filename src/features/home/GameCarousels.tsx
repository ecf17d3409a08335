/**
 * The three carousels of game accounts (spec 2): slot; sport (sports and
 * casino); lotto. Cards keep the spec's 300:211 shape: three at 300 px on a
 * wide screen; on a phone one card scaled down to the width with the next one
 * peeking in, so a swipe is evident (docs/decisions/0027-game-carousels-and-loading.md).
 * keen-slider is imported here only: this module is a chunk of its own.
 */
import { useDeferredValue, useEffect, useState, type FocusEvent } from 'react';
import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GameAccountItem, GameCategory } from '../../contract/api.ts';
import { memberCurrency } from '../ui/currency.ts';
import { formatMoney, formatNumber, type Currency } from '../ui/money.ts';
import { gameCredits, slotsByCategory } from './balance.ts';
import { CarouselsPlaceholder } from './CarouselsPlaceholder.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/member-icons.tsx';
import { PlusIcon } from './home-icons.tsx';
import type { BalanceActor, HomeActor } from './use-home-actors.ts';
import { gameOpen } from './home-events.ts';

const CATEGORIES: GameCategory[] = ['slot', 'sport', 'lotto'];

export default function GameCarousels({ balance, home }: { balance: BalanceActor; home: HomeActor }) {
  const wallet = useSelector(balance, (snapshot) => snapshot.context.wallet);
  // The carousels (keen-slider measuring each one) render after the wallet's card and widgets, in
  // slices the browser can interrupt: a store update alone renders in one long task
  // (docs/decisions/0147-the-member-home-paints-first.md). The placeholder keeps their place meanwhile.
  const data = useDeferredValue(wallet);
  const waiting = useSelector(balance, (snapshot) => snapshot.context.wallet === null && snapshot.hasTag('busy'));
  if (!data) return waiting || wallet !== null ? <CarouselsPlaceholder /> : null;

  const groups = slotsByCategory(data.slots);
  const currency = memberCurrency(data.bankAccount?.currency);
  const open = (gameCode: string) => {
    const event = gameOpen(data, gameCode);
    if (event) home.send(event);
  };
  return (
    <div className="stack">
      {CATEGORIES.filter((category) => groups[category].length > 0).map((category) => (
        <GameCarousel key={category} category={category} slots={groups[category]} currency={currency} onOpen={open} />
      ))}
    </div>
  );
}

function CategoryTitle({ category }: { category: GameCategory }) {
  switch (category) {
    case 'slot':
      return <Trans>Slots</Trans>;
    case 'sport':
      return <Trans>Sports and casino</Trans>;
    case 'lotto':
      return <Trans>Lotto</Trans>;
  }
}

interface Position {
  index: number;
  last: number;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const positionOf = (slider: KeenSliderInstance): Position => ({
  index: slider.track.details?.abs ?? 0,
  last: slider.track.details?.maxIdx ?? 0,
});

function GameCarousel({
  category,
  slots,
  currency,
  onOpen,
}: {
  category: GameCategory;
  slots: GameAccountItem[];
  currency: Currency;
  onOpen: (gameCode: string) => void;
}) {
  const { t } = useLingui();
  const titleId = `games-${category}`;
  const [position, setPosition] = useState<Position>({ index: 0, last: 0 });
  const [containerRef, slider] = useKeenSlider<HTMLDivElement>({
    // docs/product/ui.md: calm motion; none for members who ask for less.
    defaultAnimation: { duration: prefersReducedMotion() ? 0 : 400 },
    mode: 'snap',
    rubberband: false,
    slides: { perView: 'auto', spacing: 12 },
    breakpoints: { '(min-width: 720px)': { slides: { perView: 'auto', spacing: 24 } } },
    created: (instance) => setPosition(positionOf(instance)),
    slideChanged: (instance) => setPosition(positionOf(instance)),
    updated: (instance) => setPosition(positionOf(instance)),
  });

  // New or fewer games after a refresh: keen-slider measures its slides again.
  useEffect(() => {
    slider.current?.update();
  }, [slider, slots.length]);

  // A keyboard user tabbing to a card off to the side: bring it in. The browser
  // would scroll the clipped track itself and fight keen-slider's transform.
  const bringIntoView = (event: FocusEvent<HTMLElement>, index: number) => {
    const track = event.currentTarget.closest<HTMLElement>('.keen-slider');
    if (track) track.scrollLeft = 0;
    const instance = slider.current;
    if (instance) instance.moveToIdx(Math.min(index, instance.track.details?.maxIdx ?? index));
  };

  const scrollable = position.last > 0;
  return (
    <section className="games" aria-labelledby={titleId}>
      <div className="games__header">
        <h2 id={titleId} className="games__title">
          <CategoryTitle category={category} />
        </h2>
        {scrollable && (
          <div className="games__arrows">
            <button
              type="button"
              className="icon-button icon-button--outlined"
              aria-label={t`Previous games`}
              disabled={position.index <= 0}
              onClick={() => slider.current?.prev()}
            >
              <ChevronLeftIcon size={22} />
            </button>
            <button
              type="button"
              className="icon-button icon-button--outlined"
              aria-label={t`Next games`}
              disabled={position.index >= position.last}
              onClick={() => slider.current?.next()}
            >
              <ChevronRightIcon size={22} />
            </button>
          </div>
        )}
      </div>
      <div ref={containerRef} className="keen-slider games__track" role="list">
        {slots.map((slot, index) => (
          <div key={slot.code} className="keen-slider__slide games__slide" role="listitem">
            <GameCard slot={slot} currency={currency} onOpen={onOpen} onFocus={(event) => bringIntoView(event, index)} />
          </div>
        ))}
      </div>
    </section>
  );
}

function GameCard({
  slot,
  currency,
  onOpen,
  onFocus,
}: {
  slot: GameAccountItem;
  currency: Currency;
  onOpen: (gameCode: string) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}) {
  const credits = formatNumber(gameCredits(slot));
  return (
    <button
      type="button"
      className={`game-card game-card--${slot.category}${slot.isActive ? '' : ' game-card--inactive'}`}
      aria-haspopup="dialog"
      onClick={() => onOpen(slot.code)}
      onFocus={onFocus}
    >
      {slot.background && (
        <img
          className="game-card__art"
          src={slot.background}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={(event) => (event.currentTarget.hidden = true)}
        />
      )}
      {/* Everything we draw sits in the bottom band: provider artwork keeps its top half. */}
      <span className="game-card__body">
        {/* The game's initial shows until (or unless) its logo loads. */}
        <span className="game-card__logo" aria-hidden="true">
          {slot.name.trim().charAt(0).toUpperCase()}
          {slot.logo && (
            <img
              src={slot.logo}
              alt=""
              width={44}
              height={44}
              loading="lazy"
              decoding="async"
              draggable={false}
              onError={(event) => (event.currentTarget.hidden = true)}
            />
          )}
        </span>
        <span className="game-card__text">
          <span className="game-card__name">{slot.name}</span>
          {slot.isActive ? (
            <>
              <span className="game-card__balance">{formatMoney(slot.amount, currency)}</span>
              <span className="game-card__credits">
                <Trans>{credits} credits</Trans>
              </span>
            </>
          ) : (
            <span className="game-card__open">
              <PlusIcon size={18} />
              <Trans>Open account</Trans>
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
