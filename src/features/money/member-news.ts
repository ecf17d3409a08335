/**
 * The member's socket while signed in (docs/decisions/0141-wallet-news.md):
 * machines/member-news over the chat's socket adapter, its news handed to
 * the screens' machines (src/app/wallet-news.ts), its announcements a toast
 * in the member's language. A chunk of its own, which the member shell
 * loads once the member area shows: socket.io-client comes after it.
 */
import { t } from '@lingui/core/macro';
import { createActor } from 'xstate';
import { memberNewsMachine } from '../../../machines/member-news/member-news.machine.ts';
import { socketLinkFor } from '../../../machines/socket-link/socket-link.machine.ts';
import type { MemberNewsEvent } from '../../../machines/member-news/member-news.types.ts';
import type { WalletChange } from '../../contract/wallet-news.ts';
import type { ApiClient } from '../../api/client.ts';
import { publishWalletNews } from '../../app/wallet-news.ts';
import { chatSocket } from '../chat-shared/chat-socket.ts';
import { formatMoney, type Currency } from '../ui/money.ts';
import { showSuccessToast } from '../ui/toast.ts';
import { depositToastId } from './deposit-toast.ts';

/** What the toast says of a change from elsewhere (member-news.machine.ts announcementOf). */
export function announcementText({ kind, amount, direction }: WalletChange, currency: Currency): string {
  const money = formatMoney(amount, currency);
  switch (kind) {
    case 'deposit':
      return t`Deposit of ${money} received`;
    case 'withdrawalPaid':
      return t`Withdrawal of ${money} paid to your bank account`;
    case 'withdrawalReturned':
      return t`Withdrawal of ${money} returned to your wallet`;
    default:
      return direction === 'in' ? t`${money} added to your wallet` : t`${money} taken from your wallet`;
  }
}

/** Starts the member's socket; returns the function that stops it (sign-out, leaving the member area). */
export function startMemberNews(api: ApiClient): () => void {
  const actor = createActor(
    memberNewsMachine.provide({
      actors: { link: socketLinkFor<MemberNewsEvent>(chatSocket(() => api.deps.getToken())) },
      actions: {
        announce: (_, { change, currency }) =>
          showSuccessToast(announcementText(change, currency), change.kind === 'deposit' ? depositToastId(change.amount) : undefined),
      },
    }),
  );
  const subscription = actor.on('wallet.changed', ({ news }) => publishWalletNews(news));
  actor.start();
  return () => {
    subscription.unsubscribe();
    actor.stop();
  };
}
