/**
 * The console's tables (UI.md "The operators' console"): dense rows, numbers
 * right-aligned, a caption for screen readers, and on a phone a list of
 * cards (each cell labelled by its column; ops-console.css). Paging, sort and
 * filters are the page's, kept in the address (use-ops-search.ts): the
 * server pages and sorts, so the table only shows what it is given. Not a
 * table library: with paging and sort on the server there is nothing left
 * for one to do (docs/decisions/0125-operator-console.md).
 */
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
}

interface OpsTableProps<Row> {
  caption: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the rows when there are none (and nothing is loading). */
  empty: ReactNode;
  /** A read is on its way: the rows shown are the last ones, dimmed. */
  busy?: boolean;
  /** The row that is open (its detail shown beside or below), marked for the eye and for screen readers. */
  selected?: string | null;
}

export function OpsTable<Row>({ caption, columns, rows, rowKey, empty, busy = false, selected = null }: OpsTableProps<Row>) {
  return (
    <div className="ops-table__frame" aria-busy={busy}>
      <table className="ops-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.numeric ? 'ops-table__numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} aria-selected={selected === null ? undefined : selected === key}>
                {columns.map((column) => (
                  <td key={column.id} className={column.numeric ? 'ops-table__numeric' : undefined}>
                    <span className="ops-table__label" aria-hidden="true">
                      {column.header}
                    </span>
                    <span className="ops-table__value">{column.cell(row)}</span>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && !busy && <p className="ops-table__empty muted">{empty}</p>}
    </div>
  );
}

/** "Page 2 of 7" with the previous and next pages; nothing when one page holds everything. */
export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="ops-pager" aria-label={t`Pages`}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span className="ops-pager__where">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
