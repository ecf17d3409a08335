/** The home's modals with their I/O over the API client: the machines the home invokes. */
import type { ApiClient } from '../../src/api/client.ts';
import { bannerThenModalActors } from '../banner-then-modal/banner-then-modal.actors.ts';
import { bannerThenModalMachine } from '../banner-then-modal/banner-then-modal.machine.ts';
import { depositActors } from '../deposit/deposit.actors.ts';
import { gameAccountActors } from '../game-account/game-account.actors.ts';
import { gameAccountMachine } from '../game-account/game-account.machine.ts';
import { inviteCollectActors } from '../invite-collect/invite-collect.actors.ts';
import { inviteCollectMachine } from '../invite-collect/invite-collect.machine.ts';
import { invitesActors } from '../invites/invites.actors.ts';
import { invitesMachine } from '../invites/invites.machine.ts';
import { refundReceiveActors } from '../refund-receive/refund-receive.actors.ts';
import { refundReceiveMachine } from '../refund-receive/refund-receive.machine.ts';
import { spinWheelActors } from '../spin-wheel/spin-wheel.actors.ts';
import { spinWheelMachine } from '../spin-wheel/spin-wheel.machine.ts';
import { depositModal } from './home.machine.ts';
import { transferActors } from '../transfer/transfer.actors.ts';
import { transferMachine } from '../transfer/transfer.machine.ts';
import { withdrawActors } from '../withdraw/withdraw.actors.ts';
import { withdrawMachine } from '../withdraw/withdraw.machine.ts';

/** How the view logs a modal's failed read (spec 7: such a read is only logged): the modal's name and the message. */
type LogReadFailure = (modal: string, message: string) => void;

export function homeActors(api: ApiClient, logReadFailure: LogReadFailure = () => {}) {
  return {
    deposit: depositModal(depositActors(api)),
    transfer: transferMachine.provide({ actors: transferActors(api) }),
    withdraw: withdrawMachine.provide({ actors: withdrawActors(api) }),
    gameAccount: gameAccountMachine.provide({ actors: gameAccountActors(api) }),
    banners: bannerThenModalMachine.provide({ actors: bannerThenModalActors(api) }),
    invite: invitesMachine.provide({ actors: invitesActors(api) }),
    refund: refundReceiveMachine.provide({ actors: refundReceiveActors(api) }),
    inviteCollect: inviteCollectMachine.provide({ actors: inviteCollectActors(api) }),
    wheel: spinWheelMachine.provide({
      actors: spinWheelActors(api),
      actions: { logFailure: (_, { message }) => logReadFailure('spin wheel', message) },
    }),
  };
}
