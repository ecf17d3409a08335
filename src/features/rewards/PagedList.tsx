/**
 * The invite and refund tables (spec 9: 10 per page): rows as stacked cards
 * (four columns do not fit a 360 px phone without scrolling sideways), a
 * skeleton while the first page is slow, the rows shown dimmed while another
 * page is read, the empty text, and the page links.
 */
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { Pagination, type PageLink } from '../statement/Pagination.tsx';
import { pageCount } from '../statement/statement-rules.ts';
import { useBackOnline } from '../ui/use-back-online.ts';

interface PagedListProps<TRow> {
  /** The table's name: its heading and the page links' label. */
  heading: ReactNode;
  pagesLabel: string;
  rows: readonly TRow[];
  /** The page asked for last, and the page the rows belong to (null until one loaded). */
  page: number;
  shownPage: number | null;
  total: number;
  limit: number;
  loading: boolean;
  /** The first page is slower than the loader delay. */
  skeleton: boolean;
  empty: ReactNode;
  rowKey: (row: TRow) => string;
  renderRow: (row: TRow) => ReactNode;
  onPage: (page: number) => void;
}

/** A machine that holds a paged table (machines/shared/paged-table.ts). */
type TableActor<TRow> = Pick<AnyActorRef, 'subscribe' | 'send'> & {
  getSnapshot(): {
    context: { rows: readonly TRow[]; page: number; shownPage: number | null; total: number; limit: number };
    hasTag(tag: string): boolean;
  };
};

/** What PagedList shows of a table's machine: `loadingTag` while a page is read (or waits for the network), 'skeleton' while the first is slow. */
export function usePagedTable<TRow>(machine: TableActor<TRow>, loadingTag: string) {
  // A page that got no answer is read again when the shell's connection is back.
  useBackOnline(() => machine.send({ type: 'read.online' }));
  return {
    rows: useSelector(machine, (snapshot) => snapshot.context.rows),
    page: useSelector(machine, (snapshot) => snapshot.context.page),
    shownPage: useSelector(machine, (snapshot) => snapshot.context.shownPage),
    total: useSelector(machine, (snapshot) => snapshot.context.total),
    limit: useSelector(machine, (snapshot) => snapshot.context.limit),
    // A page waiting for the network (tag 'offline', docs/decisions/0146-reads-that-wait.md) shows as one being read:
    // what is shown stays, dimmed, or the skeleton before the first (the table tags it 'skeleton'); never the empty text.
    loading: useSelector(machine, (snapshot) => snapshot.hasTag(loadingTag) || snapshot.hasTag('offline')),
    skeleton: useSelector(machine, (snapshot) => snapshot.hasTag('skeleton')),
  };
}

export function PagedList<TRow>({
  heading,
  pagesLabel,
  rows,
  page,
  shownPage,
  total,
  limit,
  loading,
  skeleton,
  empty,
  rowKey,
  renderRow,
  onPage,
}: PagedListProps<TRow>) {
  const last = pageCount(total, limit);
  const pageLink: PageLink = (target, props, isCurrent) => (
    <button type="button" aria-current={isCurrent ? 'page' : undefined} onClick={() => onPage(target)} {...props} />
  );

  let body: ReactNode;
  if (shownPage === null) {
    // The first page: nothing, then (after the loader delay) the skeleton.
    body = loading ? (
      <div className={`reward-list${skeleton ? '' : ' reward-list--quiet'}`} aria-busy="true">
        <span className="visually-hidden">
          <Trans>Loading…</Trans>
        </span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="skeleton reward-row__placeholder" aria-hidden="true" />
        ))}
      </div>
    ) : (
      <p className="reward-empty muted">{empty}</p>
    );
  } else if (rows.length > 0) {
    body = (
      <ul className="reward-list" aria-busy={loading}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="reward-row">
            {renderRow(row)}
          </li>
        ))}
      </ul>
    );
  } else {
    body = <p className="reward-empty muted">{empty}</p>;
  }

  return (
    <section className="stack reward-table">
      <h3 className="reward-table__heading">{heading}</h3>
      {body}
      {last > 1 && <Pagination current={page} last={last} label={pagesLabel} pageLink={pageLink} />}
    </section>
  );
}
