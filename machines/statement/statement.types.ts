/**
 * A paged table of the statement page (spec 9: 10 per page): the statement
 * itself (spec 2 Statement, spec 7 POST /api/statement) and its slip modal
 * (POST /api/statement/slip). Both read a page at a time beside the member's
 * accounts, and both ignore a failed read (spec 7).
 */
import type { RetryContext } from '../shared/read-retry.ts';

export interface StatementInput {
  /** The page the address asks for (?page=, 1 when absent). */
  page: number;
}

export interface StatementContext extends RetryContext {
  /** The page asked for last. */
  page: number;
  /** spec 9: 10 per page. */
  limit: number;
  /**
   * The rows shown: the last page that loaded (spec 7: a failed load is
   * silently ignored). Typed by the view that provides loadPage, as the read
   * machine's data is: statement entries or slips.
   */
  rows: readonly unknown[];
  /** How many items the member has in all, for the page links. */
  total: number;
  /** The page `rows` belong to; null until one has loaded. */
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

/** One page as loadPage answers it: its rows and how many there are in all. */
export interface Page {
  rows: readonly unknown[];
  total: number;
}

export type StatementEvent =
  /**
   * Another page (a page link, prev/next, back and forward). The page shown
   * asked again reads it again (the slip modal's refresh link).
   */
  | { type: 'statement.page'; page: number }
  /** The connection is back (the shell's connectivity actor): a page waiting for it is read now. */
  | { type: 'read.online' };

/**
 * Actors the view provides: loadPage (PageQuery → Result<Page>)
 * and loadAccounts (() → Result<WalletResponse>, for game names and currency).
 * Action the view provides: logFailure ({ message }).
 * Tags: 'loading' (a page is being read), 'skeleton' (the first page is
 * slower than the loader delay), 'offline' (no answer came: the page is read
 * again by itself, machines/shared/read-retry.ts).
 */
export type StatementTag = 'loading' | 'skeleton' | 'offline';
