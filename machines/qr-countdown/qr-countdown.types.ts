/** A QR payment on one provider of the deposit modal (spec 2 Deposit modal, spec 4 QR, spec 5 QR create). */
import type { QrProvider, QrState } from '../../src/contract/deposit.ts';
import type { Result } from '../shared/result.ts';

export type { QrProvider, QrState };

export interface QrCountdownInput {
  provider: QrProvider;
  /**
   * The smallest amount the create button takes: spec 5's client minimum
   * (QR_CLIENT_MINIMUMS), or the server's setting when the deposit lookup
   * gave a higher one.
   */
  minimum: number;
  /** The largest amount (the server's qrMaximum from the deposit lookup); null when the lookup failed. */
  maximum: number | null;
}

/** The open QR as the member sees it. */
export interface OpenQr {
  qrcodeId: string;
  /** SVG markup from the server; the view sanitises it before rendering. */
  qrcode: string;
  /** The EMVCo text the code encodes: the saved image is drawn from it. */
  payload: string;
  /** The receiving account's name, shown in the frame around the code. */
  receiverName: string;
  amount: number;
}

/** Why a QR was discarded: its time ran out (00:00) or the member cancelled it. */
type DiscardReason = 'expired' | 'cancelled';

export interface QrCountdownContext {
  provider: QrProvider;
  minimum: number;
  maximum: number | null;
  /** The amount as typed (or set by a quick-amount button); parseAmount() reads it. */
  amount: string;
  qr: OpenQr | null;
  /** Whole seconds until the open QR expires: the countdown shows them as mm:ss. */
  secondsLeft: number;
  /** Set when the QR leaves state open. */
  discarded: DiscardReason | null;
  /**
   * The last failure to show: the server's message when a create answered
   * hasQrcode false (spec 7), a catalogue code, or NETWORK_ERROR.
   */
  error: string | null;
}

export type QrCountdownEvent =
  | { type: 'amount.change'; value: string }
  /** A quick-amount button (spec 2: per provider, QR_QUICK_AMOUNTS). */
  | { type: 'amount.quick'; amount: number }
  | { type: 'qr.create' }
  /** Cancel the open QR: it is deleted on the server. */
  | { type: 'qr.cancel' }
  /** After a discard or a payment: back to the amount, for a new QR. */
  | { type: 'qr.new' }
  /** Another provider created a QR (spec 2): read this provider's QR again. */
  | { type: 'qr.refresh' };

/**
 * Actors the view provides (all with { provider }, cancelQr with { qrcodeId }):
 *   loadQr (GET /api/qrcode/{bankCode}) → Result<QrState>, on opening and on qr.refresh;
 *   createQr ({ provider, amount }) (POST) → Result<QrState>;
 *   cancelQr (DELETE /api/qrcode/{qrcodeId}) → Result<unknown>;
 *   checkQr (GET, every few seconds while open) → Result<QrState>.
 * Actions the view provides: qrCreated ({ provider }) — refresh the other
 * providers; paymentReceived ({ amount }) — the wallet is read again.
 * Tags: 'loading', 'none' (the amount form), 'busy' (a create or cancel on
 * its way), 'open' (the QR and its countdown), 'discarded', 'paid'.
 */
export type QrCountdownTag = 'loading' | 'none' | 'busy' | 'open' | 'discarded' | 'paid';

export type QrAnswer = Result<QrState>;
