/**
 * Member home (spec 2): the member's name, total balance and last update,
 * the operator's notice above the widgets, three carousels of game
 * accounts, and one modal at a time. The balance machine reads the wallet;
 * the home machine keeps the modals; the notice machine reads the notice
 * (machines/balance, machines/home, machines/notice). The carousels (keen-slider) and the
 * modals are chunks of their own: the carousels fetched beside the wallet, the
 * modals once the first screen has shown (docs/decisions/0147-the-member-home-paints-first.md).
 */
import './home.css';
import { lazy, Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { useLoadedAndIdle } from '../ui/use-loaded-and-idle.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { CarouselsPlaceholder } from './CarouselsPlaceholder.tsx';
import { HomeWidgets } from './HomeWidgets.tsx';
import { NoticeBanner } from './NoticeBanner.tsx';
import { useHomeActors } from './use-home-actors.ts';

const GameCarousels = lazy(() => import('./GameCarousels.tsx'));
const loadHomeModals = () => import('./HomeModals.tsx');
const HomeModals = lazy(loadHomeModals);
const AgreementModal = lazy(() => import('./AgreementModal.tsx'));

export function HomePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Home`);
  const { balance, home, agreement, notice } = useHomeActors();
  const hasWallet = useSelector(balance, (snapshot) => snapshot.context.wallet !== null);
  const modalOpen = useSelector(home, (snapshot) => !snapshot.hasTag('browsing'));
  // One modal at a time: the agreements wait while the member has another open.
  const agreementOpen = useSelector(agreement, (snapshot) => snapshot.hasTag('open'));
  // The widgets wait (in their place, unseen) for the notice above them, at most NOTICE_WAIT_MS: no jump under a thumb.
  const settled = useSelector(notice, (snapshot) => snapshot.context.settled);

  // Once there is a wallet, a modal may open any moment: fetch their code now, not on the tap,
  // but after the first screen has shown (the deposit modal and its QR code come with them).
  const idle = useLoadedAndIdle();
  useEffect(() => {
    if (hasWallet && idle) void loadHomeModals();
  }, [hasWallet, idle]);

  return (
    <div className="home stack stack--page">
      <div className="home__top">
        <BalanceCard balance={balance} home={home} />
        <div className={settled ? 'home__side' : 'home__side home__side--settling'}>
          <NoticeBanner notice={notice} />
          <HomeWidgets balance={balance} home={home} />
        </div>
      </div>
      <Suspense fallback={<CarouselsPlaceholder />}>
        <GameCarousels balance={balance} home={home} />
      </Suspense>
      {modalOpen && (
        <Suspense fallback={null}>
          <HomeModals balance={balance} home={home} />
        </Suspense>
      )}
      {agreementOpen && !modalOpen && (
        <Suspense fallback={null}>
          <AgreementModal machine={agreement} />
        </Suspense>
      )}
    </div>
  );
}
