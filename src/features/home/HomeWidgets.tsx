/**
 * The home's widgets (spec 2): deposit, withdraw, the spin wheel (or
 * refresh-all in its place while GET /api/spinwheel/active says the wheel is
 * inactive), invite, bonus conditions and refund. Invite and refund show
 * their banners first when there are some (the home machine).
 */
import type { ComponentType, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RegisterIcon as InviteIcon } from '../ui/icons.tsx';
import { DepositIcon, GiftIcon, WithdrawIcon } from '../ui/member-icons.tsx';
import { useRead } from '../ui/use-read.ts';
import { RefreshIcon, RefundIcon, WheelIcon } from './home-icons.tsx';
import type { BalanceActor, HomeActor } from './use-home-actors.ts';
import { withdrawOpen } from './home-events.ts';

type IconComponent = ComponentType<{ size?: number; className?: string }>;

interface WidgetContentProps {
  icon: IconComponent;
  label: ReactNode;
  spin?: boolean;
}

function WidgetContent({ icon: Icon, label, spin }: WidgetContentProps) {
  return (
    <>
      <span className="widget__icon">
        <Icon size={26} className={spin ? 'spin' : undefined} />
      </span>
      <span className="widget__label">{label}</span>
    </>
  );
}

/** A widget that acts on the home; `dialog` when it opens a modal. */
function WidgetButton({
  dialog,
  disabled,
  ariaLabel,
  onClick,
  ...content
}: WidgetContentProps & { dialog?: boolean; disabled?: boolean; ariaLabel?: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="widget"
      aria-haspopup={dialog ? 'dialog' : undefined}
      disabled={disabled}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      <WidgetContent {...content} />
    </button>
  );
}

/**
 * spec 2: the spin wheel while it is active, else refresh-all. Until the
 * answer the place keeps its size, empty, so nothing jumps under a thumb;
 * a failed read (spec 7: swallowed) leaves refresh-all.
 */
function WheelOrRefreshAll({ balance, home }: { balance: BalanceActor; home: HomeActor }) {
  const { t } = useLingui();
  const spinActive = useRead('spinActive');
  const busy = useSelector(balance, (snapshot) => snapshot.hasTag('busy'));
  const refreshingAll = useSelector(balance, (snapshot) => snapshot.hasTag('refreshingAll'));

  if (spinActive.data === null && !spinActive.failed) {
    return (
      <div className="widget widget--waiting" aria-hidden="true">
        <span className={`widget__icon skeleton${spinActive.skeleton ? '' : ' skeleton--quiet'}`} />
      </div>
    );
  }
  if (spinActive.data?.isActive) {
    return <WidgetButton dialog icon={WheelIcon} label={<Trans>Spin wheel</Trans>} onClick={() => home.send({ type: 'wheel.open' })} />;
  }
  return (
    <WidgetButton
      disabled={busy}
      ariaLabel={refreshingAll ? t`Refreshing all balances…` : undefined}
      icon={RefreshIcon}
      label={<Trans>Refresh all</Trans>}
      spin={refreshingAll}
      onClick={() => balance.send({ type: 'balance.refreshAll' })}
    />
  );
}

export function HomeWidgets({ balance, home }: { balance: BalanceActor; home: HomeActor }) {
  const { t } = useLingui();
  const wallet = useSelector(balance, (snapshot) => snapshot.context.wallet);

  return (
    <section className="widgets" aria-label={t`Wallet actions`}>
      <ul className="widgets__grid">
        <li>
          <WidgetButton dialog icon={DepositIcon} label={<Trans>Deposit</Trans>} onClick={() => home.send({ type: 'deposit.open' })} />
        </li>
        <li>
          <WidgetButton
            dialog
            disabled={wallet === null}
            icon={WithdrawIcon}
            label={<Trans>Withdraw</Trans>}
            onClick={() => wallet && home.send(withdrawOpen(wallet))}
          />
        </li>
        <li>
          <WheelOrRefreshAll balance={balance} home={home} />
        </li>
        <li>
          {/* The invite link needs the profile, and both modals the currency: from the wallet. */}
          <WidgetButton
            dialog
            disabled={wallet === null}
            icon={InviteIcon}
            label={<Trans>Invite friends</Trans>}
            onClick={() => home.send({ type: 'invite.open' })}
          />
        </li>
        <li>
          <Link to="/user/bonus" className="widget">
            <WidgetContent icon={GiftIcon} label={<Trans>Bonus conditions</Trans>} />
          </Link>
        </li>
        <li>
          <WidgetButton
            dialog
            disabled={wallet === null}
            icon={RefundIcon}
            label={<Trans>Refund</Trans>}
            onClick={() => home.send({ type: 'refund.open' })}
          />
        </li>
      </ul>
    </section>
  );
}
