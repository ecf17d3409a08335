/**
 * Operating the server (docs/decisions/0148-operating-it.md): /healthz,
 * /readyz and what it checks, /metrics and who may read it, what its
 * counters count, and the request id in logs and answers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { approvals, slips } from '../../src/server/db/schema.ts';
import { readiness } from '../../src/server/operating/readiness.ts';
import { METRICS_PENDING_FRESH_MS } from '../../src/server/policy.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { buildMoneyApp, checkLedgerAfterEach, memberWithMoney, OPERATOR, operatorIdOf } from './helpers/money.ts';
import { PRODUCTION_ENV } from './helpers/production.ts';
import { handTicker } from '../support/hand-ticker.ts';

checkLedgerAfterEach();

const STRANGER = '203.0.113.9';
const TOKEN = 'metrics-token-for-this-test-only-7f3a';

/** One sample's value in Prometheus's text, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

const quietLog = { debug: () => undefined, warn: () => undefined } as unknown as Parameters<typeof readiness>[0]['log'];

describe('health and readiness', () => {
  it('answers /healthz and /readyz without a session, header or log line, and /readyz 503 once shutting down', async () => {
    const t = await buildTestApp({ logLevel: 'info' });

    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok' } }]);
    expect(ready.headers['cache-control']).toBe('no-store');
    // A balancer polls every few seconds: no request line in the log for either.
    expect(t.logs.filter((line) => line.includes('/healthz') || line.includes('/readyz'))).toEqual([]);

    t.app.readiness.beginShutdown();
    const stopping = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([stopping.statusCode, stopping.json()]).toEqual([503, { status: 'shutting-down' }]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('names the dependency that failed: Redis that refuses, a database that does not answer in time', async () => {
    const t = await buildTestApp();
    // Nothing listens on port 1.
    const redisDown = readiness({ db: t.db, redisUrl: 'redis://127.0.0.1:1', timeoutMs: 1_000, log: quietLog });
    const stuck = { execute: () => new Promise(() => undefined) } as unknown as Db;
    const databaseStuck = readiness({ db: stuck, redisUrl: null, timeoutMs: 50, log: quietLog });
    try {
      expect(await redisDown.check()).toEqual({ ready: false, checks: { database: 'ok', redis: 'failed' } });
      expect(await databaseStuck.check()).toEqual({ ready: false, checks: { database: 'timeout' } });
    } finally {
      await Promise.all([redisDown.close(), databaseStuck.close()]);
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('readiness with Redis (TEST_REDIS_URL)', () => {
  it('is ready while the database and Redis answer', async () => {
    const t = await buildTestApp();
    const redisUp = readiness({ db: t.db, redisUrl: process.env.TEST_REDIS_URL!, timeoutMs: 1_000, log: quietLog });
    try {
      expect(await redisUp.check()).toEqual({ ready: true, checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await redisUp.close();
    }
  });
});

describe('/metrics', () => {
  it('refuses a stranger with a catalogue code and admits loopback and the token', async () => {
    const t = await buildTestApp({ metricsToken: TOKEN });

    const stranger = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: STRANGER });
    const wrongToken = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: STRANGER, headers: { authorization: 'Bearer not-the-token-at-all' } });
    const withToken = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: STRANGER, headers: { authorization: `Bearer ${TOKEN}` } });
    const loopback = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    const mappedLoopback = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' });

    expect([stranger.statusCode, stranger.json()]).toEqual([403, { message: 'INVALID_IP' }]);
    expect([wrongToken.statusCode, wrongToken.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect([withToken.statusCode, loopback.statusCode, mappedLoopback.statusCode]).toEqual([200, 200, 200]);
    expect(loopback.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['process_cpu_seconds_total', 'wallet_slips_pending', 'wallet_approvals_pending', 'wallet_sockets_open', 'wallet_db_pool_connections', 'wallet_http_connections_open']) {
      expect(loopback.body).toContain(`# TYPE ${name} `);
    }
  });

  it('in production answers only the configured addresses (none by default) and refuses a token from the source', async () => {
    const production = loadConfig(PRODUCTION_ENV);
    expect(production.metricsAllow).toEqual([]);
    const t = await buildTestApp({ metricsAllow: production.metricsAllow });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect(loadConfig({ ...PRODUCTION_ENV, METRICS_ALLOW: '10.0.0.0/8, ::1' }).metricsAllow).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);

    expect(() => loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: 'replace-with-32-or-more-random-characters-of-your-own' })).toThrow(
      new ConfigError('Invalid configuration: METRICS_TOKEN must not be a value from the source code in production (NODE_ENV=production)'),
    );
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be 16 to 256 characters without spaces (got 5 characters)');
  });

  it('counts answers by route pattern and status, committed transfers by kind, and job runs and failures', async () => {
    const ticker = handTicker();
    const m = await buildMoneyApp({}, { jobTicker: ticker });
    const member = await memberWithMoney(m, { wallet: 100, opened: ['TEST_SLOT'] });
    const before = await scrape(m);

    const moved = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 10 }, { token: member.token });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 1_000 }, { token: member.token });
    expect(refused.statusCode, refused.body).toBe(400);
    await ticker.tick('prune-rate-limits');
    const after = await scrape(m);

    const transfers = 'wallet_ledger_transfers_total{kind="transfer"}';
    const answered = (status: number) => `wallet_http_requests_total{method="POST",route="/api/wallet/transfer",status_code="${status}"}`;
    expect(sample(after, transfers) - sample(before, transfers)).toBe(1);
    expect(sample(after, 'wallet_ledger_transfers_total{kind="deposit"}')).toBeGreaterThan(0);
    expect([sample(after, answered(200)) - sample(before, answered(200)), sample(after, answered(400)) - sample(before, answered(400))]).toEqual([1, 1]);
    expect(sample(after, 'wallet_http_request_duration_seconds_count{method="POST",route="/api/wallet/transfer",status_code="200"}')).toBeGreaterThan(0);
    // The route's pattern, never the URL a caller made up.
    await m.app.inject({ method: 'GET', url: '/api/no/such/path-12345', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const unmatched = await scrape(m);
    expect(unmatched).not.toContain('path-12345');
    expect(sample(unmatched, 'wallet_http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(sample(after, 'wallet_job_runs_total{job="prune-rate-limits"}')).toBe(1);
    // Only the scrape itself is under way.
    expect(sample(after, 'wallet_http_requests_in_flight')).toBe(1);
    expect(sample(after, 'wallet_job_failures_total{job="prune-rate-limits"}')).toBe(0);
  });

  it("counts the SPA's files as one route and its page as unmatched", async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'wallet-dist-'));
    onTestFinished(() => rmSync(distDir, { recursive: true, force: true }));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(distDir, 'assets', 'index-a1b2.js'), 'void 0');
    writeFileSync(path.join(distDir, 'assets', 'index-c3d4.css'), 'body{}');
    const t = await buildTestApp({ distDir });

    for (const url of ['/assets/index-a1b2.js', '/assets/index-c3d4.css', '/home']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const text = await scrape(t);

    expect(text).not.toContain('index-a1b2');
    expect(sample(text, 'wallet_http_requests_total{method="GET",route="spa-file",status_code="200"}')).toBe(2);
    expect(sample(text, 'wallet_http_requests_total{method="GET",route="unmatched",status_code="200"}')).toBe(1);
  });

  it('reads the pending slips and approvals at scrape time, one query reused for a few seconds', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const operatorId = await operatorIdOf(m.db, OPERATOR.phone);
    const waitingSlip = () => m.db.insert(slips).values({ userId: member.userId, status: 'PENDING', createdAt: m.clock() });
    await waitingSlip();
    await m.db.insert(slips).values({ userId: member.userId, status: 'FAILED', note: 'INVALID_SLIP', createdAt: m.clock() });
    await m.db.insert(approvals).values({ action: 'deposit.manual', subject: 'REF-OPS-1', amount: 100n, currency: 'BAHT', request: {}, status: 'pending', requestedBy: operatorId, requestedAt: m.clock() });

    const text = await scrape(m);
    await waitingSlip();
    const soonAfter = await scrape(m);

    expect([sample(text, 'wallet_slips_pending'), sample(text, 'wallet_approvals_pending')]).toEqual([1, 1]);
    // Within METRICS_PENDING_FRESH_MS the counts are the last query's; after it, counted again.
    expect(sample(soonAfter, 'wallet_slips_pending')).toBe(1);
    m.clock.advance(METRICS_PENDING_FRESH_MS);
    expect(sample(await scrape(m), 'wallet_slips_pending')).toBe(2);
    expect(sample(text, 'wallet_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });
});

describe('request ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("takes a trusted proxy's well-formed X-Request-Id into the log and the answer, and makes one otherwise", async () => {
    const t = await buildTestApp({ logLevel: 'info', trustProxy: ['127.0.0.1'] });
    const asked = (id: string) => t.app.inject({ method: 'GET', url: '/api/lookup/active', headers: { 'x-requested-with': 'XMLHttpRequest', 'x-request-id': id } });

    const fromProxy = await asked('0123456789abcdef0123456789abcdef');
    expect(fromProxy.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
    const logged = t.logs.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((line) => line.reqId === '0123456789abcdef0123456789abcdef');
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);

    for (const malformed of ['short', 'x'.repeat(129), 'has space in it', 'quote"inside-it', 'line\u2028break-id']) {
      expect((await asked(malformed)).headers['x-request-id'], malformed).toMatch(uuid);
    }
  });

  it("ignores a client's own X-Request-Id when no proxy is trusted", async () => {
    const t = await buildTestApp();
    const answer = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'chosen-by-the-client-1' } });
    expect(answer.headers['x-request-id']).toMatch(uuid);
  });
});
