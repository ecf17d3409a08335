/**
 * The approvals queue (docs/decisions/0121-dual-control.md): what waits for a
 * second operator, oldest first: the action, its amount, the member, who
 * asked and when. A request opens (machines/approval), is approved (what was
 * asked runs, as the approver) or rejected, each confirmed first. The one
 * who asked cannot approve: the server's SAME_OPERATOR is shown in words.
 * The status (pending, approved, rejected, superseded) is in the address.
 */
import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { approvalActors } from '../../../../machines/approval/approval.actors.ts';
import { approvalMachine } from '../../../../machines/approval/approval.machine.ts';
import type { ResponseOf } from '../../../contract/endpoints.ts';
import { ApprovalsQuery, type ApprovalAction } from '../../../contract/ops.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { ErrorLine } from '../../ui/Form.tsx';
import { formatMoney } from '../../ui/money.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { OpsTable, type Column } from '../console/OpsTable.tsx';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { opsApi } from '../ops-session.ts';
import { useOpsEndpointRead } from '../use-ops-read.ts';
import '../payouts/payouts.css';
import type { AreaPageProps } from '../console/area-page.ts';

type Row = ResponseOf<'opsApprovals'>['approvals'][number];
type ApprovalActor = ActorRefFrom<typeof approvalMachine>;

/** The address's status, read as the server reads it (its schema's input is the query string). */
const ApprovalsSearch = v.object({ status: ApprovalsQuery.entries.status });

export default function ApprovalsPage({ operator }: AreaPageProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Approvals`);
  const { search, query, setSearch } = useOpsSearch(ApprovalsSearch);
  const list = useOpsEndpointRead('opsApprovals', query);
  const rows = list.data?.approvals ?? [];

  const approval = useActorRef(approvalMachine.provide({ actors: approvalActors(opsApi), actions: { decided: () => list.reload() } }));
  const openId = useSelector(approval, (snapshot) => snapshot.context.approval?.id ?? null);
  const open = rows.find((row) => row.id === openId) ?? null;

  const columns: Column<Row>[] = [
    { id: 'asked', header: <Trans>Asked</Trans>, cell: (row) => formatDateTime(row.requestedAt) },
    { id: 'action', header: <Trans>What</Trans>, cell: (row) => <ActionName action={row.action} amount={row.amount} /> },
    { id: 'member', header: <Trans>Member</Trans>, cell: (row) => row.username ?? '' },
    { id: 'amount', header: <Trans>Amount</Trans>, numeric: true, cell: (row) => formatMoney(row.amount, row.currency, row.amount < 0 ? '-' : '') },
    { id: 'by', header: <Trans>Asked by</Trans>, cell: (row) => row.requestedBy },
    { id: 'status', header: <Trans>Status</Trans>, cell: (row) => <ApprovalStatus row={row} /> },
    {
      id: 'open',
      header: <span className="visually-hidden">{t`Actions`}</span>,
      cell: (row) =>
        row.status === 'pending' && (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t`Open the request of ${row.requestedBy}`}
            onClick={() => approval.send({ type: 'approval.open', approval: { id: row.id } })}
          >
            <Trans>Open</Trans>
          </button>
        ),
    },
  ];

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Approvals</Trans>
        </h1>
      </div>
      <form className="ops-filters" role="search" aria-label={t`Filter requests`} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={<Trans>Status</Trans>}
          value={search.status}
          onValueChange={(status) => setSearch({ status })}
          placeholder={t`Status`}
          options={[
            { value: 'pending', label: t`Waiting` },
            { value: 'approved', label: t`Approved` },
            { value: 'rejected', label: t`Rejected` },
            { value: 'superseded', label: t`Settled otherwise` },
          ]}
        />
      </form>
      <div className={openId !== null ? 'payouts__work payouts__work--open' : 'payouts__work'}>
        {openId !== null && <ApprovalPanel approval={approval} row={open} rows={rows} operatorName={operator.name} />}
        <div className="payouts__queue">
          {list.failed && list.failure && (
            <p className="form-error" role="alert">
              <MessageText message={list.failure} />
            </p>
          )}
          <OpsTable
            caption={<Trans>Requests for a second operator</Trans>}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            busy={list.busy}
            selected={openId}
            empty={<Trans>Nothing waits for a second operator.</Trans>}
          />
        </div>
      </div>
    </div>
  );
}

/** What a request asks, in words; an adjustment says which way. */
function ActionName({ action, amount }: { action: ApprovalAction; amount: number }): ReactNode {
  switch (action) {
    case 'withdrawal.paid':
      return <Trans>Payout</Trans>;
    case 'deposit.manual':
      return <Trans>Manual deposit</Trans>;
    case 'payment.credit':
      return <Trans>Payment credit</Trans>;
    case 'slip.approved':
      return <Trans>Slip approval</Trans>;
    case 'adjustment':
      return amount < 0 ? <Trans>Adjustment (debit)</Trans> : <Trans>Adjustment (credit)</Trans>;
  }
}

function ApprovalStatus({ row }: { row: Row }) {
  switch (row.status) {
    case 'pending':
      return (
        <span className="ops-status ops-status--waiting">
          <Trans>Waiting</Trans>
        </span>
      );
    case 'approved':
      return (
        <span className="ops-status ops-status--good">
          <Trans>Approved by {row.decidedBy}</Trans>
        </span>
      );
    case 'rejected':
      return (
        <span className="ops-status ops-status--bad">
          <Trans>Rejected by {row.decidedBy}</Trans>
        </span>
      );
    case 'superseded':
      return (
        <span className="ops-status">
          <Trans>Settled otherwise</Trans>
        </span>
      );
  }
}

/** The open request: what it asks, approve or reject, the confirmations, and what happened. */
function ApprovalPanel({ approval, row, rows, operatorName }: { approval: ApprovalActor; row: Row | null; rows: readonly Row[]; operatorName: string }) {
  const { t } = useLingui();
  const error = useSelector(approval, (snapshot) => snapshot.context.error);
  const busy = useSelector(approval, (snapshot) => snapshot.hasTag('busy'));
  const decided = useSelector(approval, (snapshot) => (snapshot.matches('approved') ? 'approved' : snapshot.matches('rejected') ? 'rejected' : null));
  const confirming = useSelector(approval, (snapshot) => (snapshot.hasTag('confirm:approve') ? 'approve' : snapshot.hasTag('confirm:reject') ? 'reject' : null));
  const approving = useSelector(approval, (snapshot) => snapshot.matches('approving'));
  const rejecting = useSelector(approval, (snapshot) => snapshot.matches('rejecting'));
  const openId = useSelector(approval, (snapshot) => snapshot.context.approval?.id);
  const next = rows.find((candidate) => candidate.status === 'pending' && candidate.id !== openId);
  const errorId = `approval-error-${openId}`;

  // Once decided the request leaves the pending list: the panel says what happened and offers the next.
  if (decided || !row) {
    return (
      <section className="card stack payouts__panel" aria-label={t`Request`}>
        {decided && (
          <p className={`payouts__outcome payouts__outcome--${decided === 'approved' ? 'paid' : 'rejected'}`} role="status">
            {decided === 'approved' ? <Trans>Approved: what was asked has been done.</Trans> : <Trans>Rejected: nothing moved.</Trans>}
          </p>
        )}
        <div className="button-row">
          {next ? (
            <button type="button" className="button button--primary" autoFocus onClick={() => approval.send({ type: 'approval.open', approval: { id: next.id } })}>
              <Trans>Next request</Trans>
            </button>
          ) : (
            <button type="button" className="button button--primary" autoFocus onClick={() => approval.send({ type: 'approval.close' })}>
              <Trans>Close</Trans>
            </button>
          )}
        </div>
      </section>
    );
  }

  const amount = formatMoney(row.amount, row.currency, row.amount < 0 ? '-' : '');
  const what = <ActionName action={row.action} amount={row.amount} />;
  const member = row.username ?? '—';
  const mine = row.requestedBy === operatorName;

  return (
    <section className="card stack payouts__panel" aria-labelledby="approval-title">
      <h2 id="approval-title" className="card__title">
        {what}: {amount}
      </h2>
      <dl className="payouts__facts">
        <dt>
          <Trans>Member</Trans>
        </dt>
        <dd>{member}</dd>
        <dt>
          <Trans>Asked by</Trans>
        </dt>
        <dd>
          {row.requestedBy}, {formatDateTime(row.requestedAt)}
        </dd>
        {row.reason && (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{row.reason}</dd>
          </>
        )}
      </dl>
      {mine && (
        <p className="muted small">
          <Trans>You asked for this: another operator must approve it. You may reject your own request.</Trans>
        </p>
      )}
      <ErrorLine id={errorId}>{error && <MessageText message={error} />}</ErrorLine>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => approval.send({ type: 'approval.approve' })}>
          <Trans>Approve</Trans>
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => approval.send({ type: 'approval.reject' })}>
          <Trans>Reject</Trans>
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => approval.send({ type: 'approval.close' })}>
          <Trans>Close</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={confirming === 'approve' || approving}
        busy={busy}
        title={<Trans>Approve the request</Trans>}
        description={
          <Trans>
            Approve {amount} for {member}, asked by {row.requestedBy}: it is done at once, in your name.
          </Trans>
        }
        confirm={<Trans>Approve {amount}</Trans>}
        working={<Trans>Approving…</Trans>}
        onConfirm={() => approval.send({ type: 'approval.confirm' })}
        onCancel={() => approval.send({ type: 'approval.cancel' })}
      />
      <ConfirmDialog
        open={confirming === 'reject' || rejecting}
        busy={busy}
        title={<Trans>Reject the request</Trans>}
        description={<Trans>Reject the request for {amount} for {member}: nothing moves.</Trans>}
        confirm={<Trans>Reject request</Trans>}
        working={<Trans>Rejecting…</Trans>}
        onConfirm={() => approval.send({ type: 'approval.confirm' })}
        onCancel={() => approval.send({ type: 'approval.cancel' })}
      />
    </section>
  );
}
