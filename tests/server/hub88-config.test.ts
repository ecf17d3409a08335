/**
 * GAME_AGGREGATOR=hub88's variables: demo mode falls back to the fake
 * aggregator's address and demo keys; production refuses a switched-on
 * Hub88 without its four variables, the fake's address and the keys that
 * ship in the source, naming the variable; a bad key is named without
 * being echoed.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { FAKE_HUB88_URL } from '../../src/server/games/hub88/config.ts';
import { DEMO_AGGREGATOR_PRIVATE_KEY, DEMO_AGGREGATOR_PUBLIC_KEY, DEMO_OPERATOR_PRIVATE_KEY, DEMO_OPERATOR_PUBLIC_KEY } from '../../src/server/games/hub88/demo-keys.ts';
import { PRODUCTION_ENV } from './helpers/production.ts';

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string };
}

/** The same key in PKCS#1 PEM (`BEGIN RSA ... KEY`) rather than PKCS#8 / SPKI. */
const reencodePrivate = (pem: string) => createPrivateKey(pem).export({ type: 'pkcs1', format: 'pem' }) as string;
const reencodePublic = (pem: string) => createPublicKey(pem).export({ type: 'pkcs1', format: 'pem' }) as string;

const ours = keyPair();
const theirs = keyPair();
const REAL_HUB88 = {
  GAME_AGGREGATOR: 'hub88',
  HUB88_API_URL: 'https://api.hub88.example',
  HUB88_OPERATOR_ID: '42',
  // One-line variables write the PEM's line breaks as \n.
  HUB88_PRIVATE_KEY: ours.privateKey.replaceAll('\n', '\\n'),
  HUB88_PUBLIC_KEY: theirs.publicKey,
};

describe('Hub88’s variables', () => {
  it('are off unless GAME_AGGREGATOR=hub88, and default to the fake aggregator in demo mode', () => {
    expect(loadConfig({}).hub88).toBeNull();
    expect(loadConfig({ GAME_AGGREGATOR: 'hub88' }).hub88).toEqual({ apiUrl: FAKE_HUB88_URL, operatorId: 1, privateKey: DEMO_OPERATOR_PRIVATE_KEY, publicKey: DEMO_AGGREGATOR_PUBLIC_KEY });
    expect(loadConfig(REAL_HUB88).hub88).toEqual({ apiUrl: 'https://api.hub88.example', operatorId: 42, privateKey: ours.privateKey, publicKey: theirs.publicKey });
  });

  it('names a bad value without echoing a key', () => {
    expect(() => loadConfig({ GAME_AGGREGATOR: 'hub99' })).toThrow(new ConfigError('Invalid configuration: GAME_AGGREGATOR must be "none" or "hub88" (got "hub99")'));
    expect(() => loadConfig({ ...REAL_HUB88, HUB88_PRIVATE_KEY: 'not a key at all' })).toThrow(new ConfigError('Invalid configuration: HUB88_PRIVATE_KEY must be an RSA private key in PEM (got 16 characters)'));
    expect(() => loadConfig({ ...REAL_HUB88, HUB88_PUBLIC_KEY: ours.privateKey })).toThrow(/HUB88_PUBLIC_KEY must be an RSA public key in PEM/);
    expect(() => loadConfig({ ...REAL_HUB88, HUB88_OPERATOR_ID: 'one' })).toThrow(/HUB88_OPERATOR_ID must be a positive integer/);
  });
});

describe('production with GAME_AGGREGATOR=hub88', () => {
  it('starts with Hub88’s address and keys of its own', () => {
    expect(loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88 }).hub88?.operatorId).toBe(42);
    // Keys of its own in PKCS#1 are keys of its own too.
    const pkcs1 = { HUB88_PRIVATE_KEY: reencodePrivate(ours.privateKey), HUB88_PUBLIC_KEY: reencodePublic(theirs.publicKey) };
    expect(loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88, ...pkcs1 }).hub88?.publicKey).toBe(pkcs1.HUB88_PUBLIC_KEY);
  });

  it.each(['HUB88_API_URL', 'HUB88_OPERATOR_ID', 'HUB88_PRIVATE_KEY', 'HUB88_PUBLIC_KEY'])('refuses to start without %s', (name) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88, [name]: '' })).toThrow(
      new ConfigError(`Invalid configuration: ${name} must be set when GAME_AGGREGATOR is "hub88" in production (NODE_ENV=production)`),
    );
  });

  it.each([
    FAKE_HUB88_URL,
    'http://api.hub88.example',
    'https://localhost:4088',
    'https://LOCALHOST.:4088',
    'https://games.localhost',
    'https://127.0.0.2:4388',
    'https://127.255.255.254',
    'https://2130706433:4388',
    'https://0.0.0.0:4088',
    'https://[::1]:4088',
    'https://[::]:4088',
    'https://[::ffff:127.0.0.1]:4088',
  ])('refuses the fake’s, this machine’s or an unencrypted address: %s', (url) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88, HUB88_API_URL: url })).toThrow(/^Invalid configuration: HUB88_API_URL must be Hub88's https:\/\/ address in production/);
  });

  it.each([
    ['HUB88_PRIVATE_KEY', DEMO_OPERATOR_PRIVATE_KEY],
    ['HUB88_PUBLIC_KEY', DEMO_AGGREGATOR_PUBLIC_KEY],
  ])('refuses the fake’s demo key as %s', (name, pem) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88, [name]: pem.replaceAll('\n', '\\n') })).toThrow(
      new ConfigError(`Invalid configuration: ${name} must not be a value from the source code in production (NODE_ENV=production) (the fake aggregator's demo key)`),
    );
  });

  it('takes addresses beside this machine’s for Hub88’s', () => {
    for (const url of ['https://128.0.0.1', 'https://[2001:db8::1]', 'https://localhost.hub88.example']) {
      expect(loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88, HUB88_API_URL: url }).hub88?.apiUrl).toBe(url);
    }
  });

  it.each([
    ['HUB88_PRIVATE_KEY', 'ours as PKCS#1', () => reencodePrivate(DEMO_OPERATOR_PRIVATE_KEY)],
    ['HUB88_PRIVATE_KEY', 'the fake aggregator’s', () => DEMO_AGGREGATOR_PRIVATE_KEY],
    ['HUB88_PUBLIC_KEY', 'the fake aggregator’s as PKCS#1', () => reencodePublic(DEMO_AGGREGATOR_PUBLIC_KEY)],
    ['HUB88_PUBLIC_KEY', 'ours', () => DEMO_OPERATOR_PUBLIC_KEY],
    ['HUB88_PUBLIC_KEY', 'the fake aggregator’s with CRLF line breaks', () => DEMO_AGGREGATOR_PUBLIC_KEY.replaceAll('\n', '\r\n')],
  ])('refuses a demo key in another encoding: %s, %s', (name, _which, pem) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88, [name]: pem() })).toThrow(
      new ConfigError(`Invalid configuration: ${name} must not be a value from the source code in production (NODE_ENV=production) (the fake aggregator's demo key)`),
    );
  });

  it('never echoes a private key pasted as HUB88_PUBLIC_KEY', () => {
    const pasted = DEMO_OPERATOR_PRIVATE_KEY;
    let line = '';
    try {
      loadConfig({ ...PRODUCTION_ENV, ...REAL_HUB88, HUB88_PUBLIC_KEY: pasted });
    } catch (error) {
      line = (error as Error).message;
    }
    expect(line).toMatch(/^Invalid configuration: HUB88_PUBLIC_KEY must be an RSA public key in PEM/);
    expect(line).not.toContain('PRIVATE KEY');
    expect(line).not.toContain(pasted.split('\n')[1]!.slice(0, 20));
  });

  it('does not let fake:hub88 run', async () => {
    const { execFileSync } = await import('node:child_process');
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/fake-hub88.ts'], { env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' })).toThrow(/fake:hub88 is for demo mode only/);
  });
});
