/**
 * Where the member's socket (machines/member-news, started by the member
 * shell) hands the wallet's news to the screens' machines
 * (docs/decisions/0141-wallet-news.md): the home's hook passes each to the
 * balance and the home, which passes it to the modal it holds. Small and
 * import-free: the home's chunk reads it without loading the socket's.
 */
import type { WalletChanged } from '../contract/wallet-news.ts';

type Listener = (news: WalletChanged) => void;
const listeners = new Set<Listener>();

export function publishWalletNews(news: WalletChanged): void {
  for (const listener of listeners) listener(news);
}

/** Hears every news from now on; returns the function that stops. */
export function subscribeWalletNews(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
