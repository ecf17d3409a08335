/**
 * The money core's crash proof: the real server process (src/server/server.ts, as
 * `npm start` runs it) takes the mixed money load; halfway through it is
 * killed with SIGKILL, mid-transaction. Restarted on the same data it
 * serves again, and then: checkLedger() holds (no transfer half-applied: each
 * account's totals equal its transfers, debits equal credits), no member
 * account is negative, and every movement the server had confirmed is there.
 *
 * Fewer members than the concurrency test: this server hashes passwords at
 * full cost (~130 ms each), so 200 registrations would cost a minute.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { expect, it, onTestFinished } from 'vitest';
import { WALLET } from '../../src/contract/api.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { openDatabase, resultRows } from '../../src/server/db/client.ts';
import { ledgerTransfers } from '../../src/server/db/schema.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { startServerProcess, type RunningServer } from '../../bench/support/server-process.ts';
import { newPostgresDatabase } from '../server/helpers/app.ts';
import { addLoadOffers, Expected, operations, referenceGames, runLoad, send, seededRandom, setUpMembers } from './support/load.ts';

const MEMBERS = 40;
const OPERATIONS = 4_000;
const KILL_AFTER_CONFIRMED = 1_000;
const OPERATOR = { phone: '0800000008', password: 'operator-pass-8' };
const seed = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);

/** Where the server keeps its data: a PGlite folder or a fresh PostgreSQL database. */
async function dataPlace(): Promise<{ env: Record<string, string>; databaseUrl: string | null; dataDir: string }> {
  if (process.env.TEST_DB === 'pg') {
    const database = await newPostgresDatabase();
    onTestFinished(database.drop);
    return { env: { DATABASE_URL: database.url }, databaseUrl: database.url, dataDir: '' };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-crash-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir }, databaseUrl: null, dataDir };
}

it(`loses nothing confirmed and half-applies nothing when killed mid-load (seed ${seed})`, async () => {
  const place = await dataPlace();
  // Members register from one address: LIMITS_PER_IP=off, as the README says for load tests.
  const env = { ...place.env, REGISTER_OTP: 'off', SMS_PROVIDER: 'none', LIMITS_PER_IP: 'off', OPERATOR_PHONE: OPERATOR.phone, OPERATOR_PASSWORD: OPERATOR.password };
  let server: RunningServer | null = await startServerProcess(env);
  onTestFinished(async () => server?.stop());

  const random = seededRandom(seed);
  const expected = new Expected();
  const setup = await setUpMembers(server.url, OPERATOR, MEMBERS, random, expected);
  await addLoadOffers(server.url, setup.operatorToken);
  const wallet = await send(server.url, endpoints.wallet, undefined, { token: setup.members[0]!.token });
  const factors = new Map((wallet.body.slots as { code: string; ftWalletSlot: number }[]).map((slot) => [slot.code, slot.ftWalletSlot]));

  const crash = new AbortController();
  let killed: Promise<void> | null = null;
  const result = await runLoad(setup, operations(OPERATIONS, setup.members, random), referenceGames(factors), expected, {
    concurrency: 50,
    signal: crash.signal,
    onProgress: ({ confirmed }) => {
      if (confirmed < KILL_AFTER_CONFIRMED || crash.signal.aborted) return;
      crash.abort();
      killed = server!.kill();
    },
  });
  await killed;
  server = null;
  // The kill landed while requests were in flight, and the load had moved money before it.
  expect(result.unanswered).toBeGreaterThan(0);
  expect(result.transferIds.length).toBeGreaterThan(100);

  // Restarted on the same data, it serves members again.
  server = await startServerProcess(env);
  const member = setup.members[0]!;
  const after = await send(server.url, endpoints.wallet, undefined, { token: member.token });
  expect(after.status).toBe(200);
  const moved = await send(server.url, endpoints.transfer, { from: member.games[0], to: WALLET, amount: 0.01 }, { token: member.token, idempotencyKey: `after-crash-${seed}` });
  expect([200, 400]).toContain(moved.status);
  await server.stop();
  server = null;

  const database = await openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
  try {
    expect(await checkLedger(database.db)).toEqual([]);
    const confirmed = result.transferIds.map(Number);
    const found = await database.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(inArray(ledgerTransfers.id, confirmed));
    expect(found.length, 'confirmed transfers still in the ledger').toBe(new Set(confirmed).size);
    const negative = resultRows<{ code: string }>(
      await database.db.execute(sql`select code from ledger_accounts where kind <> 'system' and credits_posted - debits_posted - debits_pending < 0`),
    );
    expect(negative).toEqual([]);
  } finally {
    await database.close();
  }
});
