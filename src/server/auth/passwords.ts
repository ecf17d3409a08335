/**
 * Passwords are hashed with scrypt. The stored string carries its own
 * parameters (`scrypt$N$r$p$salt$hash`), so the cost can be raised later and
 * old hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { HASHING_QUEUE_MAX } from '../policy.ts';

interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** ~130 ms and 32 MiB per hash on the 2-core machine we measured (docs/decisions/0033-password-hashing-scrypt.md). */
let current: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * Hashes running at once: one core fewer than the machine has (at least
 * one), so a flood of logins for unknown phones, each a full scrypt, cannot
 * take every core from the requests that move money.
 */
export const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);
export { HASHING_QUEUE_MAX };

const hashing = pLimit(HASHING_CONCURRENCY);

/** Too many password checks are waiting already; the caller answers 429 (plugins/errors.ts). */
export class PasswordHashingBusy extends Error {
  constructor() {
    super('too many password hashes waiting');
    this.name = 'PasswordHashingBusy';
  }
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> {
  if (hashing.pendingCount >= HASHING_QUEUE_MAX) return Promise.reject(new PasswordHashingBusy());
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is just too small for N = 2^15.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** Hashes running and waiting now (tests and the benchmark read it). */
export function hashingLoad(): { active: number; pending: number } {
  return { active: hashing.activeCount, pending: hashing.pendingCount };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, current);
  const { N, r, p } = current;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { parameters: ScryptParameters; salt: Buffer; key: Buffer } | null {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return null;
  return {
    parameters: { N: Number(N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

/** Made once, so a login for an unknown phone costs what a real check costs. */
let dummyHash: Promise<string> | undefined;

/**
 * For test suites only, which hash thousands of passwords (as Rails' SecurePassword.min_cost):
 * new hashes get a cheap cost. Hashes name their own cost, so every hash still verifies.
 */
export function useCheapPasswordHashingForTests(): void {
  current = { N: 2 ** 10, r: 8, p: 1 };
  dummyHash = undefined;
}

/**
 * Whether `password` matches `stored`. Without a stored hash (no such user) it
 * still spends the time of a real check and answers false, so timing does not
 * tell which phones are registered.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parse(stored ?? (await dummyHash));
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.parameters);
  return stored !== null && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
