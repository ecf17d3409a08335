/**
 * /ops/audit (admins; docs/decisions/0123-audit-trail.md): every operator
 * action, newest first, filtered by operator, member, action and day and
 * paged, all kept in the address so a view can be shared; each row says
 * when, who, what, on what and for which member, and what changed. The
 * export downloads the same filters as CSV.
 */
import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import { AuditQuery, type AuditEntry } from '../../../contract/ops.ts';
import { formatDateTime } from '../../ui/date-time.ts';
import { Field } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { showErrorToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import type { AreaPageProps } from '../console/area-page.ts';
import { OpsTable, Pager, type Column } from '../console/OpsTable.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { useOpsEndpointRead } from '../use-ops-read.ts';
import { AUDIT_ACTIONS } from './audit-actions.ts';
import { downloadCsv } from '../console/csv-download.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { AuditChange } from './AuditChange.tsx';
import './audit.css';
import { ReadFailed } from '../console/ReadFailed.tsx';

type Entry = v.InferOutput<typeof AuditEntry>;
type Filters = { operator: string; member: string; action: string; day: string };

export default function AuditPage(_: AreaPageProps) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Audit`);
  const { search, query, setSearch } = useOpsSearch(AuditQuery);
  const audit = useOpsEndpointRead('opsAudit', query);
  const shown: Filters = { operator: search.operator ?? '', member: search.member ?? '', action: search.action ?? '', day: search.day ?? '' };
  const [typed, setTyped] = useState<Filters>(shown);
  const [exporting, setExporting] = useState(false);
  const field = (name: keyof Filters) => ({ value: typed[name], onValueChange: (value: string) => setTyped({ ...typed, [name]: value }) });
  const actionLabel = (action: string) => (AUDIT_ACTIONS[action] ? i18n._(AUDIT_ACTIONS[action]) : action);

  const columns: Column<Entry>[] = [
    { id: 'when', header: <Trans>When</Trans>, cell: (row) => formatDateTime(row.createdAt) },
    { id: 'who', header: <Trans>Operator</Trans>, cell: (row) => row.operator },
    {
      id: 'action',
      header: <Trans>Action</Trans>,
      cell: (row) => (
        <span className="ops-audit__action">
          {actionLabel(row.action)}
          <span className="small muted">{row.subject}</span>
        </span>
      ),
    },
    { id: 'member', header: <Trans>Member</Trans>, cell: (row) => row.member ?? <span className="muted">—</span> },
    { id: 'change', header: <Trans>Before → after</Trans>, cell: (row) => <AuditChange before={row.before} after={row.after} /> },
  ];

  async function exportCsv() {
    setExporting(true);
    const done = await downloadCsv(endpoints.opsAuditCsv.path, query, `audit${search.day ? `-${search.day}` : ''}.csv`).then(
      () => true,
      () => false,
    );
    setExporting(false);
    if (!done) showErrorToast(t`The export failed. Try again.`);
  }

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Audit</Trans>
        </h1>
        <button type="button" className="button button--secondary" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
        </button>
      </div>
      <form
        className="ops-filters"
        aria-label={t`Filters`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSearch({ operator: typed.operator.trim(), member: typed.member.trim(), action: typed.action, day: typed.day });
        }}
      >
        <Field label={<Trans>Operator's phone</Trans>} type="tel" inputMode="numeric" {...field('operator')} />
        <Field label={<Trans>Member's phone</Trans>} type="tel" inputMode="numeric" {...field('member')} />
        <SelectField
          label={<Trans>Action</Trans>}
          placeholder={t`Any action`}
          options={Object.keys(AUDIT_ACTIONS).map((value) => ({ value, label: actionLabel(value) }))}
          {...field('action')}
        />
        <Field label={<Trans>Day</Trans>} type="date" {...field('day')} />
        <SelectField
          label={<Trans>Order</Trans>}
          placeholder={t`Order`}
          options={[
            { value: 'newest', label: t`Newest first` },
            { value: 'oldest', label: t`Oldest first` },
          ]}
          value={search.sort ?? 'newest'}
          onValueChange={(sort) => setSearch({ sort: sort === 'newest' ? undefined : sort })}
        />
        <div className="ops-audit__buttons">
          <button type="submit" className="button button--primary">
            <Trans>Filter</Trans>
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setTyped({ operator: '', member: '', action: '', day: '' });
              setSearch({ operator: '', member: '', action: '', day: '' });
            }}
          >
            <Trans>Clear</Trans>
          </button>
        </div>
      </form>
      {audit.failed ? (
        <ReadFailed failure={audit.failure} onRetry={audit.retry} />
      ) : (
        <>
          <p className="small muted" role="status">
            {audit.data && <Plural value={audit.data.total} one="# entry" other="# entries" />}
          </p>
          <OpsTable
            caption={<Trans>Operator actions, newest first</Trans>}
            columns={columns}
            rows={audit.data?.entries ?? []}
            rowKey={(row) => row.id}
            busy={audit.busy}
            empty={<Trans>No actions match these filters.</Trans>}
          />
          <Pager page={search.page} total={audit.data?.total ?? 0} limit={search.limit} onPage={(page) => setSearch({ page })} />
        </>
      )}
    </div>
  );
}
