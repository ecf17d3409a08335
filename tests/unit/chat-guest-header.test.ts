/**
 * A chat guest's credentials on the wire (src/api/guest-token.ts with the
 * API client and the uploads): a visitor's chat calls carry the stored
 * guest token in GUEST_TOKEN_HEADER, asking for a guest id renews the stored
 * one, a member's calls carry only their bearer token, other calls never
 * carry the guest's, and a refused guest is not sent to /login.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import { clearGuestCredentials, readGuestCredentials, storeGuestCredentials } from '../../src/api/guest-token.ts';
import { upload } from '../../src/api/upload.ts';
import { GUEST_ID_KEY, GUEST_TOKEN_HEADER, GUEST_TOKEN_KEY } from '../../src/contract/chat.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const GUEST = { guestId: 'g0123456789abcdef0123456789abcdef', guestToken: 'g0123456789abcdef0123456789abcdef.1790000000.signature' };

let sent: { path: string; headers: Headers }[];
let answer: { status: number; body: unknown };
let sessionMessages: string[];
let memberToken: string | null;
let api: ApiClient;

beforeEach(() => {
  sent = [];
  sessionMessages = [];
  memberToken = null;
  answer = { status: 200, body: [] };
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(new URL(String(input), 'http://app.test'), init);
    sent.push({ path: new URL(request.url).pathname, headers: request.headers });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  api = createApiClient({ getToken: () => memberToken, onSessionMessage: (message) => sessionMessages.push(message) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('guest credentials', () => {
  it('keeps the id and the token side by side, and forgets both', () => {
    expect(readGuestCredentials()).toBeNull();
    storeGuestCredentials(GUEST);
    expect([localStorage.getItem(GUEST_ID_KEY), localStorage.getItem(GUEST_TOKEN_KEY)]).toEqual([GUEST.guestId, GUEST.guestToken]);
    expect(readGuestCredentials()).toEqual(GUEST);
    clearGuestCredentials();
    expect(readGuestCredentials()).toBeNull();
  });

  it('takes half of it for nothing', () => {
    localStorage.setItem(GUEST_ID_KEY, GUEST.guestId);
    expect(readGuestCredentials()).toBeNull();
  });
});

describe('chat calls', () => {
  it("send a visitor's stored guest token, and no bearer token", async () => {
    storeGuestCredentials(GUEST);
    await api.call('chatHistory', { guestId: GUEST.guestId, limit: 10, skip: 0 });
    expect(sent[0]!.headers.get(GUEST_TOKEN_HEADER)).toBe(GUEST.guestToken);
    expect(sent[0]!.headers.get('Authorization')).toBeNull();
  });

  it("send a member's bearer token only, even with a guest stored on the device", async () => {
    storeGuestCredentials(GUEST);
    memberToken = 'member-token';
    await api.call('chatHistory', { userId: '7', limit: 10, skip: 0 });
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer member-token');
    expect(sent[0]!.headers.get(GUEST_TOKEN_HEADER)).toBeNull();
  });

  it('renew the stored guest when asking for a guest id, and ask for a new one without', async () => {
    answer = { status: 200, body: GUEST };
    await api.call('chatGuest');
    storeGuestCredentials(GUEST);
    await api.call('chatGuest');
    expect(sent.map((request) => request.headers.get(GUEST_TOKEN_HEADER))).toEqual([null, GUEST.guestToken]);
  });

  it('are the only calls that carry it', async () => {
    storeGuestCredentials(GUEST);
    answer = { status: 200, body: { enableChatWidget: true } };
    await api.call('lookupEnableChatWidget');
    expect(sent[0]!.headers.get(GUEST_TOKEN_HEADER)).toBeNull();
  });

  it('do not send a refused visitor to /login; a refused member goes', async () => {
    storeGuestCredentials(GUEST);
    answer = { status: 401, body: { message: 'invalid-token' } };
    await expect(api.call('chatHistory', { guestId: GUEST.guestId })).resolves.toEqual({ ok: false, message: 'invalid-token' });
    expect(sessionMessages).toEqual([]);
    memberToken = 'revoked-token';
    await api.call('chatHistory', { userId: '7' });
    expect(sessionMessages).toEqual(['invalid-token']);
  });
});

describe('chat uploads', () => {
  /** Records the request's headers; answers at once. */
  class FakeRequest {
    static last: FakeRequest;
    url = '';
    headers: Record<string, string> = {};
    status = 200;
    responseText = JSON.stringify({ path: 'chat/abc.png', url: '/files/chat/abc.png?sig=1', fileType: 'image' });
    upload = {};
    timeout = 0;
    responseType = '';
    onload?: () => void;
    constructor() {
      FakeRequest.last = this;
    }
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send() {
      queueMicrotask(() => this.onload?.());
    }
  }

  it("carry a visitor's guest token to the chat's upload, never to the slip's", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    storeGuestCredentials(GUEST);
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob(['png']), 'photo.png');
      return data;
    };
    await expect(upload(api, 'chatUploadImage', form())).resolves.toMatchObject({ ok: true });
    expect([FakeRequest.last.url, FakeRequest.last.headers[GUEST_TOKEN_HEADER]]).toEqual(['/api/chat/upload-image', GUEST.guestToken]);
    await upload(api, 'slipUpload', form()).catch(() => undefined);
    expect([FakeRequest.last.url, FakeRequest.last.headers[GUEST_TOKEN_HEADER]]).toEqual(['/api/wallet/slip', undefined]);
  });
});
