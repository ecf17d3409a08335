/** The statement page as a test model: the pages the address asks for and what the server answers. */
import type { StatementItem, WalletResponse } from '../../src/contract/api.ts';
import type { Page } from '../../machines/statement/statement.types.ts';
import { statementMachine } from '../../machines/statement/statement.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';
import { walletAnswer } from './balance.model.ts';

function item(id: string, statementType: string, from: string, to: string, amount: number, status: string): StatementItem {
  return { _id: id, statementType, from, to, amount, status, createdAt: '2025-06-01T10:00:00.000Z' };
}

const events = {
  'statement.page': () => [
    { type: 'statement.page', page: 1 },
    { type: 'statement.page', page: 2 },
  ],
  // The shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
  'read.online': () => [{ type: 'read.online' }],
} satisfies EventFixtures<typeof statementMachine>;

export const statementModels: FlowModel<typeof statementMachine>[] = [
  {
    name: 'statement from page 1',
    machine: statementMachine,
    input: { page: 1 },
    events: offerAll(events),
    // The page asked for and the page shown, and whether there are rows, game names and a currency to show.
    // The count of unanswered reads is left out (the backoff's growth: tests/unit/read-retry.test.ts).
    abstraction: ({ context }) => ({
      page: context.page,
      shown: context.shownPage,
      rows: context.rows.length > 0,
      total: context.total,
      'game names': Object.keys(context.gameNames).length > 0,
      currency: context.currency,
    }),
    replies: {
      loadPage: [
        {
          ok: true,
          data: {
            rows: [
              item('2', 'transfer', 'WALLET', 'SLOT1', 40, 'SUCCESS'),
              item('1', 'deposit', 'DEPOSIT', 'WALLET', 100, 'PENDING'),
            ],
            total: 12,
          },
        },
        { ok: true, data: { rows: [], total: 0 } },
        { ok: false, message: 'INTERNAL_SERVER_ERROR' },
        // A gateway's 502, 503 or 504 without a message, or past the time limit (src/api/answer.ts): no answer.
        { ok: false, message: 'NETWORK_ERROR' },
      ] satisfies Result<Page>[],
      loadAccounts: [
        { ok: true, data: walletAnswer(100, '2025-06-01T10:00:00.000Z') },
        { ok: false, message: 'INTERNAL_SERVER_ERROR' },
      ] satisfies Result<WalletResponse>[],
    },
  },
];
