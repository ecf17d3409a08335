import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HASHING_CONCURRENCY,
  HASHING_QUEUE_MAX,
  hashingLoad,
  hashPassword,
  PasswordHashingBusy,
  verifyPassword,
} from '../../src/server/auth/passwords.ts';

// This file does not import the test app helper, so hashing runs at the real cost.
describe('password hashing', () => {
  it('uses scrypt with N = 2^15, r = 8, p = 1 and a random salt, written into the hash', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');

    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w+/]{22}==\$[\w+/]{43}=$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');

    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery!', stored)).toBe(false);
  });

  it('verifies a hash made with other parameters, so the cost can be raised later', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('older password', salt, 32, { N: 2 ** 12, r: 8, p: 1 });
    const stored = ['scrypt', 2 ** 12, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');

    expect(await verifyPassword('older password', stored)).toBe(true);
    expect(await verifyPassword('other password', stored)).toBe(false);
  });

  it('answers false for no stored hash, after the work of a real check', async () => {
    await verifyPassword('warm up', null); // the dummy hash is made on first use

    const started = performance.now();
    const result = await verifyPassword('anything at all', null);
    const elapsed = performance.now() - started;

    expect(result).toBe(false);
    // A skipped check takes well under 1 ms; scrypt at N = 2^15 takes tens of ms on any machine (load only adds).
    expect(elapsed).toBeGreaterThan(10);
  });

  it('answers false for a stored value it cannot read', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
  });

  it('runs at most one hash fewer than the cores at once, queues a bounded number, and refuses the rest at once', async () => {
    // A cheap hash (its cost is in the string), so the flood takes a moment, not minutes.
    const salt = Buffer.from('0123456789abcdef');
    const stored = ['scrypt', 2 ** 4, 8, 1, salt.toString('base64'), scryptSync('flood', salt, 32, { N: 2 ** 4, r: 8, p: 1 }).toString('base64')].join('$');
    const extra = 5;
    await verifyPassword('warm up', null); // the dummy hash, made on first use, is not part of the flood

    const checks = Array.from({ length: HASHING_CONCURRENCY + HASHING_QUEUE_MAX + extra }, () =>
      verifyPassword('flood', stored).then(
        () => 'checked',
        (error: unknown) => (error instanceof PasswordHashingBusy ? 'refused' : 'failed'),
      ),
    );
    const load = hashingLoad();
    const outcomes = await Promise.all(checks);

    expect(load).toEqual({ active: HASHING_CONCURRENCY, pending: HASHING_QUEUE_MAX });
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(extra);
    expect(outcomes.filter((outcome) => outcome === 'checked')).toHaveLength(HASHING_CONCURRENCY + HASHING_QUEUE_MAX);
  });
});
