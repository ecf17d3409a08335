/**
 * The SPA's API client against a fake fetch: path parameters, query strings,
 * the idempotency key of money-moving calls, and the failure model
 * (docs/decisions/0009-api-client-failures-and-special-messages.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, requestPath, type ApiClient } from '../../src/api/client.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/endpoints.ts';

interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const credentials = { code: 'PG', provider: 'pg', username: 'pg0812345678', password: 'Secret12', event: null };
const moved = { message: 'SUCCESS', amount: 100, wallet: { amount: 400 }, transferId: '17' };

let sent: SentRequest[];
let answer: { status: number; body: unknown };
let sessionMessages: string[];
let api: ApiClient;

beforeEach(() => {
  sent = [];
  sessionMessages = [];
  answer = { status: 200, body: credentials };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(new URL(String(input), 'http://app.test'), init);
    const text = await request.text();
    sent.push({ url: request.url, method: request.method, headers: request.headers, body: text ? JSON.parse(text) : undefined });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  api = createApiClient({ getToken: () => 'member-token', onSessionMessage: (message) => sessionMessages.push(message) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('path parameters', () => {
  it('fills the :name segments of the path', async () => {
    const result = await api.call('gameAccountCredentials', { params: { gameCode: 'PG' } });

    expect(result).toEqual({ ok: true, data: credentials });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('GET');
    expect(new URL(sent[0]!.url).pathname).toBe('/api/wallet/account/PG');
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer member-token');
  });

  it('URL-encodes each parameter, so a value cannot reach another path', async () => {
    answer = { status: 200, body: { entry: { kind: 'link', url: 'https://games.test/play' } } };

    await api.call('autoLogin', { params: { provider: 'pg', username: 'a/../b c' } });

    expect(new URL(sent[0]!.url).pathname).toBe('/api/autoLogin/pg/a%2F..%2Fb%20c');
  });

  it('refuses to call when a parameter is missing', () => {
    expect(() => requestPath('/api/wallet/activate/:gameCode', {})).toThrow(/missing path parameter gameCode/);
  });
});

describe('query strings', () => {
  it('appends the query, leaving out values that are not set', () => {
    expect(requestPath('/api/ops/withdrawals', undefined, { status: 'paid', page: 2, filter: undefined })).toBe(
      '/api/ops/withdrawals?status=paid&page=2',
    );
    expect(requestPath('/api/ops/withdrawals', undefined, { status: undefined })).toBe('/api/ops/withdrawals');
  });

  it('sends the query of an endpoint that reads one', async () => {
    answer = { status: 200, body: { withdrawals: [], total: 0 } };

    await api.call('opsWithdrawals', { query: { status: 'rejected' } });

    const url = new URL(sent[0]!.url);
    expect([url.pathname, url.search]).toEqual(['/api/ops/withdrawals', '?status=rejected']);
  });

  it('calls without a query when the query is optional', async () => {
    answer = { status: 200, body: { withdrawals: [], total: 0 } };

    await api.call('opsWithdrawals');

    expect(new URL(sent[0]!.url).search).toBe('');
  });
});

describe('idempotency key', () => {
  it('sends the key of a money-moving call as the Idempotency-Key header, with the body', async () => {
    answer = { status: 200, body: moved };

    const result = await api.call('transfer', { from: 'WALLET', to: 'PG', amount: 100 }, { idempotencyKey: 'key-0001.1' });

    expect(result).toEqual({ ok: true, data: moved });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe('key-0001.1');
    expect(sent[0]!.body).toEqual({ from: 'WALLET', to: 'PG', amount: 100 });
  });

  it('sends the same key again when the caller retries with it', async () => {
    answer = { status: 200, body: moved };

    await api.call('withdrawAll', { amount: 100 }, { idempotencyKey: 'key-0002.1' });
    await api.call('withdrawAll', { amount: 100 }, { idempotencyKey: 'key-0002.1' });

    expect(sent.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual(['key-0002.1', 'key-0002.1']);
  });

  it('refuses a money-moving call without a key, before sending anything', async () => {
    const call = api.call as (name: string, body: unknown, options?: object) => Promise<unknown>;

    await expect(call('transferAll', { to: 'PG' }, {})).rejects.toThrow(/idempotency key/);
    expect(sent).toEqual([]);
  });

  it('sends no key on other calls', async () => {
    await api.call('gameAccountCredentials', { params: { gameCode: 'PG' } });

    expect(sent[0]!.headers.has(IDEMPOTENCY_KEY_HEADER)).toBe(false);
  });
});

describe('answers', () => {
  it('resolves a catalogue failure as data', async () => {
    answer = { status: 400, body: { message: 'SLOT_NO_ACCOUNT' } };

    await expect(api.call('gameAccountCredentials', { params: { gameCode: 'PG' } })).resolves.toEqual({
      ok: false,
      message: 'SLOT_NO_ACCOUNT',
    });
    expect(sessionMessages).toEqual([]);
  });

  it('reports invalid-token to the session', async () => {
    answer = { status: 401, body: { message: 'invalid-token' } };

    await api.call('wallet');

    expect(sessionMessages).toEqual(['invalid-token']);
  });

  it('resolves a 5xx without a body as INTERNAL_SERVER_ERROR', async () => {
    answer = { status: 500, body: null };

    await expect(api.call('transferAll', { to: 'PG' }, { idempotencyKey: 'key-0003.1' })).resolves.toEqual({
      ok: false,
      message: 'INTERNAL_SERVER_ERROR',
    });
  });
});

describe('a flaky network (docs/decisions/0145-a-flaky-network.md)', () => {
  let heard: boolean[];
  let stop: () => void;
  beforeEach(async () => {
    heard = [];
    const { onReached } = await import('../../src/api/answer.ts');
    stop = onReached((answered) => heard.push(answered));
  });
  afterEach(() => stop());

  it('resolves a gateway\'s 502, 503 or 504 without a message as NETWORK_ERROR, and reports it unanswered', async () => {
    for (const status of [502, 503, 504]) {
      answer = { status, body: null };
      await expect(api.call('wallet')).resolves.toEqual({ ok: false, message: 'NETWORK_ERROR' });
    }
    expect(heard).toEqual([false, false, false]);
  });

  it('keeps a 502 with a message a refusal (TRANSFER_FAIL: rolled back), and reports it answered', async () => {
    answer = { status: 502, body: { message: 'TRANSFER_FAIL' } };
    await expect(api.call('transferAll', { to: 'PG' }, { idempotencyKey: 'key-0004.1' })).resolves.toEqual({ ok: false, message: 'TRANSFER_FAIL' });
    answer = { status: 200, body: credentials };
    await api.call('gameAccountCredentials', { params: { gameCode: 'PG' } });
    expect(heard).toEqual([true, true]);
  });

  it('reports a request that got no answer, but not one its caller gave up', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.call('wallet')).rejects.toThrow();
    const given = new AbortController();
    given.abort();
    await expect(api.call('wallet', { signal: given.signal })).rejects.toThrow();
    expect(heard).toEqual([false]);
  });
});

// Compile-time checks of the call signature (tsc runs over tests/).
export function typeChecks(client: ApiClient) {
  void client.call('wallet');
  void client.call('gameAccountActivate', { params: { gameCode: 'PG' } });
  // @ts-expect-error path parameters are required when the path has them
  void client.call('gameAccountActivate');
  // @ts-expect-error a parameter of another endpoint
  void client.call('gameAccountActivate', { params: { provider: 'pg' } });
  // @ts-expect-error money-moving calls need an idempotency key
  void client.call('transfer', { from: 'WALLET', to: 'PG', amount: 1 });
  // @ts-expect-error only money-moving calls take one
  void client.call('wallet', { idempotencyKey: 'key-0004.1' });
  // @ts-expect-error no query on an endpoint without one
  void client.call('wallet', { query: { page: 1 } });
  void client.call('withdrawAll', { amount: 1 }, { idempotencyKey: 'key-0005.1', signal: AbortSignal.timeout(1000) });
}
