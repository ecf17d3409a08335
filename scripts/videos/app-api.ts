/**
 * The few calls a film makes off camera, to set the scene before it rolls:
 * the operator credits a deposit (as a bank transfer would), the member
 * moves money between wallet and game or takes a bonus. Every call carries
 * the header the server requires (spec 7) and a fresh Idempotency-Key, as
 * the SPA sends one per member action.
 */
import { randomUUID } from 'node:crypto';
import type { Credentials } from '../../src/server/config.ts';

type Json = Record<string, unknown>;

export class AppApi {
  constructor(private readonly url: string) {}

  async call(method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<Json> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', 'Idempotency-Key': `howto-videos-${randomUUID()}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(new URL(path, this.url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? (JSON.parse(text) as Json) : {};
  }

  async logIn({ phone, password }: Credentials): Promise<string> {
    const { token } = await this.call('POST', '/api/login', undefined, { username: phone, password });
    if (typeof token !== 'string') throw new Error('the login answered no token');
    return token;
  }
}
