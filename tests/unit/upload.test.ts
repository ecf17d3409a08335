/**
 * Multipart uploads (src/api/upload.ts) against a fake XMLHttpRequest: the
 * headers and timeout they carry, progress as a fraction, answers read as
 * the JSON client reads them, and no answer (offline, timeout, cancel) as a
 * rejection.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import { upload } from '../../src/api/upload.ts';

const slip = { createdAt: '2026-11-22T10:00:00.000Z', amount: 0, status: 'PENDING', note: '', link: '/files/slips/k', reference: 'REF1' };

/** Records what the code under test does with it; the test plays the network. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  timeout = 0;
  responseType = '';
  status = 0;
  responseText = '';
  body: unknown;
  aborted = false;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

let sessionMessages: string[];
let api: ApiClient;

/** Starts an upload and waits until it is on the (fake) wire. */
async function started(options: Parameters<typeof upload>[3] = {}) {
  const form = new FormData();
  form.append('file', new Blob(['png bytes']), 'slip.png');
  const result = upload(api, 'slipUpload', form, options);
  await vi.waitFor(() => expect(FakeRequest.last?.body).toBe(form));
  return { result, request: FakeRequest.last };
}

beforeEach(() => {
  FakeRequest.last = undefined as unknown as FakeRequest;
  sessionMessages = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  api = createApiClient({ getToken: () => 'member-token', onSessionMessage: (message) => sessionMessages.push(message) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload', () => {
  it('POSTs the form to the endpoint with the fixed headers, the token and the 5-minute timeout', async () => {
    const { result, request } = await started();
    expect([request.method, request.url, request.timeout]).toEqual(['POST', '/api/wallet/slip', 300_000]);
    expect(request.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', Authorization: 'Bearer member-token' });
    request.answer(200, { message: 'SUCCESS', slip });
    await expect(result).resolves.toEqual({ ok: true, data: { message: 'SUCCESS', slip } });
  });

  it('reports progress as a fraction of the body, and 1 once it is all sent', async () => {
    const fractions: number[] = [];
    const { result, request } = await started({ onProgress: (fraction) => fractions.push(fraction) });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 250, total: 1000 });
    request.upload.onprogress?.({ lengthComputable: false, loaded: 500, total: 0 });
    request.upload.onload?.();
    request.answer(200, { message: 'SUCCESS', slip });
    await result;
    expect(fractions).toEqual([0.25, 1]);
  });

  it("answers a refused slip with its reason (the body's slip is the slip table's business)", async () => {
    const { result, request } = await started();
    request.answer(409, { message: 'SLIP_REFNO_DUPLICATED', slip: { ...slip, status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' } });
    await expect(result).resolves.toEqual({ ok: false, message: 'SLIP_REFNO_DUPLICATED' });
  });

  it('reports a special message to the session, as every call does', async () => {
    const { result, request } = await started();
    request.answer(401, { message: 'invalid-token' });
    await expect(result).resolves.toEqual({ ok: false, message: 'invalid-token' });
    expect(sessionMessages).toEqual(['invalid-token']);
  });

  it('reads a 5xx without a body as INTERNAL_SERVER_ERROR, and a gateway\'s 502 without a message as NETWORK_ERROR', async () => {
    const crashed = await started();
    crashed.request.answer(500, '<html>Internal error</html>');
    await expect(crashed.result).resolves.toEqual({ ok: false, message: 'INTERNAL_SERVER_ERROR' });
    const gateway = await started();
    gateway.request.answer(502, '<html>Bad gateway</html>');
    await expect(gateway.result).resolves.toEqual({ ok: false, message: 'NETWORK_ERROR' });
  });

  it('rejects when no answer comes: offline, or the timeout', async () => {
    const offline = await started();
    offline.request.onerror?.();
    await expect(offline.result).rejects.toThrow('network');
    const slow = await started();
    slow.request.ontimeout?.();
    await expect(slow.result).rejects.toThrow('timeout');
  });

  it('aborts the request when the signal does (cancel), and rejects', async () => {
    const cancel = new AbortController();
    const { result, request } = await started({ signal: cancel.signal });
    cancel.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(request.aborted).toBe(true);
  });
});
