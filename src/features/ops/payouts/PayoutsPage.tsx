/**
 * The payout queue (docs/decisions/0127-payouts-console.md): pending
 * withdrawals oldest first, a page at a time, filters and page in the
 * address; one opens beside the table (machines/payout), is paid with the
 * bank's reference of the transfer or rejected (the money goes back), each
 * confirmed with what will happen. A payout above what one operator may do
 * alone waits for a second operator (approvals). The queue downloads as CSV
 * for the bank's batch upload.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { payoutActors } from '../../../../machines/payout/payout.actors.ts';
import { payoutMachine } from '../../../../machines/payout/payout.machine.ts';
import type { PayoutWithdrawal } from '../../../../machines/payout/payout.types.ts';
import type { ResponseOf } from '../../../contract/endpoints.ts';
import { WITHDRAWALS_PAGE_SIZE, WithdrawalsQuery } from '../../../contract/ops.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { memberCurrency } from '../../ui/currency.ts';
import { Field } from '../../ui/Field.tsx';
import { ErrorLine } from '../../ui/Form.tsx';
import { formatMoney } from '../../ui/money.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { OpsTable, Pager, type Column } from '../console/OpsTable.tsx';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { opsApi } from '../ops-session.ts';
import { maskedAccount, shortName } from './bank-account.ts';
import { downloadCsv } from '../console/csv-download.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { useOpsEndpointRead } from '../use-ops-read.ts';
import './payouts.css';
import type { AreaPageProps } from '../console/area-page.ts';

type Row = ResponseOf<'opsWithdrawals'>['withdrawals'][number];

/** What the payout machine is given of a row: what its confirmation names. */
function payoutOf(row: Row): PayoutWithdrawal {
  return {
    id: row.id,
    amount: row.amount,
    currency: memberCurrency(row.bankAccount?.currency),
    username: row.username,
    accountName: row.bankAccount?.bankAccountName ?? row.name,
    bankCode: row.bankAccount?.bankCode ?? '',
    accountNo: row.bankAccount?.bankAccountNo ?? '',
  };
}

export default function PayoutsPage(_: AreaPageProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Payouts`);
  const { search, query, setSearch } = useOpsSearch(WithdrawalsQuery);
  const list = useOpsEndpointRead('opsWithdrawals', query);
  const rows = list.data?.withdrawals ?? [];

  const payout = useActorRef(
    payoutMachine.provide({
      actors: payoutActors(opsApi),
      actions: { decided: () => list.reload() },
    }),
  );
  const open = useSelector(payout, (snapshot) => snapshot.context.withdrawal);

  const columns: Column<Row>[] = [
    { id: 'asked', header: <Trans>Asked</Trans>, cell: (row) => formatDateTime(row.createdAt) },
    {
      id: 'member',
      header: <Trans>Member</Trans>,
      cell: (row) => (
        <>
          {row.name} <span className="muted small">{row.username}</span>
        </>
      ),
    },
    {
      id: 'bank',
      header: <Trans>Bank account</Trans>,
      cell: (row) => (row.bankAccount ? `${row.bankAccount.bankCode} ${row.bankAccount.bankAccountNo}` : ''),
    },
    { id: 'amount', header: <Trans>Amount</Trans>, numeric: true, cell: (row) => formatMoney(row.amount, payoutOf(row).currency) },
    { id: 'status', header: <Trans>Status</Trans>, cell: (row) => <WithdrawalStatus row={row} /> },
    {
      id: 'open',
      header: <span className="visually-hidden">{t`Actions`}</span>,
      cell: (row) =>
        row.status === 'pending' ? (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t`Open the withdrawal of ${row.name}`}
            onClick={() => payout.send({ type: 'withdrawal.open', withdrawal: payoutOf(row) })}
          >
            <Trans>Open</Trans>
          </button>
        ) : (
          row.reference && <span className="small">{row.reference}</span>
        ),
    },
  ];

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Payouts</Trans>
        </h1>
        <CsvButton query={query} />
      </div>
      <Filters search={search} onApply={setSearch} />
      <div className={open ? 'payouts__work payouts__work--open' : 'payouts__work'}>
        {open && <PayoutPanel payout={payout} rows={rows} />}
        <div className="payouts__queue">
          {list.failed && list.failure && (
            <p className="form-error" role="alert">
              <MessageText message={list.failure} />
            </p>
          )}
          <OpsTable
            caption={<Trans>Withdrawals</Trans>}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            busy={list.busy}
            selected={open?.id ?? null}
            empty={<Trans>No withdrawals here.</Trans>}
          />
          <Pager page={search.page} total={list.data?.total ?? 0} limit={WITHDRAWALS_PAGE_SIZE} onPage={(page) => setSearch({ page })} />
        </div>
      </div>
    </div>
  );
}

function WithdrawalStatus({ row }: { row: Row }) {
  if (row.status === 'paid') return <span className="ops-status ops-status--good">{<Trans>Paid</Trans>}</span>;
  if (row.status === 'rejected') return <span className="ops-status ops-status--bad">{<Trans>Rejected</Trans>}</span>;
  if (row.approvalId) return <span className="ops-status ops-status--waiting">{<Trans>Waiting for a second operator</Trans>}</span>;
  return (
    <span className="ops-status">
      <Trans>Pending</Trans>
    </span>
  );
}

/** Status, member and bank, applied together (a typed phone does not read the queue at every key). */
function Filters({
  search,
  onApply,
}: {
  search: { status: string; member?: string; bank?: string; sort?: string };
  onApply: (patch: Record<string, string | undefined>) => void;
}) {
  const { t } = useLingui();
  const [member, setMember] = useState(search.member ?? '');
  const [bank, setBank] = useState(search.bank ?? '');
  return (
    <form
      className="ops-filters"
      role="search"
      aria-label={t`Filter withdrawals`}
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ member: member.trim() || undefined, bank: bank.trim().toUpperCase() || undefined });
      }}
    >
      <SelectField
        label={<Trans>Status</Trans>}
        value={search.status}
        onValueChange={(status) => onApply({ status })}
        placeholder={t`Status`}
        options={[
          { value: 'pending', label: t`Pending` },
          { value: 'paid', label: t`Paid` },
          { value: 'rejected', label: t`Rejected` },
        ]}
      />
      <SelectField
        label={<Trans>Order</Trans>}
        value={search.sort ?? (search.status === 'pending' ? 'oldest' : 'newest')}
        onValueChange={(sort) => onApply({ sort })}
        placeholder={t`Order`}
        options={[
          { value: 'oldest', label: t`Oldest first` },
          { value: 'newest', label: t`Newest first` },
          { value: 'largest', label: t`Largest first` },
        ]}
      />
      <Field label={<Trans>Member's phone</Trans>} value={member} onValueChange={setMember} inputMode="numeric" name="member" />
      <Field label={<Trans>Bank code</Trans>} value={bank} onValueChange={setBank} name="bank" />
      <button type="submit" className="button button--secondary">
        <Trans>Filter</Trans>
      </button>
    </form>
  );
}

/** The filtered queue as the bank's CSV, fetched with the operator's token. */
function CsvButton({ query }: { query: Record<string, string> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadCsv(endpoints.opsWithdrawalsCsv.path, query, 'withdrawals.csv')
          .then((name) => showSuccessToast(t`Downloaded ${name}.`))
          .catch(() => showErrorToast(t`The file could not be downloaded. Try again.`))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? <Trans>Downloading…</Trans> : <Trans>Download CSV for the bank</Trans>}
    </button>
  );
}

type PayoutActor = ActorRefFrom<typeof payoutMachine>;

/** The open withdrawal: the reference, pay or reject, the confirmations, and what happened. */
function PayoutPanel({ payout, rows }: { payout: PayoutActor; rows: readonly Row[] }) {
  const withdrawal = useSelector(payout, (snapshot) => snapshot.context.withdrawal)!;
  const reference = useSelector(payout, (snapshot) => snapshot.context.reference);
  const error = useSelector(payout, (snapshot) => snapshot.context.error);
  const busy = useSelector(payout, (snapshot) => snapshot.hasTag('busy'));
  const decided = useSelector(payout, (snapshot) => snapshot.hasTag('decided'));
  const outcome = useSelector(payout, (snapshot) => (snapshot.matches('paid') ? 'paid' : snapshot.matches('rejected') ? 'rejected' : 'waiting'));
  const confirming = useSelector(payout, (snapshot) => (snapshot.hasTag('confirm:pay') ? 'pay' : snapshot.hasTag('confirm:reject') ? 'reject' : null));
  const paying = useSelector(payout, (snapshot) => snapshot.matches('paying'));
  const rejecting = useSelector(payout, (snapshot) => snapshot.matches('rejecting'));

  const amount = formatMoney(withdrawal.amount, withdrawal.currency);
  const to = `${shortName(withdrawal.accountName)}, ${withdrawal.bankCode} ${maskedAccount(withdrawal.accountNo)}`;
  // The next to work: the oldest still pending that is neither this one nor waiting for a second operator.
  const next = rows.find((row) => row.status === 'pending' && row.id !== withdrawal.id && !row.approvalId);
  const errorId = `payout-error-${withdrawal.id}`;

  return (
    <section className="card stack payouts__panel" aria-labelledby="payout-title">
      <h2 id="payout-title" className="card__title">
        <Trans>
          Withdrawal {withdrawal.id}: {amount}
        </Trans>
      </h2>
      <dl className="payouts__facts">
        <dt>
          <Trans>Member</Trans>
        </dt>
        <dd>{withdrawal.username}</dd>
        <dt>
          <Trans>Account name</Trans>
        </dt>
        <dd>{withdrawal.accountName}</dd>
        <dt>
          <Trans>Bank account</Trans>
        </dt>
        <dd>
          {withdrawal.bankCode} {withdrawal.accountNo}
        </dd>
      </dl>
      {decided ? (
        <>
          <p className={`payouts__outcome payouts__outcome--${outcome}`} role="status">
            {outcome === 'paid' && <Trans>Paid {amount} to {to}.</Trans>}
            {outcome === 'rejected' && <Trans>Rejected: {amount} went back to the member's wallet.</Trans>}
            {outcome === 'waiting' && (
              <Trans>
                Waiting for a second operator: the payout of {amount} is in the <Link to="/ops/$" params={{ _splat: 'approvals' }}>approvals</Link>.
              </Trans>
            )}
          </p>
          <div className="button-row">
            {next ? (
              <button type="button" className="button button--primary" autoFocus onClick={() => payout.send({ type: 'withdrawal.open', withdrawal: payoutOf(next) })}>
                <Trans>Next withdrawal</Trans>
              </button>
            ) : (
              <button type="button" className="button button--primary" autoFocus onClick={() => payout.send({ type: 'withdrawal.close' })}>
                <Trans>Close</Trans>
              </button>
            )}
          </div>
        </>
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            payout.send({ type: 'payout.pay' });
          }}
        >
          <Field
            label={<Trans>Bank reference of the transfer</Trans>}
            name="reference"
            value={reference}
            onValueChange={(value) => payout.send({ type: 'reference.change', value })}
            hint={<Trans>Required to pay: the reference your bank gave the transfer.</Trans>}
            required
            maxLength={100}
            autoComplete="off"
            invalid={error !== null}
            errorId={errorId}
            disabled={busy}
          />
          <ErrorLine id={errorId}>{error && <MessageText message={error} />}</ErrorLine>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy || reference.trim() === ''}>
              <Trans>Pay</Trans>
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => payout.send({ type: 'payout.reject' })}>
              <Trans>Reject</Trans>
            </button>
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => payout.send({ type: 'withdrawal.close' })}>
              <Trans>Close</Trans>
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming === 'pay' || paying}
        busy={busy}
        title={<Trans>Confirm the payout</Trans>}
        description={<Trans>Pay {amount} to {to}</Trans>}
        confirm={<Trans>Pay {amount}</Trans>}
        working={<Trans>Paying…</Trans>}
        onConfirm={() => payout.send({ type: 'payout.confirm' })}
        onCancel={() => payout.send({ type: 'payout.cancel' })}
      >
        <p>
          <Trans>Bank reference: {reference.trim()}</Trans>
        </p>
        <p className="muted small">
          <Trans>Above what one operator may pay alone, the payout waits for a second operator.</Trans>
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'reject' || rejecting}
        busy={busy}
        title={<Trans>Reject the withdrawal</Trans>}
        description={<Trans>Reject the withdrawal of {amount}: the money goes back to the wallet of {withdrawal.username}.</Trans>}
        confirm={<Trans>Reject withdrawal</Trans>}
        working={<Trans>Rejecting…</Trans>}
        onConfirm={() => payout.send({ type: 'payout.confirm' })}
        onCancel={() => payout.send({ type: 'payout.cancel' })}
      />
    </section>
  );
}
