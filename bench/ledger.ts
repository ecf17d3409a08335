/**
 * `npm run bench:ledger`: POST /api/wallet/transfer through HTTP at 50
 * connections (autocannon in a worker thread, 10 s), on PostgreSQL (TEST_DATABASE_URL or
 * DATABASE_URL, a fresh database) and on PGlite (a temporary folder), and
 * beside each the same ledger work without the app, two ways:
 * - the multi-statement transaction a transfer was before
 *   docs/decisions/0149-one-round-trip-transfer.md (BEGIN, the transfer row,
 *   the two balance updates with the overdraft guard, the idempotency row,
 *   COMMIT): pgbench with 50 clients on PostgreSQL, looped in-process on
 *   PGlite;
 * - one call of ledger_move storing the idempotency row (what a transfer
 *   is now): the same, pgbench or the in-process loop.
 * Prints transfers/s, p50 and p99 latency and the ratio HTTP/raw to each.
 * Goals (0149): on PostgreSQL HTTP ≥ 0.8 × the multi-statement pgbench and
 * p99 ≤ its p99; on PGlite HTTP ≥ 0.6 × the multi-statement loop.
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
import { sql } from 'drizzle-orm';
import { resultRows, type Db } from '../src/server/db/client.ts';
import { idempotencyKeys, ledgerAccounts, ledgerTransfers } from '../src/server/db/schema.ts';
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

/** The multi-statement transaction of a transfer before 0149: wallet → game for a random member. */
const MULTI_STATEMENT_SQL = `BEGIN;
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
`;

/** The same movement as one call of ledger_move (drizzle/0022), storing the idempotency row: a transfer since 0149. */
const FUNCTION_CALL_SQL = `SELECT r_outcome FROM ledger_move(
  (SELECT id FROM ledger_accounts WHERE code = 'wallet:' || :m), (SELECT id FROM ledger_accounts WHERE code LIKE 'game:' || :m || ':%'),
  100, 'posted', 'transfer', NULL, gen_random_uuid()::text, now(),
  :m, gen_random_uuid()::text, 'bench', (SELECT id FROM ledger_accounts WHERE code = 'wallet:' || :m));
`;

/** pgbench, 50 clients, `body` (SQL using :m, a random member's user id). */
async function rawPostgres(url: string, members: Member[], body: string): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-pgbench-'));
  const script = path.join(dir, 'transfer.sql');
  const ids = members.map((member) => member.userId);
  writeFileSync(script, `\\set m random(${Math.min(...ids)}, ${Math.max(...ids)})\n${body}`);
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

/** In-process loop over the members' wallet → game accounts for DURATION_S, one `transfer` at a time. */
async function rawInProcess(target: Target, members: Member[], transfer: (db: Db, account: LoopAccount, key: string) => Promise<void>): Promise<Figures> {
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
    const started = performance.now();
    await transfer(db, accounts[turn % accounts.length]!, `raw-${randomUUID()}`);
    latencies.push(performance.now() - started);
  }
  return { perSecond: latencies.length / DURATION_S, ...percentiles(latencies), failures: 0 };
}

interface LoopAccount {
  userId: number;
  wallet: number;
  game: number;
}

/**
 * The multi-statement transaction of a transfer before 0149, as the ledger
 * module wrote it then: the transfer row (drizzle's insert), the two guarded
 * balance updates in ascending id, the idempotency row.
 */
async function multiStatementTransfer(db: Db, account: LoopAccount, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(ledgerTransfers)
      .values({ debitAccountId: account.wallet, creditAccountId: account.game, amount: 100n, phase: 'posted', kind: 'transfer', idempotencyKey: key, createdAt: now })
      .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
      .returning();
    const debit = sql`update ${ledgerAccounts} set debits_posted = debits_posted + ${100n} where id = ${account.wallet}
      and (not no_overdraft or debits_posted + debits_pending + ${100n} <= credits_posted - ${0n}) returning (credits_posted - debits_posted - debits_pending)::text as available`;
    const credit = sql`update ${ledgerAccounts} set credits_posted = credits_posted + ${100n} where id = ${account.game}
      returning (credits_posted - debits_posted - debits_pending)::text as available`;
    for (const update of account.wallet < account.game ? [debit, credit] : [credit, debit]) {
      if (resultRows(await tx.execute(update)).length === 0) throw new Error('bench: the wallet ran out');
    }
    await tx.insert(idempotencyKeys).values({ userId: account.userId, key, requestHash: 'bench', statusCode: 200, response: {}, createdAt: now });
  });
}

/** The same movement as one ledger_move call storing the idempotency row (postTransfer with a key, outside a transaction). */
async function functionCallTransfer(db: Db, account: LoopAccount, key: string): Promise<void> {
  await postTransfer(
    db,
    { debitAccountId: account.wallet, creditAccountId: account.game, amount: 100n, kind: 'transfer', idempotencyKey: key },
    new Date(),
    { userId: account.userId, key, requestHash: 'bench', answerAccountId: account.wallet },
  );
}

interface Raw {
  name: string;
  figures: Figures;
}

async function benchmark(target: Target): Promise<{ http: Figures; raws: Raw[] }> {
  const { app, base } = await startBenchApp(target, { operator: OPERATOR });
  try {
    const members = await setUpMembers(base);
    const http = await throughHttp(base, members);
    const raws = target.url
      ? [
          { name: 'pgbench, multi-statement transaction', figures: await rawPostgres(target.url, members, MULTI_STATEMENT_SQL) },
          { name: 'pgbench, one ledger_move call', figures: await rawPostgres(target.url, members, FUNCTION_CALL_SQL) },
        ]
      : [
          { name: 'in-process loop, multi-statement transaction', figures: await rawInProcess(target, members, multiStatementTransfer) },
          { name: 'in-process loop, one ledger_move call', figures: await rawInProcess(target, members, functionCallTransfer) },
        ];
    const problems = await checkLedger(target.database.db);
    if (problems.length > 0) throw new Error(`ledger check failed after the run:\n${problems.join('\n')}`);
    return { http, raws };
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
    const { http, raws } = await benchmark(target);
    rows.push([target.driver, 'HTTP POST /api/wallet/transfer', fmt(http.perSecond), fmt(http.p50Ms), fmt(http.p99Ms), String(http.failures), '']);
    for (const { name, figures } of raws) {
      rows.push([target.driver, name, fmt(figures.perSecond), fmt(figures.p50Ms), fmt(figures.p99Ms), String(figures.failures), (http.perSecond / figures.perSecond).toFixed(2)]);
    }
  } finally {
    await target.cleanUp();
  }
}
printTable(['driver', 'path', 'transfers/s', 'p50 ms', 'p99 ms', 'failed', 'HTTP/raw'], rows);
if (!serverUrl) console.log('No TEST_DATABASE_URL or DATABASE_URL: PostgreSQL was not measured.');
