/**
 * The member home's machines, wired to the API client: the balance (what
 * the home reads, and `last_sync`), the home (the modals it shows over
 * itself, which it invokes and hears end), the agreement modal's and the
 * operator's notice. A modal that saved asks the balance to read the wallet
 * again; the wallet's news from the member's socket goes to the balance and
 * the home.
 */
import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { agreementActors } from '../../../machines/agreement/agreement.actors.ts';
import { agreementMachine } from '../../../machines/agreement/agreement.machine.ts';
import { homeActors } from '../../../machines/home/home.actors.ts';
import { homeMachine } from '../../../machines/home/home.machine.ts';
import { balanceActors } from '../../../machines/balance/balance.actors.ts';
import { balanceMachine } from '../../../machines/balance/balance.machine.ts';
import { noticeActors } from '../../../machines/notice/notice.actors.ts';
import { noticeMachine } from '../../../machines/notice/notice.machine.ts';
import { readLastSync, storeLastSync } from '../../app/last-sync.ts';
import { subscribeWalletNews } from '../../app/wallet-news.ts';
import { useApi } from '../../app/use-app.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { newKeyPrefix } from '../money/idempotency.ts';
import { useBackOnline } from '../ui/use-back-online.ts';
import { useLanguageSwitch } from '../ui/use-language-switch.ts';
import { useMachineOnce } from '../ui/use-machine-once.ts';
import { agreementAccepted, rememberAgreement } from './agreement-storage.ts';
import { takeNoticeInPage } from './notice-in-page.ts';
import { dismissedNotices, mirrorDismissedNotices, rememberDismissedNotices } from './notice-storage.ts';

export function useHomeActors() {
  const api = useApi();
  // Each machine is provided once (use-machine-once.ts): what it is given closes over the API client and actors only.
  const [balanceInput] = useState(() => ({ lastSync: readLastSync(), openedAt: Date.now() }));
  const balance = useActorRef(
    useMachineOnce(() =>
      balanceMachine.provide({
        actors: balanceActors(api),
        actions: {
          // spec 7: a failed wallet load is only logged.
          logFailure: (_, { message }) => console.warn(`wallet: read failed (${message})`),
          rememberSync: ({ context }) => {
            if (context.lastSync !== null) storeLastSync(context.lastSync);
          },
        },
      }),
    ),
    { input: balanceInput },
  );
  const [homeInput] = useState(() => ({ keySeed: newKeyPrefix() }));
  const home = useActorRef(
    useMachineOnce(() =>
      homeMachine.provide({
        actors: homeActors(api, (modal, message) => console.warn(`${modal}: read failed (${message})`)),
        actions: {
          reloadWallet: () => balance.send({ type: 'balance.reload' }),
        },
      }),
    ),
    { input: homeInput },
  );

  // spec 2: the agreement modal, 1.5 s after the home loads, unless accepted before on this device.
  const [agreementInput] = useState(() => ({ accepted: agreementAccepted() }));
  const agreement = useActorRef(
    useMachineOnce(() => agreementMachine.provide({ actors: agreementActors(api), actions: { remember: rememberAgreement } })),
    { input: agreementInput },
  );

  // The page's own answer, taken once (notice-in-page.ts), decides the notice at once; without one it is read.
  const [noticeInput] = useState(() => ({ dismissed: dismissedNotices(), inPage: takeNoticeInPage(document, currentLocale()) }));
  // A device that dismissed a notice before the cookie existed gets it now (notice-storage.ts).
  useEffect(() => mirrorDismissedNotices(noticeInput.dismissed), [noticeInput]);
  const notice = useActorRef(
    useMachineOnce(() =>
      noticeMachine.provide({ actors: noticeActors(api), actions: { remember: (_, { dismissed }) => rememberDismissedNotices(dismissed) } }),
    ),
    { input: noticeInput },
  );

  // A wallet read that got no answer starts again when the connection is back (docs/decisions/0145-a-flaky-network.md).
  useBackOnline(() => balance.send({ type: 'read.online' }));

  // Game names and texts, the notice too, come in the member's language (Accept-Language): read again on a switch.
  useLanguageSwitch(() => {
    balance.send({ type: 'balance.reload' });
    notice.send({ type: 'notice.reload' });
  });

  // The member's socket tells what their money did (docs/decisions/0141-wallet-news.md): the balance shows it, the home passes it to its modal.
  useEffect(
    () =>
      subscribeWalletNews((news) => {
        balance.send({ type: 'balance.news', news });
        home.send({ type: 'wallet.changed', news });
      }),
    [balance, home],
  );

  return { balance, home, agreement, notice };
}

export type BalanceActor = ReturnType<typeof useHomeActors>['balance'];
export type HomeActor = ReturnType<typeof useHomeActors>['home'];
export type NoticeActor = ReturnType<typeof useHomeActors>['notice'];
