/**
 * The ledger check run from the dashboard (finance, admins): POST
 * /api/ops/ledger/check runs the server's check of the ledger's invariants
 * and answers what it found; the server keeps it (the audit) and the
 * dashboard shows the last one.
 */
export interface LedgerCheckResult {
  balanced: boolean;
  problems: string[];
  checkedAt: string;
  checkedBy: string;
}

export interface LedgerCheckContext {
  /** This run's result (the dashboard shows the last stored one until then). */
  result: LedgerCheckResult | null;
  /** Catalogue code of the last failure, or NETWORK_ERROR. */
  error: string | null;
}

/** The operator asks for a run; ignored while one runs. */
export type LedgerCheckEvent = { type: 'check.run' };

/**
 * Actor the view provides: runCheck (→ Result<{ ledgerCheck }>; ledger-check.actors.ts).
 * Action the view provides: checked (the dashboard reads again).
 * Tags: 'idle', 'running', 'result', 'failed'.
 */
export type LedgerCheckTag = 'idle' | 'running' | 'result' | 'failed';
