/**
 * Who the agent is talking to, beside the conversation: a member's name,
 * phone, standing, holdings (the wallet and every game account) and last
 * deposits; a guest is only a guest. On phones it folds to one line so the
 * conversation keeps the screen.
 */
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../ui/date-time.ts';
import { memberCurrency } from '../../ui/currency.ts';
import { formatMoney } from '../../ui/money.ts';
import { useRunningChild } from './inbox-context.ts';

export function CustomerPanel() {
  const conversation = useRunningChild('conversation');
  const member = useSelector(conversation, (snapshot) => snapshot.context.panel?.member ?? null);

  if (!member) {
    return (
      <aside className="customer-panel customer-panel--guest small muted">
        <Trans>A guest: no account, no balance.</Trans>
      </aside>
    );
  }
  const currency = memberCurrency(member.currency);
  return (
    <aside className="customer-panel">
      <details className="customer-panel__details" ref={openOnWideScreens}>
        <summary className="customer-panel__summary">
          <span className="customer-panel__label small muted">
            <Trans>Balance (wallet and games)</Trans>
          </span>
          <span className="customer-panel__balance">{formatMoney(member.holdings, currency)}</span>
        </summary>
        <dl className="details customer-panel__facts">
          <div className="details__row">
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>{member.name}</dd>
          </div>
          <div className="details__row">
            <dt>
              <Trans>Phone number</Trans>
            </dt>
            <dd className="mono">{member.phone}</dd>
          </div>
          <div className="details__row">
            <dt>
              <Trans>Account</Trans>
            </dt>
            <dd>
              <MemberStatus status={member.status} />
            </dd>
          </div>
        </dl>
        <h3 className="customer-panel__heading small">
          <Trans>Last deposits</Trans>
        </h3>
        {member.deposits.length === 0 ? (
          <p className="small muted">
            <Trans>No deposits yet.</Trans>
          </p>
        ) : (
          <ul className="customer-panel__deposits">
            {member.deposits.map((deposit, index) => (
              <li key={index}>
                <span className="customer-panel__amount">{formatMoney(deposit.amount, currency, '+')}</span>
                <span className="small muted">
                  {formatDateTime(deposit.createdAt)} · {deposit.source}
                </span>
              </li>
            ))}
          </ul>
        )}
      </details>
    </aside>
  );
}

/** Unfolded at first where there is room beside the conversation; the agent folds and unfolds it after. */
function openOnWideScreens(details: HTMLDetailsElement | null) {
  if (!details || details.dataset.ready) return;
  details.dataset.ready = 'true';
  details.open = window.matchMedia('(min-width: 1200px)').matches;
}

function MemberStatus({ status }: { status: string }) {
  if (status === 'active') return <Trans>Active</Trans>;
  if (status === 'suspended') return <Trans>Suspended</Trans>;
  if (status === 'closed') return <Trans>Closed</Trans>;
  return <>{status}</>;
}
