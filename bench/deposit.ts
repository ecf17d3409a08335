/**
 * `npm run bench:deposit`: deposits through HTTP at 50 connections
 * (autocannon in a worker thread, 10 s each), on PostgreSQL
 * (TEST_DATABASE_URL or DATABASE_URL, a fresh database) and on PGlite (a
 * temporary folder):
 * - QR creations: POST /api/qrcode/KBANK, the members in turn (each
 *   replaces that member's open QR, as a member asking again does);
 * - webhook credits: signed POST /api/hooks/payments/{provider} calls, each
 *   paying another open QR with a new transaction id, as the payment
 *   simulator sends them. Credits/s counts the payments the database holds
 *   as credited afterwards, so a replay would not count.
 * Prints requests/s, p50 and p99 latency, and checks the ledger after.
 */
import { count, eq } from 'drizzle-orm';
import { endpoints, fillPath, REQUESTED_WITH } from '../src/contract/endpoints.ts';
import { DEFAULT_POOL_SIZE, type Config } from '../src/server/config.ts';
import type { Db } from '../src/server/db/client.ts';
import { depositQrCodes, payments, users } from '../src/server/db/schema.ts';
import { checkLedger } from '../src/server/ledger/check.ts';
import { promptPayPayload } from '../src/server/payments/promptpay.ts';
import { signedHeaders } from '../src/server/payments/webhook.ts';
import { fire, type LoadFigures } from './support/load.ts';
import { startBenchApp } from './support/app.ts';
import { benchServerUrl, pgliteTarget, postgresTarget, printTable, type Target } from './support/targets.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
/** Open QRs made ready for the webhook run: more than it can pay in DURATION_S, so no payment repeats. */
const PAYABLE_QRS = Number(process.env.BENCH_PAYABLE_QRS ?? 10_000);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? DEFAULT_POOL_SIZE);
const QR_AMOUNT = 100;

const headers = { 'content-type': 'application/json', 'x-requested-with': REQUESTED_WITH };

/** Members who log in, through the API, as bench:ledger makes them. */
async function signedInMembers(base: string): Promise<string[]> {
  const send = async (url: string, body: unknown) => {
    const response = await fetch(base + url, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const tokens: string[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const phone = `0896${String(index).padStart(6, '0')}`;
    const password = 'bench-pass-1234';
    await send(endpoints.accountRegister.path, {
      name: 'Bench Member',
      username: phone,
      password,
      bankCode: 'SCB',
      bankAccountName: 'BENCH MEMBER',
      bankAccountNo: `96${String(index).padStart(8, '0')}`,
    });
    tokens.push((await send(endpoints.login.path, { username: phone, password })).token as string);
  }
  return tokens;
}

function qrCreations(base: string, tokens: string[]): Promise<LoadFigures> {
  return fire({
    url: base + fillPath(endpoints.qrCreate.path, { bankCode: 'KBANK' }),
    method: 'POST',
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    headers,
    rotation: tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ amount: QR_AMOUNT }) })),
  });
}

/**
 * Open KBANK QRs to pay, written straight to the database (set-up, not
 * measured): a member holds one open QR per provider, so each goes to a
 * member made for the purpose.
 */
async function payableQrs(db: Db): Promise<number[]> {
  const now = new Date();
  const payload = promptPayPayload('0105561234567', QR_AMOUNT);
  const made: number[] = [];
  for (let start = 0; start < PAYABLE_QRS; start += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, PAYABLE_QRS - start) }, (_, index) => ({
      phone: `0895${String(start + index).padStart(6, '0')}`,
      name: 'Bench Payer',
      passwordHash: 'not-a-login',
      createdAt: now,
    }));
    const owners = await db.insert(users).values(batch).returning({ id: users.id });
    const qrs = owners.map(({ id }) => ({
      userId: id,
      provider: 'KBANK',
      amount: BigInt(QR_AMOUNT * 100),
      currency: 'BAHT' as const,
      payload,
      status: 'open' as const,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
    }));
    made.push(...(await db.insert(depositQrCodes).values(qrs).returning({ id: depositQrCodes.id })).map((qr) => qr.id));
  }
  return made;
}

function webhookCredits(base: string, config: Config, qrIds: number[]): Promise<LoadFigures> {
  const now = new Date();
  return fire({
    url: `${base}/api/hooks/payments/KBANK`,
    method: 'POST',
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    headers: { 'content-type': 'application/json' },
    rotation: qrIds.map((id) => {
      const body = JSON.stringify({ transactionId: `BENCH-${id}`, qrcodeId: String(id), amount: QR_AMOUNT, paidAt: now.toISOString() });
      return { headers: signedHeaders(config.paymentWebhookSecrets.KBANK, body, now, 'KBANK'), body };
    }),
  });
}

async function benchmark(target: Target) {
  const { db } = target.database;
  const { app, config, base } = await startBenchApp(target);
  try {
    const tokens = await signedInMembers(base);
    const creations = await qrCreations(base, tokens);
    const qrIds = await payableQrs(db);
    const webhooks = await webhookCredits(base, config, qrIds);
    const [credited] = await db.select({ n: count() }).from(payments).where(eq(payments.status, 'credited'));
    const problems = await checkLedger(db);
    if (problems.length > 0) throw new Error(`ledger check failed after the run:\n${problems.join('\n')}`);
    return { creations, webhooks, creditsPerSecond: (credited?.n ?? 0) / DURATION_S };
  } finally {
    await app.close();
  }
}

const fmt = (value: number) => value.toFixed(1);
const rows: string[][] = [];
const serverUrl = benchServerUrl;
if (!serverUrl) console.log('No TEST_DATABASE_URL or DATABASE_URL: PostgreSQL is not measured, PGlite only.');
for (const makeTarget of [...(serverUrl ? [() => postgresTarget(serverUrl, { poolSize: POOL_SIZE })] : []), pgliteTarget]) {
  const target = await makeTarget();
  try {
    console.log(`Benchmarking deposits on ${target.driver} (${CONNECTIONS} connections, ${DURATION_S} s each)...`);
    const { creations, webhooks, creditsPerSecond } = await benchmark(target);
    rows.push([target.driver, 'POST /api/qrcode/KBANK', 'QR creations', fmt(creations.perSecond), fmt(creations.p50Ms), fmt(creations.p99Ms), String(creations.failures)]);
    rows.push([target.driver, 'POST /api/hooks/payments/KBANK', 'webhook credits', fmt(creditsPerSecond), fmt(webhooks.p50Ms), fmt(webhooks.p99Ms), String(webhooks.failures)]);
  } finally {
    await target.cleanUp();
  }
}
printTable(['driver', 'path', 'what', 'per s', 'p50 ms', 'p99 ms', 'failed'], rows, 3);
if (!serverUrl) console.log('PostgreSQL was not measured: set TEST_DATABASE_URL or DATABASE_URL to a server to measure it too.');
