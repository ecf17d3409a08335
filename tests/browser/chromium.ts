/**
 * The browser suite drives Debian's Chromium (browsers cannot be downloaded
 * here). When it is missing and we are root on Debian, install it; otherwise
 * stop with a message that says how.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep headless Chromium off the network and quiet on this machine. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PACKAGES = ['chromium', 'fonts-noto-core', 'fonts-thai-tlwg'];

export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (!isRoot || !isDebian) {
    console.error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it first, e.g. on Debian: ` +
        `sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')} ` +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's ${PACKAGES.join(', ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...PACKAGES]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install ${PACKAGES.join(' ')} by hand.`);
      process.exit(1);
    }
  }
}
