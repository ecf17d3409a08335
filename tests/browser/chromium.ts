/**
 * The browser suite drives Debian's Chromium (browsers cannot be downloaded
 * here), with the system fonts it falls back to for Thai and Lao text (text
 * drawn before the web fonts load, SVG pictures, which cannot use them).
 * When a package is missing and we are root on Debian, install it; without
 * Chromium otherwise, stop with a message that says how. Fonts missing where
 * they cannot be installed only warn: pages still draw in the web fonts.
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

/** Debian's packages of PACKAGES not installed; Chromium counts as installed when CHROMIUM_PATH exists. */
function missingPackages(): string[] {
  return PACKAGES.filter((name) => {
    if (name === 'chromium' && existsSync(CHROMIUM_PATH)) return false;
    // "install ok installed", or "hold ok installed" for a package held at its version.
    const status = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return !/ ok installed$/.test(status.stdout ?? '');
  });
}

export function ensureChromium(): void {
  const isDebian = existsSync('/etc/debian_version');
  const missing = isDebian ? missingPackages() : existsSync(CHROMIUM_PATH) ? [] : PACKAGES;
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !isDebian) {
    if (existsSync(CHROMIUM_PATH)) {
      console.warn(`Chromium's fallback fonts for Thai and Lao are missing: sudo apt-get install -y ${missing.join(' ')}`);
      return;
    }
    console.error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it first, e.g. on Debian: ` +
        `sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')} ` +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(', ')} for the browser …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      // Without Chromium nothing can run; without the fonts only the fallbacks differ.
      const fontsOnly = existsSync(CHROMIUM_PATH);
      console[fontsOnly ? 'warn' : 'error'](`apt-get ${args.join(' ')} failed; install ${missing.join(' ')} by hand.`);
      if (fontsOnly) return;
      process.exit(1);
    }
  }
}
