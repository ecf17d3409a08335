import { assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type { LedgerCheckContext, LedgerCheckEvent, LedgerCheckResult, LedgerCheckTag } from './ledger-check.types.ts';

type CheckAnswer = Result<{ ledgerCheck: LedgerCheckResult }>;

export const ledgerCheckMachine = setup({
  types: {
    context: {} as LedgerCheckContext,
    events: {} as LedgerCheckEvent,
    tags: {} as LedgerCheckTag,
  },
  actors: {
    runCheck: notProvided<CheckAnswer>('runCheck'),
  },
  actions: {
    keepResult: assign((_, answer: CheckAnswer) => ({ result: okData(answer).ledgerCheck, error: null })),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // Provided by the view: the dashboard reads again.
    checked: () => {},
  },
  guards: { succeeded },
}).createMachine({
  id: 'ledgerCheck',
  description: 'The ledger check on demand (finance, admins): one run at a time; its result, or why it did not run, until the next.',
  context: { result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      tags: 'idle',
      on: { 'check.run': 'running' },
    },
    running: {
      tags: 'running',
      description: 'The server checks every account against its transfers; asking again meanwhile does nothing.',
      invoke: {
        id: 'runCheck',
        src: 'runCheck',
        ...onAnswer({ target: 'result', action: 'keepResult', then: ['checked'] }, { target: 'failed', action: 'showFailure' }),
      },
    },
    result: {
      tags: 'result',
      description: 'Balanced, or the problems found.',
      on: { 'check.run': 'running' },
    },
    failed: {
      tags: 'failed',
      description: 'The check did not run (refused or no answer); the last stored result stays shown.',
      on: { 'check.run': 'running' },
    },
  },
});
