/**
 * What the server holds open (docs/decisions/0144-connections-and-chat-storage.md):
 * connections per client address and in all, the chat's websockets before
 * their handshake, and the timeouts. Real sockets on 127.0.0.0/8 (each
 * address another client), with low caps set for the test. Nothing waits
 * for time to pass: a place given back is awaited through the server's own
 * 'close' of the connection.
 */
import { randomBytes } from 'node:crypto';
import net, { type Socket } from 'node:net';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CHAT_SOCKET_PATH } from '../../src/contract/chat.ts';
import { REQUESTED_WITH } from '../../src/contract/http.ts';
import { chatConnectionCap } from '../../src/server/chat/socket-admission.ts';
import { connectionCap, openFileLimit, placeCounter } from '../../src/server/connections.ts';
import {
  CHAT_HANDSHAKES_PER_ADDRESS,
  DEFAULT_MAX_CONNECTIONS,
  FILES_KEPT_FREE,
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_IDLE_TIMEOUT_MS,
  HTTP_KEEP_ALIVE_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
  MIN_MAX_CONNECTIONS,
} from '../../src/server/policy.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/app.ts';
import { newGuest } from './helpers/chat.ts';
import { connected, EVENT_GUARD_MS, listening, refusedAtConnect } from './helpers/sockets.ts';

interface Target {
  port: number;
  /** The server's side of each accepted connection, by the client's port. */
  accepted: Map<number, Socket>;
}

async function target(t: TestApp): Promise<Target> {
  const accepted = new Map<number, Socket>();
  t.app.server.on('connection', (socket: Socket) => {
    if (socket.remotePort !== undefined) accepted.set(socket.remotePort, socket);
  });
  const url = await listening(t);
  return { port: Number(new URL(url).port), accepted };
}

/** What became of a connection: the first line the server answered, or 'closed' when it closed without one. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${EVENT_GUARD_MS} ms`)), EVENT_GUARD_MS);
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) {
        clearTimeout(timer);
        resolve(text.slice(0, text.indexOf('\r\n')));
      }
    });
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(text === '' ? 'closed' : text.split('\r\n')[0]!);
    });
  });
}

const open: Socket[] = [];

/** A TCP connection from `localAddress` that has sent nothing yet (closed at the end of the test). */
function connection({ port }: Target, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    open.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The server's side of `socket` has seen it close. */
async function closedOnTheServer(to: Target, socket: Socket): Promise<void> {
  const port = socket.localPort!;
  const server = to.accepted.get(port);
  socket.destroy();
  if (server && !server.closed) await new Promise((resolve) => server.once('close', resolve));
}

/** A plain request from `localAddress` on a connection of its own: the status line. */
async function requestFrom(to: Target, localAddress: string): Promise<string> {
  const socket = await connection(to, localAddress);
  const answer = outcome(socket);
  socket.write(`GET /api/chat/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: ${REQUESTED_WITH}\r\nConnection: close\r\n\r\n`);
  return answer;
}

/** A websocket upgrade to the chat that never sends socket.io's handshake: its status line ('HTTP/1.1 101 …' when taken). */
async function bareWebsocket(
  to: Target,
  localAddress: string,
  headers: Record<string, string> = {},
  path = `${CHAT_SOCKET_PATH}/?EIO=4&transport=websocket`,
): Promise<{ socket: Socket; status: string }> {
  const socket = await connection(to, localAddress);
  const status = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${EVENT_GUARD_MS} ms`)), EVENT_GUARD_MS);
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n')) return;
      clearTimeout(timer);
      socket.off('data', onData);
      resolve(text.slice(0, text.indexOf('\r\n')));
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(text === '' ? 'closed' : text.split('\r\n')[0]!);
    });
  });
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n${extra.join('')}\r\n`,
  );
  return { socket, status: await status };
}

const SWITCHED = /^HTTP\/1\.1 101 /;
/** engine.io's answer to an upgrade allowRequest refuses. */
const REFUSED = /^HTTP\/1\.1 400 /;

/** The app, whose test ends by closing the test's own connections first (the app's close waits for open ones). */
async function appWith(overrides: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  const t = await buildTestApp(overrides);
  onTestFinished(() => {
    for (const socket of open.splice(0)) socket.destroy();
  });
  return t;
}

describe('upgrades', () => {
  it('an upgrade asked anywhere but the sockets\' path is refused at once (a proxy would otherwise count the wait as a failed process)', async () => {
    const t = await appWith();
    const to = await target(t);
    const { status } = await bareWebsocket(to, '127.0.0.4', {}, '/api/session');
    // Answered: socket.io alone closes such a request unanswered after a second (engine.io's destroyUpgradeTimeout).
    expect(status).toMatch(REFUSED);
    expect(await requestFrom(to, '127.0.0.4')).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('connections per client address', () => {
  it('one address holds at most CONNECTIONS_PER_IP at once, counted before it sends a byte; other addresses are answered', async () => {
    const t = await appWith({ connectionsPerAddress: 3 });
    const to = await target(t);
    const held = [await connection(to, '127.0.0.2'), await connection(to, '127.0.0.2'), await connection(to, '127.0.0.2')];
    await vi.waitFor(() => expect(t.app.connections.held('127.0.0.2')).toBe(3));

    expect(await outcome(await connection(to, '127.0.0.2'))).toBe('closed');
    expect(await requestFrom(to, '127.0.0.3')).toMatch(/^HTTP\/1\.1 200 /);

    // One place given back: the address is answered again.
    await closedOnTheServer(to, held[0]!);
    expect(t.app.connections.held('127.0.0.2')).toBe(2);
    expect(await requestFrom(to, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('a flood of websockets that never send a handshake from one address leaves a login from another answered while it lasts', async () => {
    const t = await appWith({ connectionsPerAddress: 120 });
    const to = await target(t);
    // 300 upgrades at once, none ever sending socket.io's handshake: bounded in count, and over in well under a second.
    const flood = await Promise.all(Array.from({ length: 300 }, () => bareWebsocket(to, '127.0.0.2').catch(() => ({ socket: null, status: 'reset' }))));
    const taken = flood.filter(({ status }) => SWITCHED.test(status)).length;
    expect(taken).toBe(CHAT_HANDSHAKES_PER_ADDRESS);
    expect(t.app.connections.held('127.0.0.2')).toBeLessThanOrEqual(120);

    // While every one of them is still open, a member elsewhere logs in.
    const socket = await connection(to, '127.0.0.3');
    const answer = outcome(socket);
    const body = JSON.stringify({ username: '0812345678', password: 'demo-pass-1234' });
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: ${REQUESTED_WITH}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('a trusted proxy’s address is not counted (every client comes through it)', async () => {
    const t = await appWith({ connectionsPerAddress: 2, trustProxy: ['127.0.0.4'] });
    const to = await target(t);
    await Promise.all([connection(to, '127.0.0.4'), connection(to, '127.0.0.4'), connection(to, '127.0.0.4')]);
    expect(await requestFrom(to, '127.0.0.4')).toMatch(/^HTTP\/1\.1 200 /);
    expect(t.app.connections.held('127.0.0.4')).toBe(0);
  });

  it('are not counted with LIMITS_PER_IP=off (load tests from one address)', async () => {
    const t = await appWith({ connectionsPerAddress: 1, limits: { ...testConfig().limits, perIp: null } });
    const to = await target(t);
    await connection(to, '127.0.0.7');
    expect(await requestFrom(to, '127.0.0.7')).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('connections in all', () => {
  it('the server holds at most MAX_CONNECTIONS; past it a connection is dropped at once', async () => {
    const t = await appWith({ maxConnections: 4 });
    const to = await target(t);
    expect([t.app.connections.max, t.app.server.maxConnections]).toEqual([4, 4]);
    for (const address of ['127.0.3.1', '127.0.3.2', '127.0.3.3', '127.0.3.4']) await connection(to, address);
    await vi.waitFor(() => expect(to.accepted.size).toBe(4));
    expect(await outcome(await connection(to, '127.0.3.5'))).toBe('closed');
  });

  it('without MAX_CONNECTIONS, the soft limit of open files less those kept free', () => {
    const limits = (soft: string) => () =>
      `Limit                     Soft Limit           Hard Limit           Units\nMax cpu time              unlimited            unlimited            seconds\nMax open files            ${soft}                 1048576              files\n`;
    expect(openFileLimit(limits('1024'))).toBe(1024);
    expect(openFileLimit(limits('unlimited'))).toBeNull();
    expect(
      openFileLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeNull();
    expect(connectionCap(null, 1024)).toBe(1024 - FILES_KEPT_FREE);
    expect(connectionCap(null, 100)).toBe(MIN_MAX_CONNECTIONS);
    expect(connectionCap(null, null)).toBe(DEFAULT_MAX_CONNECTIONS);
    expect(connectionCap(500, 1024)).toBe(500);
    // This process's own limit, where Linux tells it.
    const own = openFileLimit();
    if (own !== null) expect(connectionCap(null, own)).toBeLessThan(own);
  });

  it('idle, trickling and half-sent connections have short timeouts', async () => {
    const t = await appWith();
    const server = t.app.server;
    expect({
      headers: server.headersTimeout,
      request: server.requestTimeout,
      keepAlive: server.keepAliveTimeout,
      idle: server.timeout,
    }).toEqual({ headers: HTTP_HEADERS_TIMEOUT_MS, request: HTTP_REQUEST_TIMEOUT_MS, keepAlive: HTTP_KEEP_ALIVE_TIMEOUT_MS, idle: HTTP_IDLE_TIMEOUT_MS });
    expect(HTTP_HEADERS_TIMEOUT_MS).toBeLessThan(15_000);
  });

  it('a place is given back once', () => {
    const counter = placeCounter(1);
    const release = counter.take('a')!;
    expect(counter.take('a')).toBeNull();
    release();
    release();
    expect(counter.held('a')).toBe(0);
    expect(counter.take('a')).not.toBeNull();
    expect(counter.take('a')).toBeNull();
  });
});

describe('chat websockets before their handshake', () => {
  it('one address has at most CHAT_HANDSHAKES_PER_ADDRESS waiting; a finished handshake gives its place back', async () => {
    const t = await appWith();
    const to = await target(t);
    const url = `http://127.0.0.1:${to.port}`;
    const waiting: Socket[] = [];
    for (let i = 0; i < CHAT_HANDSHAKES_PER_ADDRESS; i += 1) {
      const { socket, status } = await bareWebsocket(to, '127.0.0.5');
      expect(status).toMatch(SWITCHED);
      waiting.push(socket);
    }
    expect((await bareWebsocket(to, '127.0.0.5')).status).toMatch(REFUSED);
    expect((await bareWebsocket(to, '127.0.0.6')).status).toMatch(SWITCHED);
    const guest = await newGuest(t);
    expect(await refusedAtConnect(url, { guestToken: guest.guestToken }, { localAddress: '127.0.0.5' })).toBe('websocket error');

    // One leaves: a real client takes its place, and once its handshake is done it holds none.
    await closedOnTheServer(to, waiting.pop()!);
    await connected(url, { guestToken: guest.guestToken }, { localAddress: '127.0.0.5' });
    expect((await bareWebsocket(to, '127.0.0.5')).status).toMatch(SWITCHED);
    expect((await bareWebsocket(to, '127.0.0.5')).status).toMatch(REFUSED);
  });

  it('behind TRUST_PROXY they are counted by the forwarded client address, and the proxy is not cut off', async () => {
    const t = await appWith({ trustProxy: ['127.0.0.8'], connectionsPerAddress: 5 });
    const to = await target(t);
    const from = (client: string) => bareWebsocket(to, '127.0.0.8', { 'X-Forwarded-For': client });
    for (let i = 0; i < CHAT_HANDSHAKES_PER_ADDRESS; i += 1) expect((await from('203.0.113.7')).status).toMatch(SWITCHED);
    expect((await from('203.0.113.7')).status).toMatch(REFUSED);
    expect((await from('203.0.113.8')).status).toMatch(SWITCHED);
    expect(await requestFrom(to, '127.0.0.8')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('the chat takes at most its share of the server’s connections; HTTP keeps the rest', async () => {
    const t = await appWith({ maxConnections: 8 });
    const to = await target(t);
    const share = chatConnectionCap(8);
    expect(share).toBeLessThan(8);
    for (let i = 1; i <= share; i += 1) expect((await bareWebsocket(to, `127.0.4.${i}`)).status).toMatch(SWITCHED);
    const refused = await bareWebsocket(to, '127.0.4.100');
    expect(refused.status).toMatch(REFUSED);
    await new Promise((resolve) => (refused.socket.closed ? resolve(null) : refused.socket.once('close', resolve)));
    expect(await requestFrom(to, '127.0.5.1')).toMatch(/^HTTP\/1\.1 200 /);
  });
});
