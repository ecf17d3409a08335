/**
 * The chat across processes (docs/decisions/0105-chat-realtime.md, scale-out): two real server
 * processes (`node --import tsx src/server/server.ts`) on one PostgreSQL
 * database and the Redis at TEST_REDIS_URL. What one process stores and
 * sends reaches sockets connected to the other through the Redis adapter:
 * a member's message, an agent's reply, the agents' count, the end of a
 * session.
 *
 * It runs in the PostgreSQL project (TEST_DB=pg) when TEST_REDIS_URL is set
 * too, as CI does (.ci/run); the database is its own, dropped after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRoom, GUEST_TOKEN_HEADER, SOCKET_INBOX, SOCKET_MESSAGING, SOCKET_PRESENCE, SOCKET_REFUSED } from '../../src/contract/chat.ts';
import { SOCKET_WALLET_CHANGED, type WalletChanged } from '../../src/contract/wallet-news.ts';
import { endpoints, fillPath, REQUESTED_WITH, type Endpoint } from '../../src/contract/endpoints.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { postgresDatabase, type Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { addOperator } from '../../src/server/operators/accounts.ts';
import { newPostgresDatabase } from './helpers/app.ts';
import { collect, disconnection, eventWhere, join, nextEvent, openSocket, whenConnected } from './helpers/sockets.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const projectRoot = path.resolve(import.meta.dirname, '../..');
/** Migrating a new database and starting takes seconds; this only bounds a server that never comes up. */
const START_GUARD_MS = 90_000;

const ADMIN = { phone: '0800000001', password: 'operator-secret' };
const MEMBER = { phone: '0899999901', password: 'demo-chat-pass-1' };
const SUPPORT_PHONE = '0800000102';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Process {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** A server process, resolved once it listens (its "Open http://" line); rejects when it exits first. */
async function startServer(env: Record<string, string>): Promise<Process> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-redis-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${START_GUARD_MS} ms:\n${output}`)), START_GUARD_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Open http://')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, dataDir };
}

async function stopServer({ child, dataDir }: Process): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

interface CallOptions {
  token?: string;
  guestToken?: string;
  params?: Record<string, string>;
}

/** A call the way the SPA makes it, over real HTTP to one process. */
async function call(server: Process, endpoint: Endpoint, body?: unknown, { token, guestToken, params }: CallOptions = {}) {
  const response = await fetch(`${server.url}${fillPath(endpoint.path, params)}`, {
    method: endpoint.method,
    headers: {
      'x-requested-with': REQUESTED_WITH,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
      ...(guestToken !== undefined && { [GUEST_TOKEN_HEADER]: guestToken }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${endpoint.method} ${endpoint.path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

function textMessage(text: string) {
  return { message: { message_type: 'text', payload: { text }, deliver: { id: randomUUID() } } };
}

type Presence = { agents: number };
type Delivered = { _id: string; message: { payload: { text: string } } };
type Inbox = { conversation: { id: string; guestId: string | null; userId: string | null } };

describe.runIf(process.env.TEST_DB === 'pg' && redisUrl)('the chat on two server processes (PostgreSQL, Redis)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Database;
  let a: Process;
  let b: Process;
  const prefix = `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;

  beforeAll(async () => {
    database = await newPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      // A prefix of this run's own: the Redis channels are named after it, so no other run's sockets mix in.
      CHAT_PREFIX: prefix,
      OPERATOR_PHONE: ADMIN.phone,
      OPERATOR_PASSWORD: ADMIN.password,
      DEMO_PHONE: MEMBER.phone,
      DEMO_PASSWORD: MEMBER.password,
      SMS_PROVIDER: 'console',
    };
    // One after the other: each migrates and seeds the database at start.
    a = await startServer(env);
    b = await startServer(env);
    db = postgresDatabase(database.url, 2);
  }, 2 * START_GUARD_MS);

  afterAll(async () => {
    await Promise.all([a && stopServer(a), b && stopServer(b)]);
    await db?.close();
    await database?.drop();
  });

  it('delivers through either process to sockets on the other, counts agents on both, and ends a session everywhere', async () => {
    const [member] = await db.db.select({ id: users.id }).from(users).where(eq(users.phone, MEMBER.phone));
    const memberToken = String((await call(a, endpoints.login, { username: MEMBER.phone, password: MEMBER.password })).token);
    const guest = (await call(a, endpoints.chatGuest)) as { guestId: string; guestToken: string };
    const adminToken = String((await call(b, endpoints.login, { username: ADMIN.phone, password: ADMIN.password })).token);
    const enrolment = await addOperator(db.db, { phone: SUPPORT_PHONE, role: 'support', name: 'support' }, new Date());
    const supportToken = String(
      (await call(a, endpoints.login, { username: SUPPORT_PHONE, password: enrolment.password, otpCode: totpCode(enrolment.totpSecret, new Date()) })).token,
    );

    // Agents: one on each process; each hears that two are online.
    const agentOnA = openSocket(a.url, { token: supportToken });
    const agentOnB = openSocket(b.url, { token: adminToken });
    const twoOnA = eventWhere<Presence>(agentOnA, SOCKET_PRESENCE, (p) => p.agents === 2);
    const twoOnB = eventWhere<Presence>(agentOnB, SOCKET_PRESENCE, (p) => p.agents === 2);
    await Promise.all([whenConnected(agentOnA), whenConnected(agentOnB)]);
    expect(await Promise.all([twoOnA, twoOnB])).toEqual([{ agents: 2 }, { agents: 2 }]);

    // Customers: the member on B, the guest on A.
    const memberOnB = await whenConnected(openSocket(b.url, { token: memberToken }));
    const guestOnA = await whenConnected(openSocket(a.url, { guestToken: guest.guestToken }));
    expect(await join(memberOnB, chatRoom(prefix, String(member!.id)))).toEqual({ ok: true });
    expect(await join(guestOnA, chatRoom(prefix, guest.guestId))).toEqual({ ok: true });
    expect(await join(guestOnA, chatRoom(prefix, String(member!.id)))).toEqual({ ok: false, message: 'UNAUTHORIZED' });

    // A member's message posted through A reaches the member's socket on B, and the agent on B.
    const toMember = nextEvent<Delivered>(memberOnB, SOCKET_MESSAGING);
    const memberInbox = eventWhere<Inbox>(agentOnB, SOCKET_INBOX, (e) => e.conversation.userId === String(member!.id));
    const sent = await call(a, endpoints.chatSendMessage, textMessage('from the member, through A'), { token: memberToken });
    expect(await toMember).toMatchObject({ _id: sent._id, message: { payload: { text: 'from the member, through A' } } });
    await memberInbox;

    // A guest writes through A; the agent on B replies through B; the guest's socket on A hears it.
    const guestInbox = eventWhere<Inbox>(agentOnB, SOCKET_INBOX, (e) => e.conversation.guestId === guest.guestId);
    await call(a, endpoints.chatSendMessage, textMessage('from the guest, through A'), { guestToken: guest.guestToken });
    const conversationId = (await guestInbox).conversation.id;
    const toGuest = eventWhere<Delivered>(guestOnA, SOCKET_MESSAGING, (m) => m.message.payload?.text === 'the agent, through B');
    const reply = await call(b, endpoints.opsChatReply, textMessage('the agent, through B'), { token: adminToken, params: { id: conversationId } });
    expect(await toGuest).toMatchObject({ _id: reply._id });

    // The member logs out through A: their socket on B is told and closed.
    const refused = nextEvent(memberOnB, SOCKET_REFUSED);
    const closed = disconnection(memberOnB);
    await call(a, endpoints.logout, undefined, { token: memberToken });
    expect([await refused, await closed]).toEqual([{ message: 'invalid-token' }, 'io server disconnect']);

    // An agent leaves B: the agent on A hears one.
    const oneOnA = eventWhere<Presence>(agentOnA, SOCKET_PRESENCE, (p) => p.agents === 1);
    agentOnB.close();
    expect(await oneOnA).toEqual({ agents: 1 });
  });

  it('tells a member on one process of a deposit an operator credits through the other, and no guest there (docs/decisions/0141-wallet-news.md)', async () => {
    const memberToken = String((await call(a, endpoints.login, { username: MEMBER.phone, password: MEMBER.password })).token);
    const adminToken = String((await call(a, endpoints.login, { username: ADMIN.phone, password: ADMIN.password })).token);
    const guest = (await call(b, endpoints.chatGuest)) as { guestId: string; guestToken: string };
    const memberOnB = await whenConnected(openSocket(b.url, { token: memberToken }));
    const guestOnB = await whenConnected(openSocket(b.url, { guestToken: guest.guestToken }));
    expect(await join(guestOnB, chatRoom(prefix, guest.guestId))).toEqual({ ok: true });
    const guestHeard = collect<WalletChanged>(guestOnB, SOCKET_WALLET_CHANGED);
    const news = nextEvent<WalletChanged>(memberOnB, SOCKET_WALLET_CHANGED);

    await call(a, endpoints.opsDeposit, { username: MEMBER.phone, amount: 25, reference: `REDIS-${randomUUID().slice(0, 8)}` }, { token: adminToken });

    expect(await news).toMatchObject({ changes: [{ kind: 'deposit', amount: 25, direction: 'in' }] });
    // The guest's socket was told nothing before a message to its own chat room, sent after the deposit.
    const own = nextEvent<Delivered>(guestOnB, SOCKET_MESSAGING);
    await call(b, endpoints.chatSendMessage, textMessage('after the deposit'), { guestToken: guest.guestToken });
    await own;
    expect(guestHeard).toEqual([]);
  });
});
