/**
 * The wheel's coupons (spec 2 Spin wheel; spec 9: 3 a page): each prize with
 * its amount, expiry and state, and Claim on the ones that pay into the
 * wallet. An item prize is handed over by support, so it has no Claim.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coupon } from '../../contract/rewards.ts';
import { claimable, couponPageCount, couponsOnPage } from '../../../machines/spin-wheel/spin-wheel.machine.ts';
import { formatDateTime } from '../ui/date-time.ts';
import { formatMoney, type Currency } from '../ui/money.ts';
import { Pager } from './Pager.tsx';
import { TicketIcon } from './wheel-icons.tsx';

interface Props {
  coupons: Coupon[];
  page: number;
  currency: Currency;
  /** Claims start only while the wheel waits (not while it spins or reads). */
  canClaim: boolean;
  onPage: (page: number) => void;
  onClaim: (coupon: string) => void;
}

export function CouponList({ coupons, page, currency, canClaim, onPage, onClaim }: Props) {
  const { t } = useLingui();
  return (
    <section className="coupons" aria-labelledby="coupons-title">
      <h3 id="coupons-title" className="coupons__title">
        <TicketIcon size={20} />
        <Trans>My coupons</Trans>
      </h3>
      {coupons.length === 0 ? (
        <p className="small muted">
          <Trans>No coupons yet. A prize you win shows here.</Trans>
        </p>
      ) : (
        <>
          <ul className="coupons__list">
            {couponsOnPage(coupons, page).map((coupon) => (
              <CouponRow key={coupon._id} coupon={coupon} currency={currency} canClaim={canClaim} onClaim={onClaim} />
            ))}
          </ul>
          <Pager page={page} pages={couponPageCount(coupons)} label={t`Coupon pages`} onPage={onPage} />
        </>
      )}
    </section>
  );
}

function CouponRow({ coupon, currency, canClaim, onClaim }: { coupon: Coupon; currency: Currency; canClaim: boolean; onClaim: (coupon: string) => void }) {
  const { t } = useLingui();
  const expiry = formatDateTime(coupon.expiresAt);
  const name = coupon.prize.name;
  return (
    <li className={`coupon coupon--${coupon.status}`}>
      <div className="coupon__text">
        <span className="coupon__name">{name}</span>
        {coupon.type === 'credit' && <span className="coupon__amount">{formatMoney(coupon.amount, currency)}</span>}
        <span className="small muted">
          {coupon.status === 'open' ? <Trans>Valid until {expiry}</Trans> : coupon.status === 'claimed' ? <Trans>Claimed</Trans> : <Trans>Expired on {expiry}</Trans>}
        </span>
      </div>
      {claimable(coupon) ? (
        <button type="button" className="button button--primary coupon__claim" aria-label={t`Claim ${name}`} disabled={!canClaim} onClick={() => onClaim(coupon._id)}>
          <Trans>Claim</Trans>
        </button>
      ) : coupon.status === 'open' ? (
        <span className="coupon__note small">
          <Trans>Contact us to receive it</Trans>
        </span>
      ) : null}
    </li>
  );
}
