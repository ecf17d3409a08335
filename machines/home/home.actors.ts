/** The home's modals with their I/O over the API client: the machines the home invokes. */
import type { ApiClient } from '../../src/api/client.ts';
import { depositActors } from '../deposit/deposit.actors.ts';
import { gameAccountActors } from '../game-account/game-account.actors.ts';
import { gameAccountMachine } from '../game-account/game-account.machine.ts';
import { depositModal } from './home.machine.ts';
import { transferActors } from '../transfer/transfer.actors.ts';
import { transferMachine } from '../transfer/transfer.machine.ts';
import { withdrawActors } from '../withdraw/withdraw.actors.ts';
import { withdrawMachine } from '../withdraw/withdraw.machine.ts';

export function homeActors(api: ApiClient) {
  return {
    deposit: depositModal(depositActors(api)),
    transfer: transferMachine.provide({ actors: transferActors(api) }),
    withdraw: withdrawMachine.provide({ actors: withdrawActors(api) }),
    gameAccount: gameAccountMachine.provide({ actors: gameAccountActors(api) }),
  };
}
