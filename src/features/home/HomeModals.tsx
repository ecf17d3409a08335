/**
 * The home's modals, one at a time as the home machine says (spec 2): the
 * deposit modal (src/features/deposit), the transfer, withdraw and game
 * account modals (src/features/transfer, withdraw, game-account), the invite
 * and refund banners, modals and the receive-invite-bonus dialog
 * (src/features/rewards) and the wheel modal (src/features/wheel), each
 * driven by the machine the home invokes for it (the home reads how they
 * end, no callbacks). A chunk of its own, fetched as soon as the wallet is
 * shown; the rewards and wheel modals are chunks of their own, fetched when
 * opened. Every opening starts a fresh machine; Radix locks the page's
 * scroll while one is open.
 */
import { lazy, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { HomeTag } from '../../../machines/home/home.types.ts';
import { GameAccountModal } from '../game-account/GameAccountModal.tsx';
import { TransferModal } from '../transfer/TransferModal.tsx';
import { WithdrawModal } from '../withdraw/WithdrawModal.tsx';
import type { BalanceActor, HomeActor } from './use-home-actors.ts';

// The deposit modal is a chunk of its own, fetched as soon as these modals
// are: it is the home's first widget.
const loadDepositModal = () => import('../deposit/DepositModal.tsx');
const DepositModal = lazy(loadDepositModal);
void loadDepositModal();

// Fetched when opened: most visits open none of them.
const BannerCarouselModal = lazy(() => import('../rewards/BannerCarouselModal.tsx'));
const InviteModal = lazy(() => import('../rewards/InviteModal.tsx'));
const RefundModal = lazy(() => import('../rewards/RefundModal.tsx'));
const InviteCollectDialog = lazy(() => import('../rewards/InviteCollectDialog.tsx'));
const WheelModal = lazy(() => import('../wheel/WheelModal.tsx'));

const MODAL_TAGS = [
  'modal:deposit',
  'modal:withdraw',
  'modal:transfer',
  'modal:game',
  'modal:banners',
  'modal:invite',
  'modal:refund',
  'modal:invite-collect',
  'modal:wheel',
] as const satisfies readonly HomeTag[];

export default function HomeModals({ balance, home }: { balance: BalanceActor; home: HomeActor }) {
  const data = useSelector(balance, (snapshot) => snapshot.context.wallet);
  const modal = useSelector(home, (snapshot) => {
    for (const tag of MODAL_TAGS) {
      if (snapshot.hasTag(tag)) return tag;
    }
    return null;
  });
  // The modals' machines, as the home invokes them.
  const { deposit, transfer, withdraw, gameAccount, banners, invite, refund, inviteCollect, wheel } = useSelector(home, (snapshot) => snapshot.children);
  const gameCode = useSelector(home, (snapshot) => snapshot.context.game?.code);
  const slot = data?.slots.find((candidate) => candidate.code === gameCode);
  // A game that left the wallet's list (a reload) has no modal to show: give the home back.
  const gameGone = modal === 'modal:game' && data !== null && slot === undefined;
  useEffect(() => {
    if (gameGone) home.send({ type: 'game.gone' });
  }, [gameGone, home]);

  switch (modal) {
    case 'modal:deposit':
      return deposit ? <DepositModal machine={deposit} wallet={data} /> : null;
    case 'modal:withdraw':
      return data && withdraw ? <WithdrawModal machine={withdraw} wallet={data} /> : null;
    case 'modal:transfer':
      return data && transfer ? <TransferModal machine={transfer} wallet={data} /> : null;
    case 'modal:game':
      return data && slot && gameAccount ? <GameAccountModal machine={gameAccount} wallet={data} slot={slot} /> : null;
    case 'modal:banners':
      return banners ? <BannerCarouselModal machine={banners} /> : null;
    case 'modal:invite':
      return data && invite ? <InviteModal machine={invite} wallet={data} /> : null;
    case 'modal:refund':
      return data && refund ? <RefundModal machine={refund} wallet={data} /> : null;
    case 'modal:invite-collect':
      return data && inviteCollect ? <InviteCollectDialog machine={inviteCollect} wallet={data} /> : null;
    case 'modal:wheel':
      return wheel ? <WheelModal machine={wheel} wallet={data} /> : null;
    default:
      return null;
  }
}
