/**
 * `npm run bench:chat`: the live chat under load on 127.0.0.1 (figures in
 * docs/performance.md). BENCH_SOCKETS (1,000) socket.io clients on websockets, each a
 * guest joined to its own room; messages are sent at BENCH_RATE (2,000) a
 * second for BENCH_SECONDS (10) on an open-loop schedule, each by the
 * room's guest through the real path (POST /api/chat/send-message:
 * validated, stored, then delivered to the room through the hub), and
 * received as `messaging` in the room. Printed per setup: messages
 * delivered per second (from the first send to the last receipt), p50/p99
 * latency from send start to receipt, the send's own answer time, sends
 * refused (failed), sends the generator skipped because a second's worth
 * were unanswered or that had no answer 10 s after the last send (not
 * sent), accepted messages never received in the room by then (not
 * received), the server's resident memory per socket (VmRSS of the server
 * processes before and after the sockets joined, divided by their number),
 * and the CPU per message of the server processes, their PostgreSQL
 * backends and this process, read from /proc. When the app falls behind at
 * the goal's rate, it runs again at about four fifths of what it delivered,
 * to show its latency when it keeps up.
 *
 * Setups, in one run so the ratio can be read:
 * - the anchor: a bare socket.io server (support/raw-chat-server.ts; no
 *   persistence, no auth), sends by socket emit and by a bare HTTP POST;
 * - the app, one process, on a fresh PostgreSQL database (TEST_DATABASE_URL
 *   or DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 *   created and dropped here) — the goal's figure;
 * - the app, two processes on that database and Redis (REDIS_URL, else
 *   redis://127.0.0.1:6379): every other socket on each, every send through
 *   the first, receipts counted apart for the other process;
 * - the app, one process, on PGlite (one transaction at a time), unless
 *   BENCH_PGLITE=off.
 * BENCH_SETUPS picks some of them: a comma list of bare, postgres (one
 * process on PostgreSQL), redis (two processes on PostgreSQL and Redis)
 * and pglite (default: all).
 * Goal (the chat's throughput goal, docs/decisions/0108-group-commit.md):
 * p99 ≤ 100 ms at 2,000 messages/s on one process.
 *
 * Servers run as child processes (the way `npm start` runs); the sockets
 * live in this process and the sends in a worker thread of it, so on a
 * 2-core machine the load generator, the server and PostgreSQL share the
 * cores. BENCH_CPU_PROF={folder} writes the app servers' CPU profiles there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import pg from 'pg';
import { chatRoom } from '../src/contract/chat.ts';
import { REQUESTED_WITH } from '../src/contract/endpoints.ts';
import { CHAT_MESSAGES_PER_SENDER } from '../src/server/policy.ts';
import { percentiles, Receivers, type Receiver } from './support/chat-clients.ts';
import { runSends, type SendFigures, type SendPlan, type Sender } from './support/chat-send.ts';
import { backendsCpuBetween, cpuMs, postgresBackendsCpu } from './support/process-cpu.ts';
import { startServerProcess, type RunningServer } from './support/server-process.ts';
import { benchServerUrl, printTable } from './support/targets.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A short run at an eighth of the rate first, so the figures are of warm code (not counted). */
const WARM_UP_SECONDS = 2;
const WARM_UP_FRACTION = 8;
/** After the last send, how long a message may still take before it counts as lost. */
const DRAIN_MS = 10_000;
/** HTTP connections the sender keeps to the server. */
const CONNECTIONS = 100;
const GOAL = { perSecond: 2000, p99Ms: 100 };
const POSTGRES_URL = benchServerUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SETUP_NAMES = ['bare', 'postgres', 'redis', 'pglite'];
const SETUPS = new Set((process.env.BENCH_SETUPS ?? SETUP_NAMES.join(',')).split(',').map((name) => name.trim()));
for (const name of SETUPS) if (!SETUP_NAMES.includes(name)) throw new Error(`BENCH_SETUPS: no setup "${name}" (${SETUP_NAMES.join(', ')})`);
if (process.env.BENCH_PGLITE === 'off') SETUPS.delete('pglite');
const CPU_PROF = process.env.BENCH_CPU_PROF;

/**
 * The app's servers: per-address limits off (every socket and send comes
 * from 127.0.0.1). The per-guest limit stays on; the guests are many
 * enough to stay under it (messagesPerGuest).
 */
const APP_ENV: Record<string, string> = {
  LIMITS_PER_IP: 'off',
  REGISTER_OTP: 'off',
  SMS_PROVIDER: 'none',
  LOG_LEVEL: process.env.BENCH_LOG ?? 'warn',
  ...(CPU_PROF && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${CPU_PROF}` }),
};

interface Row {
  setup: string;
  database: string;
  /** Receipts counted in this row (e.g. only the other process's). */
  group: string;
  /** The rate asked for. */
  offered: number;
  sends: SendFigures;
  received: number;
  /** Accepted (answered 2xx) but never received in the room within DRAIN_MS. */
  missing: number;
  deliveredPerSecond: number;
  latency: { p50: number | null; p99: number | null };
  answer: { p50: number | null; p99: number | null };
  rssPerSocketKiB: number | null;
  /** CPU milliseconds per delivered message: the server processes, their PostgreSQL backends, this process (sockets and sender). */
  cpu: { server: number; postgres: number | null; bench: number };
}

/** Whose CPU a run counts: the server processes, and the backends of the PostgreSQL database if there is one. */
interface Watch {
  pids: number[];
  postgresDatabase: string | null;
}

interface CpuReading {
  servers: number;
  backends: Map<number, number> | null;
  bench: number;
}

async function readCpu(watch: Watch): Promise<CpuReading> {
  const { user, system } = process.cpuUsage();
  return {
    servers: watch.pids.reduce((sum, pid) => sum + cpuMs(pid), 0),
    backends: watch.postgresDatabase === null ? null : await postgresBackendsCpu(POSTGRES_URL, watch.postgresDatabase),
    bench: (user + system) / 1000,
  };
}

interface Guest {
  guestId: string;
  guestToken: string;
}

const rows: Row[] = [];
const started = Date.now();

function rssKiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]);
}

function log(line: string): void {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
}

/**
 * Connects the receivers, measuring each server's resident memory before
 * and after: the growth over the sockets it took is its memory per socket.
 */
async function connectMeasured(receivers: Receivers, list: Receiver[], servers: { pid: number; base: string }[]): Promise<number> {
  const before = servers.map((server) => rssKiB(server.pid));
  await receivers.connect(list);
  const perSocket = servers.map((server, index) => (rssKiB(server.pid) - before[index]!) / list.filter((receiver) => receiver.base === server.base).length);
  return perSocket.reduce((sum, value) => sum + value, 0) / perSocket.length;
}

type Plan = Omit<SendPlan, 'run' | 'perSecond' | 'durationMs' | 'maxInFlight' | 'drainMs' | 'connections'>;
let runs = 0;

/** One run of sends at a rate, then the wait for its receipts. */
async function sendRound(receivers: Receivers, plan: Plan, perSecond: number, seconds: number): Promise<SendFigures> {
  const run = ++runs;
  receivers.reset(run);
  // At most a second's worth unanswered: beyond that the server is behind and more sends would only queue.
  const sends = await runSends({ ...plan, run, perSecond, durationMs: seconds * 1000, connections: CONNECTIONS, drainMs: DRAIN_MS, maxInFlight: perSecond });
  await receivers.untilReceived(sends.accepted, DRAIN_MS);
  return sends;
}

/** Warms up, then sends at the rate and waits for the receipts; one row per receipt group. Answers the delivered rate. */
async function measure(
  receivers: Receivers,
  plan: Plan,
  { watch, ...row }: Pick<Row, 'setup' | 'database' | 'rssPerSocketKiB'> & { watch: Watch },
  groups: string[],
  perSecond = RATE,
): Promise<number> {
  await sendRound(receivers, plan, Math.max(1, Math.round(perSecond / WARM_UP_FRACTION)), WARM_UP_SECONDS);
  log(`${row.setup} (${row.database}): ${perSecond} messages/s for ${SECONDS} s`);
  const before = await readCpu(watch);
  const sends = await sendRound(receivers, plan, perSecond, SECONDS);
  const after = await readCpu(watch);
  const perMessage = (ms: number) => ms / Math.max(1, receivers.received);
  const cpu = {
    server: perMessage(after.servers - before.servers),
    postgres: before.backends && after.backends ? perMessage(backendsCpuBetween(before.backends, after.backends)) : null,
    bench: perMessage(after.bench - before.bench),
  };
  const answer = percentiles(sends.answerMs);
  if (sends.failureSamples.length > 0) log(`failures, e.g. ${sends.failureSamples.join(' | ')}`);
  if (receivers.duplicates > 0) log(`${receivers.duplicates} messages were delivered twice`);
  // Over the whole span from the first send to the last receipt, so a backlog that drains late counts against the rate.
  const deliveredPerSecond = receivers.received === 0 ? 0 : (receivers.received * 1000) / (receivers.lastReceiptAt - sends.firstSendAt);
  for (const group of groups) {
    const latencies = receivers.latencies.get(group) ?? [];
    const ours = sends.acceptedSeqs.filter((seq) => groupOf(groups, seq % plan.senders.length) === group);
    const missing = ours.filter((seq) => !receivers.has(seq)).length;
    rows.push({ ...row, group, offered: perSecond, sends, received: latencies.length, missing, deliveredPerSecond, latency: percentiles(latencies), answer, cpu });
  }
  return deliveredPerSecond;
}

/**
 * The app at the goal's rate; when it falls behind, again at about four
 * fifths of what it delivered, for its latency when it keeps up (the
 * queue's wait is all one sees at a rate it cannot carry).
 */
async function measureAndKeepUp(...[receivers, plan, row, groups]: Parameters<typeof measure>): Promise<void> {
  const delivered = await measure(receivers, plan, row, groups);
  const keepsUp = Math.floor((delivered * 0.8) / 50) * 50;
  if (delivered >= RATE * 0.98 || keepsUp < 50) return;
  if (messagesPerGuest(RATE) + messagesPerGuest(keepsUp) <= CHAT_MESSAGES_PER_SENDER.max) await measure(receivers, plan, row, groups, keepsUp);
  else log(`no run at ${keepsUp}/s: the guests would pass their ${CHAT_MESSAGES_PER_SENDER.max} messages a minute`);
}

/** Messages each guest sends in a measured run at this rate, warm-up included (guests have a limit a minute). */
function messagesPerGuest(perSecond: number): number {
  return (Math.round(perSecond / WARM_UP_FRACTION) * WARM_UP_SECONDS + perSecond * SECONDS) / SOCKETS;
}

/**
 * Socket i's group: the groups take turns, so the sends (socket after
 * socket) alternate between them however few a run makes.
 */
function groupOf(groups: string[], index: number): string {
  return groups[index % groups.length]!;
}

// ---------------------------------------------------------------- the bare socket.io anchor

async function startRawServer(): Promise<{ child: ChildProcess; base: string; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/raw-chat-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const port = /^listening (\d+)$/.exec(line)?.[1];
    if (port) return { child, base: `http://127.0.0.1:${port}`, pid: child.pid! };
  }
  throw new Error('the bare socket.io server exited before listening');
}

async function benchRaw(): Promise<void> {
  log('bare socket.io server');
  const server = await startRawServer();
  const receivers = new Receivers();
  try {
    const list = Array.from({ length: SOCKETS }, (_, index): Receiver => ({ base: server.base, room: `bench-${index}`, group: 'all' }));
    const rss = await connectMeasured(receivers, list, [server]);
    const senders = list.map(({ room }): Sender => ({ room }));
    const row = { database: 'none', rssPerSocketKiB: rss, watch: { pids: [server.pid], postgresDatabase: null } };
    await measure(receivers, { kind: 'raw-socket', base: server.base, senders }, { ...row, setup: 'bare socket.io, socket emit → room' }, ['all']);
    await measure(receivers, { kind: 'raw-http', base: server.base, senders }, { ...row, setup: 'bare socket.io, HTTP POST → room' }, ['all']);
  } finally {
    receivers.close();
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  }
}

// ---------------------------------------------------------------- the app

async function createGuests(base: string): Promise<Guest[]> {
  const guests: Guest[] = [];
  let next = 0;
  const worker = async () => {
    while (next < SOCKETS) {
      next += 1;
      const response = await fetch(`${base}/api/chat/guest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': REQUESTED_WITH },
        body: '{}',
      });
      if (!response.ok) throw new Error(`POST /api/chat/guest: ${response.status} ${await response.text()}`);
      guests.push((await response.json()) as Guest);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return guests;
}

async function chatPrefix(base: string): Promise<string> {
  const response = await fetch(`${base}/api/chat/config`, { headers: { 'x-requested-with': REQUESTED_WITH } });
  if (!response.ok) throw new Error(`GET /api/chat/config: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { PREFIX: string }).PREFIX;
}

/** One process: every socket on it, every send through it. */
async function benchOneProcess(database: string, env: Record<string, string>, postgresDatabase: string | null): Promise<void> {
  log(`the app, one process, ${database}`);
  const server = await startServerProcess({ ...APP_ENV, ...env });
  const receivers = new Receivers();
  try {
    const guests = await createGuests(server.url);
    const prefix = await chatPrefix(server.url);
    const list = guests.map((guest): Receiver => ({ base: server.url, room: chatRoom(prefix, guest.guestId), auth: { guestToken: guest.guestToken }, group: 'all' }));
    const rss = await connectMeasured(receivers, list, [{ pid: server.pid, base: server.url }]);
    const senders = guests.map((guest, index): Sender => ({ room: list[index]!.room, ...guest }));
    const plan: Plan = { kind: 'app', base: server.url, senders };
    const row = { setup: 'app, 1 process', database, rssPerSocketKiB: rss, watch: { pids: [server.pid], postgresDatabase } };
    await measureAndKeepUp(receivers, plan, row, ['all']);
  } finally {
    receivers.close();
    await server.stop();
  }
}

/** Two processes on Redis: every other socket on B, the rest on A; every send through A. */
async function benchTwoProcesses(database: string, env: Record<string, string>, postgresDatabase: string): Promise<void> {
  log(`the app, two processes on Redis, ${database}`);
  const servers: RunningServer[] = [];
  const receivers = new Receivers();
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    servers.push(await startServerProcess({ ...APP_ENV, ...env, REDIS_URL }));
    servers.push(await startServerProcess({ ...APP_ENV, ...env, REDIS_URL }));
    const [a, b] = servers as [RunningServer, RunningServer];
    const guests = await createGuests(a.url);
    const prefix = await chatPrefix(a.url);
    const groups = ['same process', 'other process'];
    const list = guests.map((guest, index): Receiver => {
      const onB = groupOf(groups, index) === 'other process';
      return { base: onB ? b.url : a.url, room: chatRoom(prefix, guest.guestId), auth: { guestToken: guest.guestToken }, group: groupOf(groups, index) };
    });
    const rss = await connectMeasured(receivers, list, servers.map((server) => ({ pid: server.pid, base: server.url })));
    const senders = guests.map((guest, index): Sender => ({ room: list[index]!.room, ...guest }));
    const watch = { pids: servers.map((server) => server.pid), postgresDatabase };
    await measureAndKeepUp(receivers, { kind: 'app', base: a.url, senders }, { setup: 'app, 2 processes + Redis, sends via A', database, rssPerSocketKiB: rss, watch }, groups);
  } finally {
    receivers.close();
    for (const server of servers) await server.stop();
  }
}

async function postgresAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function benchPostgres(): Promise<void> {
  const name = `wallet_bench_chat_${process.pid}_${Date.now()}`;
  try {
    await postgresAdmin(`CREATE DATABASE ${name}`);
  } catch (error) {
    log(`PostgreSQL at ${new URL(POSTGRES_URL).host} did not take a new database (${error instanceof Error ? error.message : String(error)}): no PostgreSQL rows`);
    return;
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    const env = { DATABASE_URL: url.toString() };
    if (SETUPS.has('postgres')) await benchOneProcess('PostgreSQL', env, name);
    if (!SETUPS.has('redis')) return;
    if (await redisAnswers()) await benchTwoProcesses('PostgreSQL', env, name);
    else log(`Redis at ${REDIS_URL} does not answer: no two-process rows`);
  } finally {
    await postgresAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

// ---------------------------------------------------------------- the run

function ms(value: number | null): string {
  return value === null ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0);
}

function printRows(): void {
  printTable(
    ['setup', 'database', 'receipts', 'offered/s', 'sent/s', 'delivered/s', 'p50 ms', 'p99 ms', 'answer p50/p99 ms', 'failed', 'not sent', 'not received', 'RSS/socket KiB'],
    rows.map((row) => {
      const failed = Object.values(row.sends.failed).reduce((sum, count) => sum + count, 0);
      return [
        row.setup,
        row.database,
        row.group,
        String(row.offered),
        ((row.sends.started * 1000) / (row.sends.lastSendAt - row.sends.firstSendAt)).toFixed(0),
        row.deliveredPerSecond.toFixed(0),
        ms(row.latency.p50),
        ms(row.latency.p99),
        row.sends.answerMs.length === 0 ? '-' : `${ms(row.answer.p50)} / ${ms(row.answer.p99)}`,
        String(failed),
        String(row.sends.skipped + row.sends.unfinished),
        String(row.missing),
        row.rssPerSocketKiB === null ? '-' : row.rssPerSocketKiB.toFixed(1),
      ];
    }),
    3,
  );
}

/** CPU per message, and the rate the machine's cores could carry at best if nothing else ran. */
function printCpu(): void {
  const cores = availableParallelism();
  console.log(`\nCPU per delivered message (ms), from /proc; "at best" = ${cores} cores / (server + PostgreSQL):`);
  const seen = new Set<Row>();
  printTable(
    ['setup', 'database', 'offered/s', 'server', 'PostgreSQL', 'bench (sockets + sender)', 'at best msg/s'],
    rows
      .filter((row) => {
        // One line per run (the groups of a run share its figures).
        const first = rows.find((other) => other.sends === row.sends)!;
        if (seen.has(first)) return false;
        seen.add(first);
        return true;
      })
      .map((row) => [
        row.setup,
        row.database,
        String(row.offered),
        row.cpu.server.toFixed(2),
        row.cpu.postgres === null ? '-' : row.cpu.postgres.toFixed(2),
        row.cpu.bench.toFixed(2),
        ((cores * 1000) / (row.cpu.server + (row.cpu.postgres ?? 0))).toFixed(0),
      ]),
    2,
  );
}

function printGoal(): void {
  const goalRow = rows.find((row) => row.setup === 'app, 1 process' && row.database === 'PostgreSQL') ?? rows.find((row) => row.setup === 'app, 1 process');
  const anchor = rows.find((row) => row.setup.startsWith('bare socket.io, socket'));
  console.log(`\nGoal: p99 <= ${GOAL.p99Ms} ms at ${GOAL.perSecond.toLocaleString('en')} messages/s on one process.`);
  if (!goalRow || goalRow.latency.p99 === null) {
    console.log('No one-process figure of the app: goal not measured.');
    return;
  }
  const rateMet = goalRow.deliveredPerSecond >= GOAL.perSecond * 0.98;
  const met = rateMet && goalRow.latency.p99 <= GOAL.p99Ms && goalRow.missing === 0;
  console.log(
    `${goalRow.database}: ${goalRow.deliveredPerSecond.toFixed(0)} delivered/s, p99 ${ms(goalRow.latency.p99)} ms → ${met ? 'met' : 'NOT met'}` +
      (met ? '' : ` (p99 ${(goalRow.latency.p99 / GOAL.p99Ms).toFixed(1)}× the goal; ${((goalRow.deliveredPerSecond / GOAL.perSecond) * 100).toFixed(0)} % of the rate)`),
  );
  if (anchor?.latency.p99 != null) {
    console.log(`Ratio app/bare: delivered/s ${(goalRow.deliveredPerSecond / anchor.deliveredPerSecond).toFixed(2)}, p99 ${(goalRow.latency.p99 / anchor.latency.p99).toFixed(1)}×.`);
  }
}

/** The machine's load: on a shared machine the figures mean little when other work competes for the cores. */
const load = () => `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${availableParallelism()} cores`;

console.log(`bench:chat: ${SOCKETS} sockets, ${RATE} messages/s for ${SECONDS} s per setup (after ${WARM_UP_SECONDS} s of warm-up at an eighth of it); ${load()}`);
/** A setup that fails is reported and the others still run: the table shows what was measured. */
async function attempt(what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    process.exitCode = 1;
    log(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (SETUPS.has('bare')) await attempt('bare socket.io', benchRaw);
if (SETUPS.has('postgres') || SETUPS.has('redis')) await attempt('PostgreSQL', benchPostgres);
if (SETUPS.has('pglite')) await attempt('PGlite', () => benchOneProcess('PGlite', {}, null));
console.log('');
printRows();
printCpu();
printGoal();
log(`done; ${load()}`);
