/** The ledger check as a test model: run, balanced or not, refused or unanswered, run again. */
import { ledgerCheckMachine } from '../../machines/ledger-check/ledger-check.machine.ts';
import type { LedgerCheckResult } from '../../machines/ledger-check/ledger-check.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

const checked = (balanced: boolean): LedgerCheckResult => ({
  balanced,
  problems: balanced ? [] : ['posted debits 100 ≠ posted credits 101'],
  checkedAt: '2026-03-02T03:42:00.000Z',
  checkedBy: '0810000502',
});

const events = {
  'check.run': () => [{ type: 'check.run' }],
} satisfies EventFixtures<typeof ledgerCheckMachine>;

export const ledgerCheckModels: FlowModel<typeof ledgerCheckMachine>[] = [
  {
    name: 'ledger check',
    machine: ledgerCheckMachine,
    input: undefined,
    events: offerAll(events),
    abstraction: ({ context }) => ({ balanced: context.result === null ? null : context.result.balanced ? 'balanced' : 'problems', error: context.error }),
    replies: {
      runCheck: [
        { ok: true, data: { ledgerCheck: checked(true) } },
        { ok: true, data: { ledgerCheck: checked(false) } },
        { ok: false, message: 'UNAUTHORIZED' },
      ] satisfies Result<{ ledgerCheck: LedgerCheckResult }>[],
    },
  },
];
