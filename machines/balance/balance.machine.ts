import { assign, setup } from 'xstate';
import type { WalletResponse } from '../../src/contract/api.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { okData, type Result } from '../shared/result.ts';
import type { BalanceContext, BalanceEvent, BalanceTag } from './balance.types.ts';

/**
 * A read of the wallet, back to idle either way: an answer is shown, a
 * failure keeps what is shown and is only logged (spec 7).
 */
function readWallet<TSrc extends 'loadWallet' | 'refreshAll'>(src: TSrc) {
  return {
    id: src,
    src,
    ...onAnswer({ target: 'idle', action: 'storeWallet' }, { target: 'idle', action: 'logFailure' }),
  } as const;
}

export const balanceMachine = setup({
  types: {
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
    tags: {} as BalanceTag,
  },
  actors: {
    loadWallet: notProvided<Result<WalletResponse>>('loadWallet'),
    refreshAll: notProvided<Result<WalletResponse>>('refreshAll'),
  },
  actions: {
    storeWallet: assign((_, result: Result<WalletResponse>) => ({ wallet: okData(result) })),
    // Provided by the view layer (spec 7: a failed wallet load is only logged).
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded,
  },
  delays: loaderDelays,
}).createMachine({
  id: 'balance',
  description:
    'The member home\'s balances: the wallet answer with the game accounts and the last-update time (spec 2 Member home). A failed read keeps what is shown and is only logged (spec 7).',
  context: { wallet: null },
  initial: 'loading',
  states: {
    loading: {
      description:
        'The first read. The skeleton shows only when the answer takes longer than the loader delay (spec 9). No modal can be open yet (they need a wallet), so nothing asks to read again meanwhile.',
      tags: 'busy',
      ...skeletonAfterLoaderDelay,
      invoke: readWallet('loadWallet'),
    },
    idle: {
      description: 'Shows the last wallet read, or dashes when no read has succeeded yet.',
      on: {
        'balance.reload': 'reloading',
        'balance.refreshAll': 'refreshingAll',
      },
    },
    reloading: {
      description: 'Reads the wallet again; what is shown stays until the answer. A second save restarts the read, so the answer is never older than the last save.',
      tags: 'busy',
      invoke: readWallet('loadWallet'),
      on: {
        'balance.reload': { target: 'reloading', reenter: true },
      },
    },
    refreshingAll: {
      description:
        'The server re-reads every game balance. A modal that saved meanwhile (opened before the answer) drops this read for a fresh one.',
      tags: ['busy', 'refreshingAll'],
      invoke: readWallet('refreshAll'),
      on: {
        'balance.reload': 'reloading',
      },
    },
  },
});
