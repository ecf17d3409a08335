/**
 * The one way the server calls outside providers (src/server/providers/http.ts,
 * docs/decisions/0136-provider-calls.md): the circuit breaker, which calls
 * are tried again, and the timeouts. Time is a number the test moves and
 * pauses are recorded, never waited; the timeouts run on fake timers.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PROVIDER_ANSWER_MAX_BYTES, ProviderFailure, providerClient, type CallOptions, type ProviderOptions } from '../../src/server/providers/http.ts';

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_fields: object, message: string) => void lines.push({ level, message });
  return { log: { warn: at('warn'), info: at('info'), error: at('error') }, lines };
}

/** A provider whose clock and pauses the test holds. */
function harness(options: Partial<ProviderOptions> = {}) {
  const clock = { now: 0 };
  const pauses: number[] = [];
  const { log, lines } = recordingLog();
  const client = providerClient({
    provider: 'acme',
    log,
    now: () => clock.now,
    pause: async (ms) => void pauses.push(ms),
    breaker: { failuresToOpen: 3, openMs: 30_000 },
    ...options,
  });
  return { client, clock, pauses, lines };
}

const once: CallOptions & { label: string } = { label: 'POST /things', timeoutMs: 1_000, repeatable: false };
const read: CallOptions & { label: string } = { label: 'GET /things/1', timeoutMs: 1_000, repeatable: true, retries: 2, pausesMs: [500, 2_000] };
const serverError = () => new ProviderFailure('acme', 'SERVER_ERROR', { status: 503, detail: 'answered 503' });

/** An attempt that fails with `failure` and counts its calls. */
function failing(failure: () => ProviderFailure = serverError) {
  const attempt = vi.fn(async (_signal: AbortSignal): Promise<string> => {
    throw failure();
  });
  return attempt;
}

describe('the circuit breaker', () => {
  it('opens after N failures in a row, then fails fast without calling, saying so in the log', async () => {
    const { client, lines } = harness();
    const attempt = failing();
    for (let i = 0; i < 2; i += 1) await expect(client.call(once, attempt)).rejects.toMatchObject({ reason: 'SERVER_ERROR', status: 503, answered: true });
    expect(lines.some((line) => line.message.includes('circuit open'))).toBe(false);
    await expect(client.call(once, attempt)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(lines.at(-1)).toEqual({ level: 'error', message: 'acme: circuit open after 3 failures in a row (last SERVER_ERROR); calls fail fast for 30 s' });

    const fast = await client.call(once, attempt).catch((error: unknown) => error);
    expect(fast).toBeInstanceOf(ProviderFailure);
    expect(fast).toMatchObject({ reason: 'CIRCUIT_OPEN', answered: false, retryable: false });
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(lines.at(-1)).toEqual({ level: 'warn', message: 'acme: circuit open, not called (fails fast for 30 s more)' });
  });

  it('counts failures in a row only: an answer in between starts the count again', async () => {
    const { client, lines } = harness();
    for (let i = 0; i < 2; i += 1) await expect(client.call(once, failing())).rejects.toThrow(ProviderFailure);
    expect(await client.call(once, async () => 'ok')).toBe('ok');
    for (let i = 0; i < 2; i += 1) await expect(client.call(once, failing())).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(lines.some((line) => line.message.includes('circuit open'))).toBe(false);
  });

  it('lets one trial call through once the open time has passed: its failure opens the circuit again, its success closes it', async () => {
    const { client, clock, lines } = harness();
    for (let i = 0; i < 3; i += 1) await expect(client.call(once, failing())).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    clock.now += 29_999;
    await expect(client.call(once, failing())).rejects.toMatchObject({ reason: 'CIRCUIT_OPEN' });

    clock.now += 1;
    const trialFails = failing();
    await expect(client.call(once, trialFails)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(trialFails).toHaveBeenCalledTimes(1);
    expect(lines.at(-1)?.message).toContain('circuit open after 4 failures in a row');
    await expect(client.call(once, failing())).rejects.toMatchObject({ reason: 'CIRCUIT_OPEN' });

    clock.now += 30_000;
    let answer!: (value: string) => void;
    const trial = client.call(once, () => new Promise<string>((resolve) => (answer = resolve)));
    // While the one trial is out, every other call still fails fast.
    const other = vi.fn(async () => 'other');
    await expect(client.call(once, other)).rejects.toMatchObject({ reason: 'CIRCUIT_OPEN' });
    expect(other).not.toHaveBeenCalled();
    answer('back');
    expect(await trial).toBe('back');
    expect(lines.at(-1)).toEqual({ level: 'info', message: 'acme: circuit closed, the provider answers again' });
    expect(await client.call(once, other)).toBe('other');
  });

  it('tells a log without error and info levels at warn', async () => {
    const warned: string[] = [];
    const client = providerClient({ provider: 'acme', log: { warn: (_f, message) => void warned.push(message) }, breaker: { failuresToOpen: 1, openMs: 1_000 }, now: () => 0 });
    await expect(client.call(once, failing())).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(warned.at(-1)).toContain('circuit open after 1 failures in a row');
  });
});

describe('retries', () => {
  it('tries a repeatable call again, with its pauses, and a call that is not repeatable once', async () => {
    const { client, pauses, lines } = harness({ breaker: { failuresToOpen: 10, openMs: 30_000 } });
    const reads = failing();
    await expect(client.call(read, reads)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(reads).toHaveBeenCalledTimes(3);
    expect(pauses).toEqual([500, 2_000]);
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      'acme: GET /things/1 answered 503 (SERVER_ERROR, attempt 1 of 3)',
      'acme: GET /things/1 answered 503 (SERVER_ERROR, attempt 2 of 3)',
      'acme: GET /things/1 answered 503 (SERVER_ERROR, attempt 3 of 3)',
    ]);

    const writes = failing();
    await expect(client.call({ ...once, retries: 2 }, writes)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('answers what a retry got', async () => {
    const { client } = harness();
    let calls = 0;
    expect(await client.call(read, async () => (calls += 1) < 3 ? Promise.reject(serverError()) : 'third time')).toBe('third time');
  });

  it('does not repeat a refusal of the request itself, even for a repeatable call; retries a 429', async () => {
    const { client } = harness({ breaker: { failuresToOpen: 10, openMs: 30_000 } });
    const refused = failing(() => new ProviderFailure('acme', 'UNAUTHORIZED', { status: 401 }));
    await expect(client.call(read, refused)).rejects.toMatchObject({ reason: 'UNAUTHORIZED' });
    expect(refused).toHaveBeenCalledTimes(1);
    const tooMany = failing(() => new ProviderFailure('acme', 'QUOTA_EXCEEDED', { status: 429 }));
    await expect(client.call(read, tooMany)).rejects.toMatchObject({ reason: 'QUOTA_EXCEEDED' });
    expect(tooMany).toHaveBeenCalledTimes(3);
  });

  it('tries a call that is not repeatable again only after a failure the provider calls retryable', async () => {
    const { client, pauses } = harness();
    const retryLater = failing(() => new ProviderFailure('acme', 'SERVER_ERROR', { status: 500, retryable: true }));
    await expect(client.call({ ...once, retries: 1, pausesMs: [250] }, retryLater)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(retryLater).toHaveBeenCalledTimes(2);
    expect(pauses).toEqual([250]);
  });

  it('stops retrying when the failure opened the circuit', async () => {
    const { client } = harness({ breaker: { failuresToOpen: 2, openMs: 30_000 } });
    const reads = failing();
    await expect(client.call(read, reads)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('stops retrying when the pause would pass the deadline', async () => {
    const { client, clock } = harness();
    const reads = vi.fn(async (): Promise<string> => {
      clock.now += 1_000;
      throw serverError();
    });
    await expect(client.call({ ...read, deadlineMs: 2_400 }, reads)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    // Two attempts of 1 s each: the 2 s pause before a third would end past 2.4 s.
    expect(reads).toHaveBeenCalledTimes(2);
  });
});

describe('timeouts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An attempt that answers only when its signal aborts, with the abort's reason. */
  const hanging = vi.fn(
    (signal: AbortSignal) =>
      new Promise<string>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      }),
  );

  it('aborts an attempt after its time and fails TIMEOUT, not repeated when the call is not repeatable', async () => {
    vi.useFakeTimers();
    hanging.mockClear();
    const { client } = harness();
    const failure = client.call({ ...once, retries: 2 }, hanging).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(999);
    expect(hanging.mock.calls[0]![0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ reason: 'TIMEOUT', answered: false, message: 'acme: TIMEOUT (no answer within 1000 ms)' });
    expect(hanging.mock.calls[0]![0].aborted).toBe(true);
    expect(hanging).toHaveBeenCalledTimes(1);
  });

  it('gives a repeatable call another attempt after a timeout, each shortened to what is left of the deadline', async () => {
    vi.useFakeTimers();
    hanging.mockClear();
    const { client } = harness({ now: () => Date.now() });
    const failure = client.call({ ...read, pausesMs: [], deadlineMs: 1_600 }, hanging).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hanging).toHaveBeenCalledTimes(2);
    expect(hanging.mock.calls[1]![0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    expect(await failure).toMatchObject({ reason: 'TIMEOUT', message: 'acme: TIMEOUT (no answer within 600 ms)' });
    expect(hanging).toHaveBeenCalledTimes(2);
  });
});

describe('an HTTP request', () => {
  it('answers a 4xx to its caller as an answer, retries a 5xx of a read, and logs no header or body', async () => {
    const statuses = [503, 200, 404];
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      const status = statuses.shift() ?? 500;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/things/1?token=secret-query`);
    const { client, lines } = harness();
    const request = { method: 'GET' as const, url, headers: { authorization: 'Bearer secret-key' } };

    expect(await client.request(read, request)).toMatchObject({ status: 200, json: { status: 200 } });
    expect(await client.request(read, request)).toMatchObject({ status: 404, json: { status: 404 } });
    expect(seen).toEqual(Array.from({ length: 3 }, () => 'GET /things/1?token=secret-query Bearer secret-key'));
    expect(lines.map((line) => line.message)).toEqual(['acme: GET /things/1 answered 503 (SERVER_ERROR, attempt 1 of 3)']);
  });

  it('cuts off an answer past its size, declared or streamed, as a BAD_ANSWER, without retrying it', async () => {
    let served = 0;
    const server = createServer((request, response) => {
      served += 1;
      if (request.url === '/declared') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(PROVIDER_ANSWER_MAX_BYTES + 1) });
        response.end();
        return;
      }
      // No length said: chunks until the client stops reading.
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 32);
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { client } = harness();
    for (const path of ['/declared', '/streamed']) {
      const failure = await client.request({ ...read, retries: 2 }, { method: 'GET', url: new URL(`${base}${path}`), headers: {} }).catch((error: unknown) => error);
      expect(failure, path).toBeInstanceOf(ProviderFailure);
      expect((failure as ProviderFailure).reason).toBe('BAD_ANSWER');
      expect((failure as ProviderFailure).detail).toBe(`answered more than ${PROVIDER_ANSWER_MAX_BYTES} bytes`);
    }
    expect(served).toBe(2);
  });
});
