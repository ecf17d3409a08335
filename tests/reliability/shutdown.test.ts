/**
 * A graceful stop under load (docs/decisions/0148-operating-it.md): the real
 * server process (src/server/server.ts) takes a stream of transfers, each
 * with its own Idempotency-Key, and a member's chat socket; halfway through
 * it gets SIGTERM. Then:
 *
 * - transfers whose bodies were still arriving at the signal (the server had
 *   taken them: they counted among the requests in flight) got their 200;
 *   on PostgreSQL, so did one waiting inside its database statement at the
 *   signal (on a row lock the test held until after it);
 * - every request left without an answer left no trace — its key is not
 *   among the stored answers — and requests of the load that were in flight
 *   at the signal were answered after it. (Which of the load's requests the
 *   server had taken when the signal landed cannot be told from outside: one
 *   written onto an idle kept-alive connection as the listener closes is cut
 *   unread. The member's app asks by its key whether the money moved; the
 *   held transfers are the ones known to be taken.)
 * - no answer was a 5xx other than the 503 of a request that came in on a
 *   kept-alive connection while closing (and that one moved nothing);
 * - the socket was closed in a way its client reconnects on ('transport
 *   close', the client still active);
 * - the process exited 0, and checkLedger() holds on its data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { io } from 'socket.io-client';
import { expect, it, onTestFinished } from 'vitest';
import { CHAT_SOCKET_PATH } from '../../src/contract/chat.ts';
import { WALLET } from '../../src/contract/api.ts';
import { endpoints, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH } from '../../src/contract/endpoints.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { idempotencyKeys } from '../../src/server/db/schema.ts';
import { walletCode } from '../../src/server/ledger/accounts.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { startServerProcess } from '../../bench/support/server-process.ts';
import { newPostgresDatabase } from '../server/helpers/app.ts';
import { Expected, seededRandom, send, setUpMembers, type LoadMember } from './support/load.ts';

const MEMBERS = 10;
const WORKERS = 24;
const SIGNAL_AFTER_ANSWERS = 300;
/** The members whose transfers are held open across the signal. */
const HELD_BY = [1, 2, 3];
const OPERATOR = { phone: '0800000009', password: 'operator-pass-9' };
const seed = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);

interface Sent {
  member: LoadMember;
  key: string;
  beforeSignal: boolean;
  /** The status, or null when no answer came (the connection was refused or cut). */
  status: number | null;
  answeredAfterSignal: boolean;
}

/** A transfer whose headers and first bytes are sent now and the rest of its body on `finish()`. */
function heldTransfer(base: string, member: LoadMember, key: string) {
  const payload = JSON.stringify({ from: WALLET, to: member.games[0], amount: 1 });
  const request = http.request(new URL(endpoints.transfer.path, base), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      authorization: `Bearer ${member.token}`,
      'x-requested-with': REQUESTED_WITH,
      [IDEMPOTENCY_KEY_HEADER]: key,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
  request.write(payload.slice(0, 5));
  return { answer, finish: () => request.end(payload.slice(5)) };
}

/**
 * A transfer of `member` (one outside the load) that the server has taken and that waits inside its
 * database statement, on the member's wallet row, which the test locks first; `release` lets it go.
 */
async function transferHeldInDatabase(databaseUrl: string, base: string, member: LoadMember, key: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('select 1 from ledger_accounts where code = $1 for update', [walletCode(member.userId)]);
  const answer = send(base, endpoints.transfer, { from: WALLET, to: member.games[0], amount: 1 }, { token: member.token, idempotencyKey: key }).catch((error: unknown) => ({
    status: null,
    body: String(error),
  }));
  // Taken: a session of the server waits for the lock.
  while ((await client.query<{ waiting: number }>('select count(*)::int as waiting from pg_locks where not granted')).rows[0]!.waiting === 0);
  return {
    answer,
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** The server's requests in flight now, from its metrics (this scrape included). */
async function inFlight(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^wallet_http_requests_in_flight (\d+)$/m.exec(text)?.[1] ?? 0);
}

async function dataPlace(): Promise<{ env: Record<string, string>; databaseUrl: string | null; dataDir: string }> {
  if (process.env.TEST_DB === 'pg') {
    const database = await newPostgresDatabase();
    onTestFinished(database.drop);
    return { env: { DATABASE_URL: database.url }, databaseUrl: database.url, dataDir: '' };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-shutdown-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir }, databaseUrl: null, dataDir };
}

it(`answers every request it took, tells sockets to reconnect and exits 0 on SIGTERM under load (seed ${seed})`, async () => {
  const place = await dataPlace();
  const env = { ...place.env, REGISTER_OTP: 'off', SMS_PROVIDER: 'none', LIMITS_PER_IP: 'off', OPERATOR_PHONE: OPERATOR.phone, OPERATOR_PASSWORD: OPERATOR.password };
  const server = await startServerProcess(env);
  let exited = false;
  onTestFinished(async () => {
    if (!exited) await server.kill();
  });
  const random = seededRandom(seed);
  // One member more than the load uses: the one whose transfer waits in the database.
  const setup = await setUpMembers(server.url, OPERATOR, MEMBERS + 1, random, new Expected());
  const outsideTheLoad = setup.members[MEMBERS]!;

  // A member's chat socket, opened as the SPA opens it (reconnecting by itself).
  const socket = io(server.url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: { token: setup.members[0]!.token }, reconnectionDelay: 500, reconnectionDelayMax: 500 });
  onTestFinished(() => {
    socket.close();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const socketClosed = new Promise<{ reason: string; reconnects: boolean }>((resolve) => socket.once('disconnect', (reason) => resolve({ reason, reconnects: socket.active })));

  // Taken by the server (counted in flight beside the scrape) before the load starts; their bodies end after the signal.
  const held = HELD_BY.map((index) => heldTransfer(server.url, setup.members[index]!, `shutdown-${seed}-held-${index}`));
  while ((await inFlight(server.url)) < held.length + 1);
  const heldInDatabase = place.databaseUrl ? await transferHeldInDatabase(place.databaseUrl, server.url, outsideTheLoad, `shutdown-${seed}-in-database`) : null;

  const sent: Sent[] = [];
  let signalled = false;
  let answers = 0;
  let counter = 0;
  const worker = async (index: number) => {
    for (;;) {
      const member = setup.members[(index + counter++) % MEMBERS]!;
      const key = `shutdown-${seed}-${counter}`;
      const into = random() < 0.5;
      const amount = Math.round(1 + random() * 99) / 100;
      const request: Sent = { member, key, beforeSignal: !signalled, status: null, answeredAfterSignal: false };
      sent.push(request);
      try {
        const answer = await send(server.url, endpoints.transfer, { from: into ? WALLET : member.games[0], to: into ? member.games[0] : WALLET, amount }, { token: member.token, idempotencyKey: key });
        request.status = answer.status;
        request.answeredAfterSignal = signalled;
        if (++answers === SIGNAL_AFTER_ANSWERS) {
          signalled = true;
          process.kill(server.pid, 'SIGTERM');
        }
      } catch {
        // No answer: refused or cut. Before the signal that is a failure (checked below); after it, this worker is done.
        if (signalled) return;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  for (const transfer of held) transfer.finish();
  const heldAnswers = await Promise.all(held.map((transfer) => transfer.answer.catch((error: unknown) => ({ status: null, body: String(error) }))));
  await heldInDatabase?.release();
  const inDatabaseAnswer = await heldInDatabase?.answer;
  const code = await server.exited;
  exited = true;

  const count = (which: (request: Sent) => boolean) => sent.filter(which).length;
  console.log(
    `shutdown: ${sent.length} sent, ${count((r) => r.beforeSignal && r.answeredAfterSignal)} sent before SIGTERM and answered after it, ` +
      `${count((r) => r.status === 503)} answered 503 while closing, ${count((r) => r.status === null)} not taken (refused or cut)`,
  );
  expect(code, 'exit code').toBe(0);
  expect(heldAnswers, 'the transfers whose bodies arrived after the signal').toEqual(held.map(() => expect.objectContaining({ status: 200 })));
  if (heldInDatabase) expect(inDatabaseAnswer, 'the transfer waiting in the database at the signal').toMatchObject({ status: 200 });
  // Sent before the signal, their answers read after it.
  expect(sent.filter((request) => request.beforeSignal && request.answeredAfterSignal).length).toBeGreaterThan(0);
  const statuses = new Set(sent.flatMap((request) => (request.status === null ? [] : [request.status])));
  expect([...statuses].filter((status) => ![200, 400, 503].includes(status)), 'unexpected statuses').toEqual([]);
  expect(await socketClosed).toEqual({ reason: 'transport close', reconnects: true });
  socket.close();

  const database = await openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
  try {
    expect(await checkLedger(database.db)).toEqual([]);
    // A request without an answer, or with the closing 503, was never taken: nothing is stored under its key.
    const untaken = sent.filter((request) => request.status === null || request.status === 503);
    const traces = [];
    for (const request of untaken) {
      traces.push(
        ...(await database.db
          .select({ key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, request.member.userId), eq(idempotencyKeys.key, request.key)))),
      );
    }
    expect(traces, 'keys stored for requests that got no answer').toEqual([]);
    // And every answered 200 is in the stored answers (the answer the member got is the one kept).
    const moved = [
      ...sent.filter((request) => request.status === 200),
      ...HELD_BY.map((index) => ({ key: `shutdown-${seed}-held-${index}` })),
      ...(heldInDatabase ? [{ key: `shutdown-${seed}-in-database` }] : []),
    ];
    const stored = await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(inArray(idempotencyKeys.key, moved.map((request) => request.key)));
    expect(stored.length).toBe(moved.length);
  } finally {
    await database.close();
  }
});
