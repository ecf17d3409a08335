/**
 * `npm run bench:ledger`: POST /api/wallet/transfer through HTTP at 50
 * connections (autocannon in a worker thread, 10 s), on PostgreSQL (TEST_DATABASE_URL or
 * DATABASE_URL, a fresh database) and on PGlite (a temporary folder), and
 * beside each the same ledger transaction without the app:
 * - PostgreSQL: pgbench, 50 clients, running the transaction's SQL
 *   (the transfer row, the two balance updates with the overdraft guard, the
 *   idempotency row);
 * - PGlite: the same transaction looped in-process through the ledger module.
 * Prints transfers/s, p50 and p99 latency and the ratio HTTP/raw.
 * Goals (the money core's, docs/decisions/0057-transfer-hot-path.md): on
 * PostgreSQL ratio ≥ 0.5 and p99 ≤ 50 ms; on PGlite ratio ≥ 0.5.
 *
 * Each connection's requests go to the members in turn, alternating wallet →
 * game and game → wallet, so balances stay put; every request carries a new
 * Idempotency-Key as the SPA's do.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WALLET } from '../src/contract/api.ts';
import { endpoints, fillPath, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH } from '../src/contract/endpoints.ts';
import { DEFAULT_POOL_SIZE } from '../src/server/config.ts';
import { idempotencyKeys } from '../src/server/db/schema.ts';
import { findAccount, gameAccountCode, walletCode } from '../src/server/ledger/accounts.ts';
import { checkLedger } from '../src/server/ledger/check.ts';
import { postTransfer } from '../src/server/ledger/transfers.ts';
import { fire } from './support/load.ts';
import { startBenchApp } from './support/app.ts';
import { benchServerUrl, pgliteTarget, postgresTarget, printTable, type Target } from './support/targets.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
/** Pool size of the app's pg pool for this run: the server's default unless BENCH_POOL_SIZE says otherwise. */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? DEFAULT_POOL_SIZE);
const OPERATOR = { phone: '0800000001', password: 'operator-pass-1' };

interface Figures {
  perSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  failures: number;
}

interface Member {
  userId: number;
  token: string;
  game: string;
}

const headers = { 'content-type': 'application/json', 'x-requested-with': REQUESTED_WITH };

async function setUpMembers(base: string): Promise<Member[]> {
  const send = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(base + url, {
      method,
      headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const operator = (await send('POST', endpoints.login.path, { username: OPERATOR.phone, password: OPERATOR.password })).token as string;
  const members: Member[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const phone = `0897${String(index).padStart(6, '0')}`;
    const password = 'bench-pass-1234';
    await send('POST', endpoints.accountRegister.path, {
      name: 'Bench Member',
      username: phone,
      password,
      bankCode: 'SCB',
      bankAccountName: 'BENCH MEMBER',
      bankAccountNo: `97${String(index).padStart(8, '0')}`,
    });
    const token = (await send('POST', endpoints.login.path, { username: phone, password })).token as string;
    // Within what one operator credits alone, for every member (docs/decisions/0121-dual-control.md).
    await send('POST', endpoints.opsDeposit.path, { username: phone, amount: 5_000, reference: `bench-${phone}` }, operator);
    const wallet = (await send('GET', endpoints.wallet.path, undefined, token)) as { profile: { _id: string }; slots: { code: string }[] };
    const game = wallet.slots[0]!.code;
    await send('GET', fillPath(endpoints.gameAccountActivate.path, { gameCode: game }), undefined, token);
    await send('POST', endpoints.transfer.path, { from: WALLET, to: game, amount: 1_000 }, token);
    members.push({ userId: Number(wallet.profile._id), token, game });
  }
  return members;
}

/**
 * Member m's requests alternate wallet → game and game → wallet across the
 * rotation (first every member to their game, then every member back), so
 * balances stay put.
 */
function throughHttp(base: string, members: Member[]): Promise<Figures> {
  const variant = (member: Member, toGame: boolean) => ({
    headers: { authorization: `Bearer ${member.token}` },
    body: JSON.stringify(toGame ? { from: WALLET, to: member.game, amount: 1 } : { from: member.game, to: WALLET, amount: 1 }),
  });
  return fire({
    url: base + endpoints.transfer.path,
    method: 'POST',
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    headers,
    rotation: [...members.map((member) => variant(member, true)), ...members.map((member) => variant(member, false))],
    freshHeader: IDEMPOTENCY_KEY_HEADER,
  });
}

function percentiles(latencies: number[]): { p50Ms: number; p99Ms: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** pgbench, 50 clients, the ledger transaction as SQL: wallet → game for a random member. */
async function rawPostgres(url: string, members: Member[]): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-pgbench-'));
  const script = path.join(dir, 'transfer.sql');
  const ids = members.map((member) => member.userId);
  writeFileSync(
    script,
    `\\set m random(${Math.min(...ids)}, ${Math.max(...ids)})
BEGIN;
WITH t AS (
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, phase, kind, idempotency_key, created_at)
  SELECT w.id, g.id, 100, 'posted', 'transfer', gen_random_uuid()::text, now()
  FROM ledger_accounts w, ledger_accounts g WHERE w.code = 'wallet:' || :m AND g.code LIKE 'game:' || :m || ':%'
  RETURNING debit_account_id, credit_account_id
)
SELECT debit_account_id, credit_account_id FROM t \\gset
UPDATE ledger_accounts SET debits_posted = debits_posted + 100
  WHERE id = least(:debit_account_id, :credit_account_id) AND (NOT no_overdraft OR debits_posted + debits_pending + 100 <= credits_posted) RETURNING id;
UPDATE ledger_accounts SET credits_posted = credits_posted + 100 WHERE id = greatest(:debit_account_id, :credit_account_id) RETURNING id;
INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at) VALUES (:m, gen_random_uuid()::text, 'bench', 200, '{}', now());
COMMIT;
`,
  );
  try {
    // --log writes one line per transaction; its third field is the latency in µs.
    const logPrefix = path.join(dir, 'log');
    // Not spawnSync: the app serves from this process, and requests autocannon left in flight must finish.
    const pgbench = spawn('pgbench', ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S), '-f', script, '--log', `--log-prefix=${logPrefix}`, url]);
    let output = '';
    pgbench.stdout.on('data', (chunk) => (output += chunk));
    pgbench.stderr.on('data', (chunk) => (output += chunk));
    const [status] = (await once(pgbench, 'close')) as [number | null];
    const tps = /tps = ([\d.]+)/.exec(output);
    if (status !== 0 || !tps) throw new Error(`pgbench failed:\n${output}`);
    const latencies = readdirSync(dir)
      .filter((file) => file.startsWith('log'))
      .flatMap((file) => readFileSync(path.join(dir, file), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1_000);
    const failed = /number of failed transactions: (\d+)/.exec(output);
    return { perSecond: Number(tps[1]), ...percentiles(latencies), failures: failed ? Number(failed[1]) : 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ledger transaction looped in-process (PGlite serves one transaction at a time anyway). */
async function rawInProcess(target: Target, members: Member[]): Promise<Figures> {
  const db = target.database.db;
  const accounts = await Promise.all(
    members.map(async (member) => ({
      userId: member.userId,
      wallet: (await findAccount(db, walletCode(member.userId)))!.id,
      game: (await findAccount(db, gameAccountCode(member.userId, member.game)))!.id,
    })),
  );
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_S * 1_000;
  for (let turn = 0; performance.now() < deadline; turn += 1) {
    const account = accounts[turn % accounts.length]!;
    const started = performance.now();
    await db.transaction(async (tx) => {
      const key = `raw-${randomUUID()}`;
      await postTransfer(tx, { debitAccountId: account.wallet, creditAccountId: account.game, amount: 100n, kind: 'transfer', idempotencyKey: key }, new Date());
      await tx.insert(idempotencyKeys).values({ userId: account.userId, key, requestHash: 'bench', statusCode: 200, response: {}, createdAt: new Date() });
    });
    latencies.push(performance.now() - started);
  }
  return { perSecond: latencies.length / DURATION_S, ...percentiles(latencies), failures: 0 };
}

async function benchmark(target: Target): Promise<{ http: Figures; raw: Figures; rawName: string }> {
  const { app, base } = await startBenchApp(target, { operator: OPERATOR });
  try {
    const members = await setUpMembers(base);
    const http = await throughHttp(base, members);
    const raw = target.url ? await rawPostgres(target.url, members) : await rawInProcess(target, members);
    const problems = await checkLedger(target.database.db);
    if (problems.length > 0) throw new Error(`ledger check failed after the run:\n${problems.join('\n')}`);
    return { http, raw, rawName: target.url ? 'pgbench' : 'in-process loop' };
  } finally {
    await app.close();
  }
}

const fmt = (value: number | null) => (value === null ? '-' : value.toFixed(1));
const rows: string[][] = [];
const serverUrl = benchServerUrl;
for (const makeTarget of [...(serverUrl ? [() => postgresTarget(serverUrl, { poolSize: POOL_SIZE })] : []), pgliteTarget]) {
  const target = await makeTarget();
  try {
    console.log(`Benchmarking transfers on ${target.driver} (${CONNECTIONS} connections, ${DURATION_S} s)...`);
    const { http, raw, rawName } = await benchmark(target);
    rows.push([target.driver, 'HTTP POST /api/wallet/transfer', fmt(http.perSecond), fmt(http.p50Ms), fmt(http.p99Ms), String(http.failures), '']);
    rows.push([target.driver, rawName, fmt(raw.perSecond), fmt(raw.p50Ms), fmt(raw.p99Ms), String(raw.failures), (http.perSecond / raw.perSecond).toFixed(2)]);
  } finally {
    await target.cleanUp();
  }
}
printTable(['driver', 'path', 'transfers/s', 'p50 ms', 'p99 ms', 'failed', 'HTTP/raw'], rows);
if (!serverUrl) console.log('No TEST_DATABASE_URL or DATABASE_URL: PostgreSQL was not measured.');
