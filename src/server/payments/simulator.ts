/**
 * The built-in payment simulator: it plays a provider paying a QR, calling
 * our webhook signed with the provider's secret exactly as a real provider
 * would, over HTTP (`npm run simulate:pay`, the browser suite, the
 * benchmark) or through any other transport (tests use app.inject).
 *
 * It can also ask the server what a QR is for (provider and amount),
 * through GET /api/hooks/simulator/qrcodes/{id}, signed with
 * PAYMENT_WEBHOOK_SECRET over the request line: the simulate:pay script
 * then needs no database, which matters with PGlite, whose folder only the
 * server may open.
 */
import { randomUUID } from 'node:crypto';
import type { QrProvider } from '../../contract/deposit.ts';
import type { Config } from '../config.ts';
import { signedHeaders } from './webhook.ts';

export interface SimulatorRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SimulatorResponse {
  status: number;
  body: string;
}

export type Transport = (request: SimulatorRequest) => Promise<SimulatorResponse>;

/** Sends to a running server at `baseUrl` (http://host:port). */
export function httpTransport(baseUrl: string): Transport {
  return async ({ method, path, headers, body }) => {
    const response = await fetch(new URL(path, baseUrl), { method, headers, ...(body !== undefined && { body }) });
    return { status: response.status, body: await response.text() };
  };
}

export const simulatorQrPath = (qrcodeId: string) => `/api/hooks/simulator/qrcodes/${qrcodeId}`;

/** What the simulator's QR lookup signs: the request line, so a signature works for one QR only. */
export const simulatorLookupPayload = (path: string) => `GET ${path}`;

export interface SimulatedPayment {
  provider: QrProvider;
  qrcodeId: string;
  /** Major units, as on the wire. */
  amount: number;
  /** The provider's transaction id; a new one unless given (give the same to replay a payment). */
  transactionId?: string;
  paidAt?: Date;
}

export interface QrFacts {
  qrcodeId: string;
  provider: QrProvider;
  amount: number;
  status: string;
}

export class PaymentSimulator {
  constructor(
    private readonly config: Pick<Config, 'paymentWebhookSecret' | 'paymentWebhookSecrets'>,
    private readonly send: Transport,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Posts a signed payment webhook; answers the server's status and body. */
  pay({ provider, qrcodeId, amount, transactionId = `SIM-${randomUUID()}`, paidAt }: SimulatedPayment): Promise<SimulatorResponse> {
    const now = this.clock();
    const body = JSON.stringify({ transactionId, qrcodeId, amount, paidAt: (paidAt ?? now).toISOString() });
    return this.send({
      method: 'POST',
      path: `/api/hooks/payments/${provider}`,
      headers: { 'content-type': 'application/json', ...signedHeaders(this.config.paymentWebhookSecrets[provider], body, now, provider) },
      body,
    });
  }

  /** The QR's provider, amount and status as the server has them; null for an unknown QR. */
  async lookUp(qrcodeId: string): Promise<QrFacts | null> {
    const path = simulatorQrPath(qrcodeId);
    const response = await this.send({
      method: 'GET',
      path,
      headers: signedHeaders(this.config.paymentWebhookSecret, simulatorLookupPayload(path), this.clock()),
    });
    if (response.status === 404) return null;
    if (response.status === 401) throw new Error('the server refused the signed QR lookup (401): is PAYMENT_WEBHOOK_SECRET the server\'s?');
    if (response.status !== 200) throw new Error(`the server answered the QR lookup with ${response.status}: ${response.body}`);
    return JSON.parse(response.body) as QrFacts;
  }
}
