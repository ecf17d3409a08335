/**
 * Starts `src/server/server.ts` as a child process on a free loopback port,
 * the way `npm start` runs it after the build: on a throw-away PGlite folder,
 * or on the folder or database the caller names (DATA_DIR / DATABASE_URL in
 * `env`), which then outlives the process (the crash test restarts on it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  /** The server's process id (bench:chat reads its memory from /proc). */
  pid: number;
  /** SIGTERM, wait for the exit, remove the throw-away folder. */
  stop: () => Promise<void>;
  /** SIGKILL: the process dies mid-work, as in a crash. */
  kill: () => Promise<void>;
  /** The process's exit code once it has exited (null: ended by a signal); the shutdown test sends SIGTERM itself. */
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/lookup/active`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms`);
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const ownsData = env.DATA_DIR === undefined && env.DATABASE_URL === undefined;
  const dataDir = ownsData ? mkdtempSync(join(tmpdir(), 'wallet-bench-')) : (env.DATA_DIR ?? '');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
