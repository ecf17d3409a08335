/**
 * nginx for the scale-out test, run from the repository's one proxy
 * configuration (deploy/nginx.conf): its placeholders filled the way
 * compose.yaml's envsubst fills them, under a prefix folder of its own (pid,
 * logs, temp files), in the foreground, on 127.0.0.1 only.
 *
 * Debian's nginx: when it is missing and we are root on Debian it is
 * installed (as tests/browser/chromium.ts does for Chromium); otherwise the
 * caller is told why there is none.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../bench/support/server-process.ts';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONFIG_PATH = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');
/** The only names filled in (compose.yaml passes the same list to envsubst). */
const PLACEHOLDERS = ['WALLET_LISTEN', 'WALLET_APP_1', 'WALLET_APP_2', 'WALLET_APP_3'] as const;
/** nginx starts in well under a second; this only bounds one that never listens. */
const START_GUARD_MS = 10_000;

/** Null when nginx is there (installed now if need be), else why it is not. */
export function ensureNginx(): string | null {
  if (existsSync(NGINX_PATH)) return null;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (!isRoot || !isDebian) {
    return `nginx was not found at ${NGINX_PATH} and this is not root on Debian: install it (e.g. sudo apt-get install -y nginx) or set NGINX_PATH.`;
  }
  console.log("nginx is missing: installing Debian's nginx …");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'nginx']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) return `apt-get ${args.join(' ')} failed; install nginx by hand.`;
  }
  return existsSync(NGINX_PATH) ? null : `apt-get installed nginx, but not at ${NGINX_PATH}.`;
}

/** deploy/nginx.conf with its placeholders filled; nothing else of it changes. */
export function renderNginxConfig(values: Record<(typeof PLACEHOLDERS)[number], string>): string {
  let text = readFileSync(CONFIG_PATH, 'utf8');
  for (const name of PLACEHOLDERS) text = text.replaceAll(`\${${name}}`, values[name]);
  const left = /\$\{[A-Z_0-9]+\}/.exec(text);
  if (left) throw new Error(`deploy/nginx.conf has a placeholder the test does not fill: ${left[0]}`);
  return text;
}

export interface RunningNginx {
  url: string;
  port: number;
  /** The access log's lines so far (deploy/nginx.conf's `wallet` format). */
  accessLog(): string[];
  stop(): Promise<void>;
}

/** nginx in front of `apps` (host:port each), listening on a free port of 127.0.0.1. */
export async function startNginx(apps: readonly [string, string, string]): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'wallet-nginx-'));
  // Run as root, nginx's workers run as nobody: they reach temp/ through the prefix folder.
  chmodSync(prefix, 0o755);
  for (const folder of ['logs', 'temp']) mkdirSync(path.join(prefix, folder));
  const port = await freePort();
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, renderNginxConfig({ WALLET_LISTEN: `127.0.0.1:${port}`, WALLET_APP_1: apps[0], WALLET_APP_2: apps[1], WALLET_APP_3: apps[2] }));
  const child = spawn(NGINX_PATH, ['-p', `${prefix}/`, '-c', configFile, '-e', 'logs/error.log', '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => (existsSync(path.join(prefix, 'logs/error.log')) ? readFileSync(path.join(prefix, 'logs/error.log'), 'utf8') : '');
  const deadline = Date.now() + START_GUARD_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}${errorLog()}`);
    try {
      if ((await fetch(`${url}/nginx-healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within ${START_GUARD_MS} ms:\n${output}${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    accessLog: () => readFileSync(path.join(prefix, 'logs/access.log'), 'utf8').split('\n').filter((line) => line !== ''),
    stop: async () => {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
