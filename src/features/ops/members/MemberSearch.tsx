/**
 * The member search: by phone, name or bank account (number or name), the
 * query, order and page in the address (use-ops-search.ts), newest first
 * unless the operator orders otherwise; a row opens the member's page.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MEMBERS_PAGE_SIZE, MembersQuery, type MembersResponse } from '../../../contract/ops.ts';
import type * as v from 'valibot';
import { Field } from '../../ui/Field.tsx';
import { Form } from '../../ui/Form.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { OpsTable, Pager, type Column } from '../console/OpsTable.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { opsApi } from '../ops-session.ts';
import { MemberStatusWord, memberPath } from './member-status.tsx';
import { useOpsRead } from '../use-ops-read.ts';
import { ReadFailed } from '../console/ReadFailed.tsx';

type Row = v.InferOutput<typeof MembersResponse>['members'][number];

export function MemberSearch() {
  const { t } = useLingui();
  useDocumentTitle(t`Members`);
  const { search, query, setSearch } = useOpsSearch(MembersQuery);
  const [typed, setTyped] = useState(search.q);
  const members = useOpsRead(JSON.stringify(query), (signal) => opsApi.call('opsMembers', { query, signal }));

  const columns: Column<Row>[] = [
    {
      id: 'phone',
      header: <Trans>Phone</Trans>,
      cell: (row) => (
        <Link {...memberPath(row.username)} className="ops-member__link">
          {row.username}
        </Link>
      ),
    },
    { id: 'name', header: <Trans>Name</Trans>, cell: (row) => row.name },
    { id: 'bank', header: <Trans>Bank account</Trans>, cell: (row) => (row.bank ? `${row.bank.code} ${row.bank.accountNo} · ${row.bank.accountName}` : '—') },
    { id: 'status', header: <Trans>Status</Trans>, cell: (row) => <MemberStatusWord status={row.status} /> },
    { id: 'registered', header: <Trans>Registered</Trans>, cell: (row) => formatDateTime(row.createdAt) },
  ];

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Members</Trans>
        </h1>
      </div>
      <Form className="ops-filters" onSubmit={() => setSearch({ q: typed.trim() })}>
        <Field
          label={<Trans>Phone, name or bank account</Trans>}
          type="search"
          value={typed}
          onValueChange={setTyped}
          maxLength={60}
          autoComplete="off"
        />
        <SelectField
          label={<Trans>Order</Trans>}
          placeholder={t`Order`}
          options={[
            { value: 'newest', label: t`Newest first` },
            { value: 'oldest', label: t`Oldest first` },
            { value: 'name', label: t`By name` },
          ]}
          value={search.sort ?? 'newest'}
          onValueChange={(sort) => setSearch({ sort: sort === 'newest' ? undefined : sort })}
        />
        <button type="submit" className="button button--primary">
          <Trans>Search</Trans>
        </button>
      </Form>
      {members.failed && (
        <ReadFailed inline failure={members.failure} onRetry={members.retry} />
      )}
      <OpsTable
        caption={<Trans>Members found</Trans>}
        columns={columns}
        rows={members.data?.members ?? []}
        rowKey={(row) => row.username}
        busy={members.busy}
        empty={search.q ? <Trans>No member matches “{search.q}”.</Trans> : <Trans>No members yet.</Trans>}
      />
      <Pager page={search.page} total={members.data?.total ?? 0} limit={MEMBERS_PAGE_SIZE} onPage={(page) => setSearch({ q: search.q, page })} />
    </div>
  );
}
