/** The QR payments' I/O: every provider child reads, creates and cancels its QR over the API client. */
import type { ApiClient } from '../../src/api/client.ts';
import { qrCountdownActors } from '../qr-countdown/qr-countdown.actors.ts';
import { qrProvider } from './deposit-qr.machine.ts';

export function depositQrActors(api: ApiClient) {
  return { provider: qrProvider(qrCountdownActors(api)) };
}
