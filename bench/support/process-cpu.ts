/**
 * CPU time spent by processes, read from /proc (Linux): the benchmark's
 * server processes and the PostgreSQL backends serving one database. CPU
 * per message is a figure a busy shared machine disturbs less than
 * latency: it says what a message costs and hence what rate the cores
 * could carry at best, wherever the time went.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU milliseconds of a process so far (its threads included); 0 once it is gone. */
export function cpuMs(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU milliseconds so far of every backend connected to `database`, by pid. */
export async function postgresBackendsCpu(serverUrl: string, database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
    return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
  } finally {
    await client.end();
  }
}

/**
 * The CPU the backends used between two readings: a backend that started
 * in between counts whole; one that ended in between is lost (the app's
 * pool keeps its connections while it is busy, so few end under load).
 */
export function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
