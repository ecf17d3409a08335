/**
 * GAME_AGGREGATOR=hub88 switches Hub88's games on (docs/decisions/0133-aggregator-games.md):
 * HUB88_API_URL (its Operator API), HUB88_OPERATOR_ID, HUB88_PRIVATE_KEY
 * (ours: signs our calls) and HUB88_PUBLIC_KEY (Hub88's: checks its
 * calls), as PEM text (one-line variables may write `\n` for the line
 * breaks). In demo mode the unset ones default to the built-in fake
 * aggregator's (`npm run fake:hub88`); production refuses the fake's
 * address and keys and wants all four.
 */
import { createHash, createPublicKey } from 'node:crypto';
import * as v from 'valibot';
import { isThisMachine, type ReadVariable } from '../../config-read.ts';
import { DEMO_AGGREGATOR_PUBLIC_KEY, DEMO_OPERATOR_PRIVATE_KEY, DEMO_OPERATOR_PUBLIC_KEY } from './demo-keys.ts';
import { pemOf, rsaPrivateKey, rsaPublicKey } from './signature.ts';

export interface Hub88Config {
  /** The Operator API's origin (and path prefix, if any); `/operator/generic/v2/...` is appended. */
  apiUrl: string;
  operatorId: number;
  /** PEM; never logged. */
  privateKey: string;
  /** PEM of Hub88's public key. */
  publicKey: string;
}

/** Where `npm run fake:hub88` listens by default. */
export const FAKE_HUB88_URL = 'http://127.0.0.1:4088';
const DEMO_OPERATOR_ID = 1;

const AGGREGATORS = ['none', 'hub88'] as const;
const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//));
const operatorId = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.minValue(1));
const isKey = (make: (pem: string) => unknown) => (pem: string) => {
  try {
    make(pem);
    return true;
  } catch {
    return false;
  }
};
const privateKey = v.pipe(v.string(), v.check(isKey(rsaPrivateKey)));
const publicKey = v.pipe(v.string(), v.check(isKey(rsaPublicKey)));

export function hub88Config(env: Record<string, string | undefined>, read: ReadVariable): Hub88Config | null {
  const aggregator = read(env, 'GAME_AGGREGATOR', '"none" or "hub88"', v.picklist(AGGREGATORS)) ?? 'none';
  if (aggregator !== 'hub88') return null;
  return {
    apiUrl: read(env, 'HUB88_API_URL', 'an http(s):// URL', httpUrl) ?? FAKE_HUB88_URL,
    operatorId: read(env, 'HUB88_OPERATOR_ID', 'a positive integer', operatorId) ?? DEMO_OPERATOR_ID,
    privateKey: pemOf(read(env, 'HUB88_PRIVATE_KEY', 'an RSA private key in PEM', privateKey, { secret: true }) ?? DEMO_OPERATOR_PRIVATE_KEY),
    // Not secret, but read as one: a private key pasted here by mistake must not reach the log.
    publicKey: pemOf(read(env, 'HUB88_PUBLIC_KEY', 'an RSA public key in PEM', publicKey, { secret: true }) ?? DEMO_AGGREGATOR_PUBLIC_KEY),
  };
}

/**
 * A key's fingerprint: the SHA-256 of its public half as DER SPKI, so one
 * key is recognised whatever its encoding (PKCS#8 or PKCS#1, PEM with other
 * line breaks) and a private key is recognised by its public half.
 */
function fingerprintOf(pem: string, kind: 'private' | 'public'): string | null {
  try {
    const key = kind === 'private' ? createPublicKey(rsaPrivateKey(pem)) : rsaPublicKey(pem);
    return createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex');
  } catch {
    return null;
  }
}

/** Both demo key pairs (ours and the fake aggregator's) ship in the source: production accepts neither, in either variable. */
const DEMO_FINGERPRINTS = new Set([DEMO_OPERATOR_PUBLIC_KEY, DEMO_AGGREGATOR_PUBLIC_KEY].map((pem) => fingerprintOf(pem, 'public')));

/**
 * Production with GAME_AGGREGATOR=hub88: every variable set, the keys none of
 * the demo pairs (they are in the source; compared by fingerprint, so
 * another encoding of one is still refused), and the API on https at an
 * address that is not this machine (the fake's). Checked in the order of the
 * variables; the first problem is named.
 */
export function checkHub88InProduction(env: Record<string, string | undefined>, refuse: (line: string) => never, secret: (name: string, required: boolean) => void): void {
  const inProduction = 'in production (NODE_ENV=production)';
  for (const name of ['HUB88_API_URL', 'HUB88_OPERATOR_ID', 'HUB88_PRIVATE_KEY', 'HUB88_PUBLIC_KEY']) {
    if (env[name] === undefined || env[name] === '') refuse(`${name} must be set when GAME_AGGREGATOR is "hub88" ${inProduction}`);
  }
  const url = env.HUB88_API_URL as string;
  if (!url.startsWith('https://') || isThisMachine(url)) refuse(`HUB88_API_URL must be Hub88's https:// address ${inProduction} (the fake aggregator is for trying the app)`);
  for (const [name, kind] of [['HUB88_PRIVATE_KEY', 'private'], ['HUB88_PUBLIC_KEY', 'public']] as const) {
    if (DEMO_FINGERPRINTS.has(fingerprintOf(env[name] as string, kind))) refuse(`${name} must not be a value from the source code ${inProduction} (the fake aggregator's demo key)`);
  }
  secret('HUB88_PRIVATE_KEY', true);
}
