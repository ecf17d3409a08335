/**
 * A member's statement, slips and invitees, one table at a time, the table
 * and its page in the address (?table=slips&page=2) so a view can be sent
 * to another operator.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { MEMBER_TABLE_PAGE_SIZE } from '../../../contract/ops-members.ts';
import type { Currency } from '../../ui/money.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { formatMoney } from '../../ui/money.ts';
import { OpsTable, Pager, type Column } from '../console/OpsTable.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { opsApi } from '../ops-session.ts';
import { useOpsRead } from '../use-ops-read.ts';

const TABLES = ['statement', 'slips', 'invites'] as const;
type Table = (typeof TABLES)[number];

const TablesQuery = v.object({
  table: v.optional(v.picklist(TABLES), 'statement'),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number)), '1'),
});

interface Row {
  key: string;
  at: string;
  what: string;
  status: string;
  amount: number | null;
}

/** spec 4: SUCCESS and FAILED, anything else in progress; an invite's own words (earned, collected, failed, waiting). */
function StatusWord({ status }: { status: string }) {
  const upper = status.toUpperCase();
  if (upper === 'COLLECTED') return <span className="ops-status ops-status--good"><Trans>Collected</Trans></span>;
  if (upper === 'SUCCESS') return <span className="ops-status ops-status--good"><Trans>Done</Trans></span>;
  if (upper === 'FAILED' || upper === 'FAIL') return <span className="ops-status ops-status--bad"><Trans>Failed</Trans></span>;
  return <span className="ops-status ops-status--waiting"><Trans>In progress</Trans></span>;
}

function readTable(table: Table, phone: string, page: number, signal: AbortSignal): Promise<{ ok: true; data: { rows: Row[]; total: number } } | { ok: false; message: string }> {
  const options = { params: { username: phone }, query: { page: String(page) }, signal };
  switch (table) {
    case 'statement':
      return opsApi.call('opsMemberStatement', options).then((answer) =>
        answer.ok
          ? {
              ok: true,
              data: {
                total: answer.data.total,
                rows: answer.data.statements.map((item, index) => ({
                  key: `${item.createdAt}-${index}`,
                  at: item.createdAt,
                  what: `${item.statementType}: ${item.from} → ${item.to}`,
                  status: item.status,
                  amount: item.amount,
                })),
              },
            }
          : answer,
      );
    case 'slips':
      return opsApi.call('opsMemberSlips', options).then((answer) =>
        answer.ok
          ? {
              ok: true,
              data: {
                total: answer.data.total,
                rows: answer.data.slips.map((slip, index) => ({
                  key: `${slip.createdAt}-${index}`,
                  at: slip.createdAt,
                  what: [slip.reference, slip.note].filter(Boolean).join(' · ') || '—',
                  status: slip.status,
                  amount: slip.amount > 0 ? slip.amount : null,
                })),
              },
            }
          : answer,
      );
    case 'invites':
      return opsApi.call('opsMemberInvites', options).then((answer) =>
        answer.ok
          ? {
              ok: true,
              data: {
                total: answer.data.total,
                rows: answer.data.invites.map((invite) => ({ key: invite._id, at: invite.createdAt, what: invite.from.name, status: invite.status, amount: invite.amount })),
              },
            }
          : answer,
      );
  }
}

export function MemberTables({ phone, currency }: { phone: string; currency: Currency }) {
  const { t } = useLingui();
  const { search, setSearch } = useOpsSearch(TablesQuery);
  const { table, page } = search;
  const read = useOpsRead(`${phone}:${table}:${page}`, (signal) => readTable(table, phone, page, signal));
  const names: Record<Table, string> = { statement: t`Statement`, slips: t`Slips`, invites: t`Invitees` };

  const columns: Column<Row>[] = [
    { id: 'at', header: <Trans>Time</Trans>, cell: (row) => formatDateTime(row.at) },
    { id: 'what', header: table === 'invites' ? <Trans>Invitee</Trans> : <Trans>Details</Trans>, cell: (row) => row.what },
    { id: 'status', header: <Trans>Status</Trans>, cell: (row) => (row.status ? <StatusWord status={row.status} /> : '—') },
    { id: 'amount', header: <Trans>Amount</Trans>, numeric: true, cell: (row) => (row.amount === null ? '—' : formatMoney(row.amount, currency)) },
  ];

  return (
    <section className="stack">
      <div className="ops-member__tabs" role="group" aria-label={t`Member's records`}>
        {TABLES.map((name) => (
          <button
            key={name}
            type="button"
            className={`button ${name === table ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={name === table}
            onClick={() => setSearch({ table: name === 'statement' ? undefined : name })}
          >
            {names[name]}
          </button>
        ))}
      </div>
      <h2>{names[table]}</h2>
      {read.failed && (
        <p className="form-error" role="alert">
          <MessageText message={read.failure ?? 'NETWORK_ERROR'} />
        </p>
      )}
      <OpsTable caption={names[table]} columns={columns} rows={read.data?.rows ?? []} rowKey={(row) => row.key} busy={read.busy} empty={<Trans>Nothing here yet.</Trans>} />
      <Pager page={page} total={read.data?.total ?? 0} limit={MEMBER_TABLE_PAGE_SIZE} onPage={(next) => setSearch({ table: table === 'statement' ? undefined : table, page: next })} />
    </section>
  );
}
