/** The QR payments of the deposit modal: one provider child per QR provider (spec 2 Deposit modal). */
import type { QrProvider } from '../../src/contract/deposit.ts';
import type { WalletChanged } from '../../src/contract/wallet-news.ts';

export interface DepositQrInput {
  /** The deposit lookup's qrMinimums (the server's minimum per provider); undefined when the lookup failed. */
  serverMinimums: Readonly<Record<string, number>> | undefined;
  /** The deposit lookup's qrMaximum; undefined when the lookup failed (the server still applies it). */
  serverMaximum: number | undefined;
}

export type DepositQrEvent =
  /** A provider created a QR (its child tells): the other providers read theirs again (spec 2). */
  | { type: 'qr.created'; provider: QrProvider }
  /** A provider's QR was paid (its child tells). */
  | { type: 'qr.paid'; amount: number }
  /**
   * The server told the member's socket that their money moved (the deposit
   * modal passes it on): a deposit makes every provider read its QR now, so
   * a QR paid shows at once; the 5 s re-read stays as the fallback.
   */
  | { type: 'wallet.changed'; news: WalletChanged };
