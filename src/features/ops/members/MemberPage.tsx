/**
 * A member's page (support, finance; admins): who they are, their money
 * (wallet and games), bonus, coins, coupons, invites and live sessions;
 * their statement, slips and invitees a page at a time, the table and page
 * in the address; and what support does to their way in (MemberActions).
 */
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OperatorMe } from '../../../contract/ops.ts';
import type { MemberDetail } from '../../../contract/ops-members.ts';
import { formatDateTime } from '../../ui/date-time.ts';
import { formatMoney } from '../../ui/money.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { OpsTable } from '../console/OpsTable.tsx';
import { opsApi } from '../ops-session.ts';
import { MemberActions } from './MemberActions.tsx';
import { MemberStatusWord } from './member-status.tsx';
import { MemberTables } from './MemberTables.tsx';
import { useOpsRead } from '../use-ops-read.ts';
import { ReadFailed } from '../console/ReadFailed.tsx';

export function MemberPage({ operator, phone }: { operator: OperatorMe; phone: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Member ${phone}`);
  const page = useOpsRead(phone, (signal) => opsApi.call('opsMember', { params: { username: phone }, signal }));
  const detail = page.data;

  return (
    <div className="ops-page">
      <p className="small">
        <Link to="/ops/$" params={{ _splat: 'members' }} className="ops-member__link">
          <Trans>← Members</Trans>
        </Link>
      </p>
      {page.failed && (
        <ReadFailed inline failure={page.failure} onRetry={page.retry} />
      )}
      {!detail && !page.failed && (
        <p className="ops-page__loading muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {detail && (
        <>
          <div className="ops-page__head">
            <h1>{detail.member.name}</h1>
            <MemberStatusWord status={detail.member.status} />
          </div>
          <MemberActions operator={operator} detail={detail} onChanged={page.reload} />
          <MemberFacts detail={detail} />
          <MemberMoney detail={detail} />
          <MemberSessions detail={detail} />
          <MemberTables phone={phone} currency={detail.wallet.currency} />
        </>
      )}
    </div>
  );
}

function MemberFacts({ detail }: { detail: MemberDetail }) {
  const { t } = useLingui();
  const { member, bonus, invite, wallet } = detail;
  const bank = member.bankAccount;
  return (
    <section className="ops-member__facts" aria-label={t`Member`}>
      <dl>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{member.username}</dd>
        <dt>
          <Trans>Member id</Trans>
        </dt>
        <dd>{member.id}</dd>
        <dt>
          <Trans>Registered</Trans>
        </dt>
        <dd>{formatDateTime(member.createdAt)}</dd>
        <dt>
          <Trans>Bank account</Trans>
        </dt>
        <dd>{bank ? `${bank.bank.nameEN || bank.bankCode} ${bank.bankAccountNo} · ${bank.bankAccountName}` : '—'}</dd>
        <dt>
          <Trans>Wallet</Trans>
        </dt>
        <dd className="ops-member__amount">{formatMoney(wallet.amount, wallet.currency)}</dd>
        <dt>
          <Trans>Bonus</Trans>
        </dt>
        <dd>
          {bonus.status ? (
            <Trans>
              {bonus.code}: {formatMoney(bonus.amount ?? 0, wallet.currency)}, turnover {formatMoney(bonus.turnover ?? 0, wallet.currency)} of{' '}
              {formatMoney(bonus.target ?? 0, wallet.currency)}
            </Trans>
          ) : (
            <Trans>None active</Trans>
          )}
        </dd>
        <dt>
          <Trans>Wheel coins</Trans>
        </dt>
        <dd>{member.coin}</dd>
        <dt>
          <Trans>Invites</Trans>
        </dt>
        <dd>
          <Trans>
            {invite.success} earned, {invite.fail} failed; {formatMoney(invite.amount, wallet.currency)} to collect
          </Trans>
        </dd>
      </dl>
    </section>
  );
}

function MemberMoney({ detail }: { detail: MemberDetail }) {
  const { games, coupons, wallet } = detail;
  return (
    <div className="ops-member__pair">
      <section className="stack">
        <h2>
          <Trans>Game balances</Trans>
        </h2>
        <OpsTable
          caption={<Trans>Game balances</Trans>}
          columns={[
            { id: 'game', header: <Trans>Game</Trans>, cell: (game) => game.name },
            { id: 'open', header: <Trans>Account</Trans>, cell: (game) => (game.isActive ? <Trans>Opened</Trans> : <Trans>Not opened</Trans>) },
            { id: 'amount', header: <Trans>Balance</Trans>, numeric: true, cell: (game) => formatMoney(game.amount, wallet.currency) },
          ]}
          rows={games}
          rowKey={(game) => game.code}
          empty={<Trans>No games.</Trans>}
        />
      </section>
      <section className="stack">
        <h2>
          <Trans>Coupons</Trans>
        </h2>
        <OpsTable
          caption={<Trans>Coupons</Trans>}
          columns={[
            { id: 'prize', header: <Trans>Prize</Trans>, cell: (coupon) => coupon.prize.name },
            {
              id: 'status',
              header: <Trans>Status</Trans>,
              cell: (coupon) => (coupon.status === 'open' ? <Trans>Open</Trans> : coupon.status === 'claimed' ? <Trans>Claimed</Trans> : <Trans>Expired</Trans>),
            },
            { id: 'expires', header: <Trans>Expires</Trans>, cell: (coupon) => formatDateTime(coupon.expiresAt) },
            { id: 'amount', header: <Trans>Amount</Trans>, numeric: true, cell: (coupon) => (coupon.type === 'item' ? '—' : formatMoney(coupon.amount, wallet.currency)) },
          ]}
          rows={coupons}
          rowKey={(coupon) => coupon._id}
          empty={<Trans>No coupons.</Trans>}
        />
      </section>
    </div>
  );
}

function MemberSessions({ detail }: { detail: MemberDetail }) {
  return (
    <section className="stack">
      <h2>
        <Trans>Live sessions</Trans>
      </h2>
      <OpsTable
        caption={<Trans>Live sessions</Trans>}
        columns={[
          { id: 'started', header: <Trans>Logged in</Trans>, cell: (session) => formatDateTime(session.createdAt) },
          { id: 'used', header: <Trans>Last used</Trans>, cell: (session) => (session.lastUsedAt ? formatDateTime(session.lastUsedAt) : '—') },
          { id: 'expires', header: <Trans>Expires</Trans>, cell: (session) => formatDateTime(session.expiresAt) },
        ]}
        rows={detail.sessions}
        rowKey={(session) => session.id}
        empty={<Trans>Not logged in anywhere.</Trans>}
      />
    </section>
  );
}
