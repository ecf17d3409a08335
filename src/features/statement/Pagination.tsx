/**
 * Page links of the statement's tables (spec 9: 3 pages before the current
 * one and 1 after it, with previous and next; 44 px targets). The statement
 * links to addresses (?page=); the slip modal's pages are buttons: each table
 * says how a link is made.
 */
import './pagination.css';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/member-icons.tsx';
import { pageLinks } from './statement-rules.ts';

interface PageLinkProps {
  className: string;
  'aria-label': string;
  children: ReactNode;
}

/** Makes the link to a page; `isCurrent` only for the current page's own link. */
export type PageLink = (page: number, props: PageLinkProps, isCurrent: boolean) => ReactNode;

export function Pagination({ current, last, label, pageLink }: { current: number; last: number; label: string; pageLink: PageLink }) {
  const { t } = useLingui();
  const shown = Math.min(current, last);
  const disabled = (name: string, icon: ReactNode) => (
    <span className="pagination__link pagination__link--disabled" aria-disabled="true" role="link" aria-label={name}>
      {icon}
    </span>
  );
  const previous = t`Previous page`;
  const next = t`Next page`;
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          {current > 1
            ? pageLink(Math.min(current - 1, last), { className: 'pagination__link', 'aria-label': previous, children: <ChevronLeftIcon size={20} /> }, false)
            : disabled(previous, <ChevronLeftIcon size={20} />)}
        </li>
        {pageLinks(shown, last).map((page) => (
          <li key={page}>{pageLink(page, { className: 'pagination__link', 'aria-label': t`Page ${page}`, children: page }, page === shown)}</li>
        ))}
        <li>
          {current < last
            ? pageLink(current + 1, { className: 'pagination__link', 'aria-label': next, children: <ChevronRightIcon size={20} /> }, false)
            : disabled(next, <ChevronRightIcon size={20} />)}
        </li>
      </ul>
    </nav>
  );
}
