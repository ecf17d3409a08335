/**
 * The bonus page (spec 2): the active bonus with its turnover and Cancel, or
 * the promotion-code search; then the grid of bonus cards, each opening the
 * bonus modal. Reads the active bonus and the list (machines/read); once a
 * bonus or promotion is received or cancelled (the flows emit
 * 'bonus.changed'), both are read again (spec 4). Failed reads are only
 * logged (spec 7); the page then offers a retry. Server texts follow the
 * language (useRead reads again on a switch).
 */
import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { GiftIcon } from '../ui/member-icons.tsx';
import { memberCurrency } from '../ui/currency.ts';
import { ActiveBonus } from './ActiveBonus.tsx';
import { BonusCards } from './BonusCards.tsx';
import { PromotionSearch } from './PromotionSearch.tsx';
import { useRead } from '../ui/use-read.ts';
import { Skeleton } from '../ui/ReadPending.tsx';
import './bonus.css';

// The carousel (keen-slider) loads with the first opening.
const BonusModal = lazy(() => import('./BonusModal.tsx'));

export default function BonusPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Bonus`);
  const active = useRead('bonusCheckActive');
  const list = useRead('bonusList');
  const [opened, setOpened] = useState<string | null>(null);
  const currency = memberCurrency(null);
  const reloadBoth = () => {
    active.reload();
    list.reload();
  };
  const openedBonus = list.data?.bonuses.find((bonus) => bonus.code === opened) ?? null;

  return (
    <div className="stack stack--page bonus-page">
      <h1 className="bonus-page__title">
        <GiftIcon size={26} />
        <Trans>Bonus</Trans>
      </h1>

      {active.data?.status ? (
        <ActiveBonus active={active.data} currency={currency} onChanged={reloadBoth} />
      ) : active.data || active.failed ? (
        // Without an answer the member may still look a promotion code up (spec 7: the failure is only logged).
        <PromotionSearch currency={currency} onChanged={reloadBoth} />
      ) : (
        <section className="card bonus-active" aria-busy="true">
          <Skeleton shapes={['title', 'line']} quiet={!active.skeleton} />
        </section>
      )}

      <section className="stack" aria-labelledby="bonus-list-title">
        <h2 id="bonus-list-title" className="bonus-page__subtitle">
          <Trans>Bonuses for you</Trans>
        </h2>
        {list.data ? (
          list.data.bonuses.length > 0 ? (
            <BonusCards bonuses={list.data.bonuses} onOpen={setOpened} />
          ) : (
            <p className="card muted">
              <Trans>There are no bonuses right now. Look again later.</Trans>
            </p>
          )
        ) : list.failed ? (
          <div className="card stack bonus-page__failed" role="status">
            <p>
              <Trans>The bonuses could not be loaded.</Trans>
            </p>
            <button type="button" className="button button--secondary" onClick={list.retry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : (
          <div className="bonus-grid" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <div key={index} className="bonus-card skeleton" aria-hidden="true" style={list.skeleton ? undefined : { visibility: 'hidden' }} />
            ))}
          </div>
        )}
      </section>

      {openedBonus && (
        <Suspense fallback={null}>
          <BonusModal
            key={openedBonus.code}
            bonus={openedBonus}
            currency={currency}
            onChanged={reloadBoth}
            onClose={() => setOpened(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
