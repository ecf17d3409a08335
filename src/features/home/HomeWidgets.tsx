/**
 * The home's widgets (spec 2): deposit, withdraw, refresh-all (in the spin
 * wheel's place while the wheel is inactive), invite, bonus conditions and
 * refund. Deposit, invite and refund open honest sheets until their issues
 * land (docs/decisions/0026-home-widgets-balance-transfer-and-later.md).
 */
import type { ComponentType, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RegisterIcon as InviteIcon } from '../ui/icons.tsx';
import { DepositIcon, GiftIcon, WithdrawIcon } from '../ui/member-icons.tsx';
import { RefreshIcon, RefundIcon } from './home-icons.tsx';
import type { BalanceActor, HomeActor } from './use-home-actors.ts';
import { withdrawOpen } from './home-events.ts';

type IconComponent = ComponentType<{ size?: number; className?: string }>;

interface WidgetContentProps {
  icon: IconComponent;
  label: ReactNode;
  soon?: boolean;
  spin?: boolean;
}

function WidgetContent({ icon: Icon, label, soon, spin }: WidgetContentProps) {
  return (
    <>
      <span className="widget__icon">
        <Icon size={26} className={spin ? 'spin' : undefined} />
      </span>
      <span className="widget__label">{label}</span>
      {soon && (
        <span className="widget__soon">
          <Trans>Soon</Trans>
        </span>
      )}
    </>
  );
}

/** A widget that acts on the home; `dialog` when it opens a modal or sheet. */
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

export function HomeWidgets({ balance, home }: { balance: BalanceActor; home: HomeActor }) {
  const { t } = useLingui();
  const wallet = useSelector(balance, (snapshot) => snapshot.context.wallet);
  const busy = useSelector(balance, (snapshot) => snapshot.hasTag('busy'));
  const refreshingAll = useSelector(balance, (snapshot) => snapshot.hasTag('refreshingAll'));

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
          <WidgetButton
            disabled={busy}
            ariaLabel={refreshingAll ? t`Refreshing all balances…` : undefined}
            icon={RefreshIcon}
            label={<Trans>Refresh all</Trans>}
            spin={refreshingAll}
            onClick={() => balance.send({ type: 'balance.refreshAll' })}
          />
        </li>
        <li>
          <WidgetButton dialog icon={InviteIcon} label={<Trans>Invite friends</Trans>} soon onClick={() => home.send({ type: 'invite.open' })} />
        </li>
        <li>
          <Link to="/user/bonus" className="widget">
            <WidgetContent icon={GiftIcon} label={<Trans>Bonus conditions</Trans>} />
          </Link>
        </li>
        <li>
          <WidgetButton dialog icon={RefundIcon} label={<Trans>Refund</Trans>} soon onClick={() => home.send({ type: 'refund.open' })} />
        </li>
      </ul>
    </section>
  );
}
