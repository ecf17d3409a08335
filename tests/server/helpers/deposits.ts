/**
 * Deposit tests' tools: QRs made through the API, the payment simulator
 * posting signed webhooks through app.inject, and mobile-wallet links as
 * the SPA sends them (a simulated voucher, AES-encrypted).
 */
import CryptoJS from 'crypto-js';
import { expect } from 'vitest';
import { TRUELINK_SHARED_SECRET, type QrProvider } from '../../../src/contract/deposit.ts';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { toMinor } from '../../../src/contract/money.ts';
import { PaymentSimulator, type Transport } from '../../../src/server/payments/simulator.ts';
import { giftLink, simulatedVoucher } from '../../../src/server/payments/truemoney.ts';
import type { TestApp } from './app.ts';
import { call } from './http.ts';

/** Sends the simulator's requests into the app, as HTTP would. */
export function injectTransport(t: TestApp): Transport {
  return async ({ method, path, headers, body }) => {
    const response = await t.app.inject({ method, url: path, headers, ...(body !== undefined && { payload: body }) });
    return { status: response.statusCode, body: response.body };
  };
}

/** The simulator with the app's secrets and clock. */
export function simulatorFor(t: TestApp): PaymentSimulator {
  return new PaymentSimulator(t.config, injectTransport(t), t.clock);
}

/** Creates a QR through the API and answers its state. */
export async function createQr(t: TestApp, token: string, provider: QrProvider, amount: number) {
  const response = await call(t.app, endpoints.qrCreate, { amount }, { token, params: { bankCode: provider } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { qrcodeId: string; payload: string; receiverName: string; amount: number; expireIn: number };
}

/** A gift link for a simulated voucher of `amount` baht sent from `phone`, encrypted as the SPA sends it. */
export function encryptedVoucherLink(t: TestApp, phone: string, amount: number): { encrypted: string; link: string } {
  const link = giftLink(simulatedVoucher(t.config.paymentWebhookSecret, phone, toMinor(amount)));
  return { encrypted: encrypt(link), link };
}

export function encrypt(text: string): string {
  return CryptoJS.AES.encrypt(text, TRUELINK_SHARED_SECRET).toString();
}
