/**
 * The member home's two machines, wired to the API client: the wallet (what
 * the home reads) and the modal stack (what the home shows over itself). A
 * modal that saved asks the wallet to read again.
 */
import { useActorRef } from '@xstate/react';
import { homeMachine } from '../../../machines/home/home.machine.ts';
import { walletActors } from '../../../machines/wallet/wallet.actors.ts';
import { walletMachine } from '../../../machines/wallet/wallet.machine.ts';
import { useApi } from '../../app/use-app.ts';
import { useLanguageSwitch } from '../ui/use-language-switch.ts';

export function useHomeActors() {
  const api = useApi();
  const wallet = useActorRef(
    walletMachine.provide({
      actors: walletActors(api),
      actions: {
        // spec 7: a failed wallet load is only logged.
        logFailure: (_, { message }) => console.warn(`wallet: read failed (${message})`),
      },
    }),
  );
  const home = useActorRef(
    homeMachine.provide({
      actions: {
        reloadWallet: () => wallet.send({ type: 'wallet.reload' }),
      },
    }),
  );

  // Game names and texts come in the member's language (Accept-Language): read again on a switch.
  useLanguageSwitch(() => wallet.send({ type: 'wallet.reload' }));

  return { wallet, home };
}

export type WalletActor = ReturnType<typeof useHomeActors>['wallet'];
export type HomeActor = ReturnType<typeof useHomeActors>['home'];
