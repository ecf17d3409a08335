/**
 * `npm run bench:api`: load on the two hottest member calls, per database
 * driver. Starts the app on 127.0.0.1 (a free port) on a temporary PGlite
 * folder and, when TEST_DATABASE_URL or DATABASE_URL names a PostgreSQL
 * server, on a fresh database there too; registers one member per
 * connection (OTP off); runs autocannon in a worker thread (10 connections, 10 s) on
 * POST /api/login and GET /api/account/profile, each request for the next
 * member in turn; prints req/s and p99; removes what it made.
 *
 * One member per connection, because more than 5 logins of one phone in
 * flight at once count as a guessing burst (docs/decisions/0079-wrong-passwords-slow.md).
 */
import { REQUESTED_WITH, endpoints } from '../src/contract/endpoints.ts';
import { fire, type Load } from './support/load.ts';
import { startBenchApp } from './support/app.ts';
import { benchServerUrl, pgliteTarget, postgresTarget, printTable, type Target } from './support/targets.ts';

const CONNECTIONS = 10;
const DURATION_S = 10;
const members = Array.from({ length: CONNECTIONS }, (_, index) => ({
  name: 'Bench Member',
  username: `08990000${String(index).padStart(2, '0')}`,
  password: 'bench-pass-1234',
  bankCode: 'SCB',
  bankAccountName: 'BENCH MEMBER',
  bankAccountNo: `99000000${String(index).padStart(2, '0')}`,
}));

interface Row {
  driver: string;
  call: string;
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

async function benchmark(target: Target): Promise<Row[]> {
  const { driver } = target;
  const { app, base } = await startBenchApp(target);
  try {
    const headers = { 'content-type': 'application/json', 'x-requested-with': REQUESTED_WITH };
    const post = (url: string, body: unknown) => fetch(base + url, { method: 'POST', headers, body: JSON.stringify(body) });

    const tokens: string[] = [];
    for (const member of members) {
      const registered = await post(endpoints.accountRegister.path, member);
      if (!registered.ok) throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
      const loggedIn = await post(endpoints.login.path, { username: member.username, password: member.password });
      tokens.push(((await loggedIn.json()) as { token: string }).token);
    }

    const rows: Row[] = [];
    const run = async (call: string, load: Omit<Load, 'connections' | 'durationSeconds' | 'headers'>) => {
      const figures = await fire({ connections: CONNECTIONS, durationSeconds: DURATION_S, headers, ...load });
      rows.push({ driver, call, requestsPerSecond: figures.perSecond, p99Ms: figures.p99Ms, failures: figures.failures });
    };
    await run('POST /api/login', {
      url: base + endpoints.login.path,
      method: 'POST',
      rotation: members.map(({ username, password }) => ({ body: JSON.stringify({ username, password }) })),
    });
    await run('GET /api/account/profile', {
      url: base + endpoints.profileGet.path,
      rotation: tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` } })),
    });
    return rows;
  } finally {
    await app.close();
  }
}

const rows: Row[] = [];
const serverUrl = benchServerUrl;
for (const makeTarget of [pgliteTarget, ...(serverUrl ? [() => postgresTarget(serverUrl)] : [])]) {
  const target = await makeTarget();
  try {
    console.log(`Benchmarking on ${target.driver} (${CONNECTIONS} connections, ${DURATION_S} s per call)...`);
    rows.push(...(await benchmark(target)));
  } finally {
    await target.cleanUp();
  }
}
printTable(
  ['driver', 'call', 'req/s', 'p99 ms', 'failed'],
  rows.map((row) => [row.driver, row.call, row.requestsPerSecond.toFixed(1), String(row.p99Ms), String(row.failures)]),
);
