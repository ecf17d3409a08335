/** The statement page (spec 2 Statement, spec 7 POST /api/statement, spec 9: 10 per page). */
import type { StatementItem } from '../../src/contract/api.ts';

export interface StatementInput {
  /** The page the address asks for (?page=, 1 when absent). */
  page: number;
}

export interface StatementContext {
  /** The page asked for last. */
  page: number;
  /** spec 9: 10 per page. */
  limit: number;
  /** The items shown: the last page that loaded (spec 7: a failed load is silently ignored). */
  statements: StatementItem[];
  /** How many items the member has in all, for the page links. */
  total: number;
  /** The page `statements` belong to; null until one has loaded. */
  shownPage: number | null;
  /** Game names by code, so a transfer reads 'Wallet → Slot game' rather than codes. */
  gameNames: Record<string, string>;
  /** The member's currency (bank account), null until known. */
  currency: string | null;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export type StatementEvent =
  /** The address asks for another page (a page link, prev/next, back and forward). */
  { type: 'statement.page'; page: number };

/**
 * Actors the view provides: loadPage (PageQuery → Result<StatementResponse>)
 * and loadAccounts (() → Result<WalletResponse>, for game names and currency).
 * Action the view provides: logFailure ({ message }).
 * Tags: 'loading' (a page is being read), 'skeleton' (the first page is
 * slower than the loader delay).
 */
export type StatementTag = 'loading' | 'skeleton';
