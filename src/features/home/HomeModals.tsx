/**
 * The home's modals, one at a time as the home machine says (spec 2): the
 * deposit modal (src/features/deposit), the transfer, withdraw and game
 * account modals (src/features/transfer, withdraw, game-account), each
 * driven by the machine the home invokes for it (the home reads how they
 * end, no callbacks), and, until their issues land, the invite and refund
 * sheets. A chunk of its own, fetched as soon as the wallet is shown. Every
 * opening starts a fresh machine; Radix locks the page's scroll while one is
 * open.
 */
import { lazy, useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { Modal } from '../ui/Modal.tsx';
import { GameAccountModal } from '../game-account/GameAccountModal.tsx';
import { TransferModal } from '../transfer/TransferModal.tsx';
import { WithdrawModal } from '../withdraw/WithdrawModal.tsx';
import type { BalanceActor, HomeActor } from './use-home-actors.ts';

// The deposit modal is a chunk of its own, fetched as soon as these modals
// are: it is the home's first widget.
const loadDepositModal = () => import('../deposit/DepositModal.tsx');
const DepositModal = lazy(loadDepositModal);
void loadDepositModal();

export default function HomeModals({ balance, home }: { balance: BalanceActor; home: HomeActor }) {
  const data = useSelector(balance, (snapshot) => snapshot.context.wallet);
  const modal = useSelector(home, (snapshot) => {
    for (const tag of ['modal:deposit', 'modal:withdraw', 'modal:transfer', 'modal:game', 'modal:invite', 'modal:refund'] as const) {
      if (snapshot.hasTag(tag)) return tag;
    }
    return null;
  });
  // The modals' machines, as the home invokes them.
  const { deposit, transfer, withdraw, gameAccount } = useSelector(home, (snapshot) => snapshot.children);
  const gameCode = useSelector(home, (snapshot) => snapshot.context.game?.code);
  const slot = data?.slots.find((candidate) => candidate.code === gameCode);
  // A game that left the wallet's list (a reload) has no modal to show: give the home back.
  const gameGone = modal === 'modal:game' && data !== null && slot === undefined;
  useEffect(() => {
    if (gameGone) home.send({ type: 'game.gone' });
  }, [gameGone, home]);
  const closeSheet = () => home.send({ type: 'sheet.close' });

  switch (modal) {
    case 'modal:deposit':
      return deposit ? <DepositModal machine={deposit} wallet={data} /> : null;
    case 'modal:invite':
      return (
        <ComingSoonSheet title={<Trans>Invite friends</Trans>} onClose={closeSheet}>
          <Trans>
            Soon you can share your own invite link here and receive a bonus when the friends you invite play. We will
            tell you when it is ready.
          </Trans>
        </ComingSoonSheet>
      );
    case 'modal:refund':
      return (
        <ComingSoonSheet title={<Trans>Refund</Trans>} onClose={closeSheet}>
          <Trans>
            Soon you can collect a refund of part of your losses here, with its conditions shown before you receive it. We
            will tell you when it is ready.
          </Trans>
        </ComingSoonSheet>
      );
    case 'modal:withdraw':
      return data && withdraw ? <WithdrawModal machine={withdraw} wallet={data} /> : null;
    case 'modal:transfer':
      return data && transfer ? <TransferModal machine={transfer} wallet={data} /> : null;
    case 'modal:game':
      return data && slot && gameAccount ? <GameAccountModal machine={gameAccount} wallet={data} slot={slot} /> : null;
    default:
      return null;
  }
}

function ComingSoonSheet({ title, children, onClose }: { title: ReactNode; children: ReactNode; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
      <div className="stack">
        <p>
          <span className="soon-badge">
            <Trans>Coming soon</Trans>
          </span>
        </p>
        <p>{children}</p>
        <button type="button" className="button button--primary button--block" onClick={onClose}>
          <Trans>OK</Trans>
        </button>
      </div>
    </Modal>
  );
}
