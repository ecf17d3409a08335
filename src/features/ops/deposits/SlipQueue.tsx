/**
 * The slip queue (UI.md "The operators' console": a list, the open item
 * beside it): slips of one status, oldest first unless the operator orders
 * them newest first (or, once approved, largest first), a page at a time,
 * the status, order and page in the address; the slip the address names
 * open in a panel (SlipPanel.tsx) over machines/slip-review. After a
 * decision the table reads again and the machine opens the next waiting
 * slip (the next in the order they came, whatever the table's).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { slipReviewActors } from '../../../../machines/slip-review/slip-review.actors.ts';
import { slipReviewMachine } from '../../../../machines/slip-review/slip-review.machine.ts';
import { OPS_SLIPS_PAGE_SIZE, OpsSlipsQuery, SlipStatus, type OpsSlip, type SlipSort } from '../../../contract/deposit.ts';
import type { Output } from '../../../contract/common.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { formatNumber } from '../../ui/money.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { OpsTable, Pager, type Column } from '../console/OpsTable.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { opsApi } from '../ops-session.ts';
import { DecidedLine, SlipPanel } from './SlipPanel.tsx';
import { SlipStatusWord } from './SlipStatusWord.tsx';
import { useOpsRead } from '../use-ops-read.ts';
import { ReadFailed } from '../console/ReadFailed.tsx';

type Slip = Output<typeof OpsSlip>;

/** The address of a slip of the queue (or the queue alone), keeping the table's status and page. */
function slipAddress(id: string | null) {
  return {
    to: '/ops/$',
    params: { _splat: id ? `deposits/slips/${id}` : 'deposits' },
    search: (previous: Record<string, unknown>) => previous,
  } as const;
}

export function SlipQueue({ openId }: { openId: string | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { search, query, setSearch } = useOpsSearch(OpsSlipsQuery);
  const [decisions, setDecisions] = useState(0);
  const review = useActorRef(
    slipReviewMachine.provide({
      actors: slipReviewActors(opsApi),
      actions: {
        showAddress: (_, { id }) => void navigate({ ...slipAddress(id), replace: true } as never),
        slipDecided: () => setDecisions((count) => count + 1),
      },
    }),
  );

  // The address says which slip is open; the machine follows it (and ignores it while a decision is on its way).
  useEffect(() => {
    if (review.getSnapshot().context.slipId === openId) return;
    review.send(openId === null ? { type: 'slip.close' } : { type: 'slip.open', id: openId });
  }, [openId, review]);

  const statuses = [
    { value: 'PENDING', label: t`Waiting for review` },
    { value: 'SUCCESS', label: t`Approved` },
    { value: 'FAILED', label: t`Rejected` },
  ] satisfies { value: (typeof SlipStatus.options)[number]; label: string }[];

  const decided = useSelector(review, (snapshot) => snapshot.context.decided);

  return (
    <>
      <DecidedLine decided={decided} />
      <div className={openId ? 'slips slips--open' : 'slips'}>
        <section className="slips__queue stack" aria-label={t`Slip queue`}>
          <div className="ops-filters">
            <SelectField
              label={<Trans>Status</Trans>}
              value={search.status}
              onValueChange={(status) =>
                setSearch({
                  status: status === 'PENDING' ? undefined : status,
                  // Only approved slips have an amount to order by (the contract refuses the largest of any other status).
                  ...(status !== 'SUCCESS' && search.sort === 'largest' && { sort: undefined }),
                })
              }
              placeholder={t`Status`}
              options={statuses}
            />
            <SelectField
              label={<Trans>Order</Trans>}
              value={search.sort ?? 'oldest'}
              onValueChange={(sort) => setSearch({ sort: sort === 'oldest' ? undefined : sort })}
              placeholder={t`Order`}
              options={[
                { value: 'oldest', label: t`Oldest first` },
                { value: 'newest', label: t`Newest first` },
                ...(search.status === 'SUCCESS' ? [{ value: 'largest', label: t`Largest first` }] : []),
              ]}
            />
          </div>
          <SlipTable
            query={query}
            sort={search.sort ?? 'oldest'}
            page={search.page}
            decisions={decisions}
            openId={openId}
            onPage={(page) => setSearch({ page })}
          />
        </section>
        {openId !== null && <SlipPanel review={review} />}
      </div>
    </>
  );
}

function SlipTable({
  query,
  sort,
  page,
  decisions,
  openId,
  onPage,
}: {
  query: Record<string, string>;
  sort: SlipSort;
  page: number;
  decisions: number;
  openId: string | null;
  onPage: (page: number) => void;
}) {
  const table = useOpsRead(JSON.stringify(query), (signal) => opsApi.call('opsSlips', { query, signal }));
  const { reload } = table;
  useEffect(() => {
    if (decisions > 0) reload();
    // Only a new decision reads again (reload is a new function each render).
  }, [decisions]);

  const columns: Column<Slip>[] = [
    {
      id: 'received',
      header: <Trans>Received</Trans>,
      cell: (slip) => formatDateTime(slip.createdAt),
    },
    {
      id: 'member',
      header: <Trans>Member</Trans>,
      cell: (slip) => (
        <Link {...slipAddress(slip.id)} className="slips__open">
          {slip.name} <span className="muted small">{slip.username}</span>
        </Link>
      ),
    },
    {
      id: 'reference',
      header: <Trans>Reference</Trans>,
      cell: (slip) => <span className="mono">{slip.reference || '–'}</span>,
    },
    {
      id: 'status',
      header: <Trans>Status</Trans>,
      cell: (slip) => <SlipStatusWord status={slip.status} />,
    },
    {
      id: 'note',
      header: <Trans>Reason</Trans>,
      cell: (slip) => (slip.note ? <MessageText message={slip.note} /> : '–'),
    },
    {
      id: 'amount',
      header: <Trans>Amount</Trans>,
      numeric: true,
      cell: (slip) => (slip.amount > 0 ? formatNumber(slip.amount) : '–'),
    },
  ];

  // Beside an open slip the table keeps what finds the next one: when, who, the status and the amount.
  const shown = openId === null ? columns : columns.filter((column) => column.id !== 'reference' && column.id !== 'note');

  return (
    <>
      {table.failure && !table.data && (
        <ReadFailed inline failure={table.failure} onRetry={table.retry} />
      )}
      <OpsTable
        caption={{ oldest: <Trans>Slips, oldest first</Trans>, newest: <Trans>Slips, newest first</Trans>, largest: <Trans>Slips, largest first</Trans> }[sort]}
        columns={shown}
        rows={table.data?.slips ?? []}
        rowKey={(slip) => slip.id}
        empty={<Trans>No slips here.</Trans>}
        busy={table.busy}
        selected={openId}
      />
      <Pager page={page} total={table.data?.total ?? 0} limit={OPS_SLIPS_PAGE_SIZE} onPage={onPage} />
    </>
  );
}
