/**
 * The grid of bonus cards (spec 2, spec 4): each with its first banner as
 * background, and its state from machines/bonus-card (the list item, its
 * type and the clock in the variant's zone): active (marked as the current
 * one; opens the modal to confirm), received to its limit (disabled) or
 * available (opens the bonus modal).
 */
import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { bonusCardMachine } from '../../../machines/bonus-card/bonus-card.machine.ts';
import type { BonusItem } from '../../contract/bonus.ts';
import { VARIANT_TIME_ZONES } from '../../contract/rules/bonuses.ts';
import { VARIANT } from '../../i18n/variant.ts';
import { BonusTypeName } from './bonus-texts.tsx';
import { safeImageUrl } from './safe-image.ts';

const ZONE = VARIANT_TIME_ZONES[VARIANT];
/** A day or a week may end while the page is open: the cards look at the clock again each minute. */
const CLOCK_TICK_MS = 60_000;

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function BonusCards({ bonuses, onOpen }: { bonuses: BonusItem[]; onOpen: (code: string) => void }) {
  const now = useMinuteClock();
  return (
    <ul className="bonus-grid" role="list">
      {bonuses.map((bonus) => (
        <li key={bonus.code}>
          <BonusCard bonus={bonus} now={now} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function BonusCard({ bonus, now, onOpen }: { bonus: BonusItem; now: number; onOpen: (code: string) => void }) {
  const { t } = useLingui();
  const card = useActorRef(bonusCardMachine, { input: { bonus, now, zone: ZONE } });
  useEffect(() => {
    card.send({ type: 'card.update', bonus, now });
  }, [card, bonus, now]);
  const active = useSelector(card, (snapshot) => snapshot.hasTag('active'));
  const full = useSelector(card, (snapshot) => snapshot.hasTag('receivedToLimit'));
  const image = bonus.banners[0] ? safeImageUrl(bonus.banners[0].image) : null;
  const state = active ? t`Current bonus` : full ? t`Received to the limit` : t`Available`;

  return (
    <button
      type="button"
      className={`bonus-card${active ? ' bonus-card--active' : ''}${full ? ' bonus-card--full' : ''}`}
      disabled={full}
      aria-haspopup="dialog"
      aria-current={active ? 'true' : undefined}
      onClick={() => onOpen(bonus.code)}
    >
      {image && <img className="bonus-card__art" src={image} alt="" loading="lazy" decoding="async" draggable={false} onError={(event) => (event.currentTarget.hidden = true)} />}
      <span className="bonus-card__body">
        <span className="bonus-card__name">{bonus.code}</span>
        <span className="bonus-card__meta">
          <BonusTypeName type={bonus.type} />
        </span>
        <span className={`bonus-chip${active ? ' bonus-chip--active' : ''}`}>{state}</span>
      </span>
    </button>
  );
}
