/**
 * The statement's rules from spec 4 and 9, kept apart from the view so they
 * can be read and tested on their own: what an entry's type, sign and status
 * mean, and which page links show.
 */

/** spec 4: the statement types the app knows; any other is shown as unknown. */
export type StatementKind = 'deposit' | 'bonus' | 'finish_bonus' | 'withdraw' | 'transfer' | 'unknown';

const KNOWN_KINDS: readonly StatementKind[] = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'];

/** spec 4: types compare case-insensitively ('DEPOSIT' is a deposit). */
export function statementKind(statementType: string): StatementKind {
  const kind = statementType.trim().toLowerCase();
  return (KNOWN_KINDS as readonly string[]).includes(kind) ? (kind as StatementKind) : 'unknown';
}

/** spec 4: deposit and bonus show +, withdraw shows -, others none. */
export function amountSign(kind: StatementKind): '' | '+' | '-' {
  if (kind === 'deposit' || kind === 'bonus') return '+';
  if (kind === 'withdraw') return '-';
  return '';
}

export type StatusKind = 'success' | 'failure' | 'inProgress';

/** spec 4: SUCCESS is success, FAILED is failure, anything else is in progress. */
export function statusKind(status: string): StatusKind {
  const value = status.trim().toUpperCase();
  if (value === 'SUCCESS') return 'success';
  if (value === 'FAILED') return 'failure';
  return 'inProgress';
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** spec 9: links to 3 pages before the current one and 1 after it, within 1..last. */
export function pageLinks(current: number, last: number): number[] {
  const first = Math.max(1, current - 3);
  const end = Math.min(last, current + 1);
  const pages: number[] = [];
  for (let page = first; page <= end; page += 1) pages.push(page);
  return pages;
}
