import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished, describe, expect, it } from 'vitest';
import { REQUESTED_WITH } from '../../src/contract/endpoints.ts';
import { ConfigError, loadConfig, VALUES_IN_THE_SOURCE } from '../../src/server/config.ts';
import { DEFAULT_CHAT_MEDIA_QUOTAS, DEFAULT_CONNECTIONS_PER_ADDRESS } from '../../src/server/policy.ts';
import { PRODUCTION_ENV } from './helpers/production.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;

describe('configuration from the environment', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      databasePoolSize: 10,
      variant: 'th',
      registerOtp: undefined,
      smsProvider: 'console',
      twilio: null,
      serviceStatus: 'active',
      operator: null,
      demo: { phone: '0812345678', password: 'demo-pass-1234' },
      logLevel: 'info',
      redisUrl: null,
      chatPrefix: 'chat',
      maxConnections: null,
      connectionsPerAddress: DEFAULT_CONNECTIONS_PER_ADDRESS,
      chatMediaQuotas: DEFAULT_CHAT_MEDIA_QUOTAS,
    });
    expect(path.basename(config.dataDir)).toBe('data');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/wallet-data',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/wallet',
      DATABASE_POOL_SIZE: '20',
      VARIANT: 'la',
      REGISTER_OTP: 'off',
      SMS_PROVIDER: 'none',
      SERVICE_STATUS: 'terminated',
      OPERATOR_PHONE: '02055512345',
      OPERATOR_PASSWORD: 'operator-secret',
      DEMO_PHONE: '0899999999',
      DEMO_PASSWORD: 'another-demo-pass',
      LOG_LEVEL: 'warn',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CHAT_PREFIX: 'support',
      CHAT_GUEST_SECRET: 'a-chat-guest-secret-of-32-or-more-characters',
      MAX_CONNECTIONS: '5000',
      CONNECTIONS_PER_IP: '512',
      CHAT_MEDIA_GUEST_MB_PER_DAY: '10',
      CHAT_MEDIA_MEMBER_MB_PER_DAY: '50',
      CHAT_MEDIA_ADDRESS_MB_PER_DAY: '60',
      CHAT_MEDIA_TOTAL_MB: '2048',
    });

    expect(config).toMatchObject({
      maxConnections: 5000,
      connectionsPerAddress: 512,
      chatMediaQuotas: { perGuestDay: 10 * MB, perMemberDay: 50 * MB, perGuestAddressDay: 60 * MB, total: 2048 * MB },
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/wallet-data',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/wallet',
      databasePoolSize: 20,
      variant: 'la',
      registerOtp: false,
      smsProvider: 'none',
      serviceStatus: 'terminated',
      operator: { phone: '02055512345', password: 'operator-secret' },
      demo: { phone: '0899999999', password: 'another-demo-pass' },
      logLevel: 'warn',
      redisUrl: 'redis://127.0.0.1:6379',
      chatPrefix: 'support',
      chatGuestSecret: 'a-chat-guest-secret-of-32-or-more-characters',
    });
  });

  it.each([
    ['PORT', 'abc', 'Invalid configuration: PORT must be an integer 1-65535 (got "abc")'],
    ['PORT', '70000', 'Invalid configuration: PORT must be an integer 1-65535 (got "70000")'],
    ['PORT', '0', 'Invalid configuration: PORT must be an integer 1-65535 (got "0")'],
    ['DATABASE_POOL_SIZE', '0', 'Invalid configuration: DATABASE_POOL_SIZE must be an integer 1-100 (got "0")'],
    ['DATABASE_POOL_SIZE', '500', 'Invalid configuration: DATABASE_POOL_SIZE must be an integer 1-100 (got "500")'],
    ['DATABASE_POOL_SIZE', 'ten', 'Invalid configuration: DATABASE_POOL_SIZE must be an integer 1-100 (got "ten")'],
    ['VARIANT', 'vn', 'Invalid configuration: VARIANT must be "th" or "la" (got "vn")'],
    ['REGISTER_OTP', 'yes', 'Invalid configuration: REGISTER_OTP must be "on" or "off" (got "yes")'],
    ['SMS_PROVIDER', 'gateway', 'Invalid configuration: SMS_PROVIDER must be "console", "none" or "twilio" (got "gateway")'],
    ['SERVICE_STATUS', 'paused', 'Invalid configuration: SERVICE_STATUS must be "active" or "terminated" (got "paused")'],
    ['LOG_LEVEL', 'loud', 'Invalid configuration: LOG_LEVEL must be fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['CHAT_PREFIX', 'chat-room', 'Invalid configuration: CHAT_PREFIX must be 1 to 32 letters, digits or _ (got "chat-room")'],
    ['DEMO_PHONE', '12345', 'Invalid configuration: DEMO_PHONE must be a phone number of 10 digits (got "12345")'],
    ['MAX_CONNECTIONS', '10', 'Invalid configuration: MAX_CONNECTIONS must be an integer 64-1000000 (got "10")'],
    ['CONNECTIONS_PER_IP', 'many', 'Invalid configuration: CONNECTIONS_PER_IP must be an integer 64-1000000 (got "many")'],
    ['CHAT_MEDIA_TOTAL_MB', '0', 'Invalid configuration: CHAT_MEDIA_TOTAL_MB must be a whole number of megabytes, at least 1 (got "0")'],
    ['CHAT_MEDIA_GUEST_MB_PER_DAY', '2.5', 'Invalid configuration: CHAT_MEDIA_GUEST_MB_PER_DAY must be a whole number of megabytes, at least 1 (got "2.5")'],
  ])('names %s when its value is bad (%s)', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });

  it('never echoes a secret it refuses', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/wallet' });

    expect(attempt).toThrow('Invalid configuration: DATABASE_URL must be a postgres:// URL (got 30 characters)');
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('checks the operator phone against the variant', () => {
    expect(() => loadConfig({ OPERATOR_PHONE: '020555123', OPERATOR_PASSWORD: 'operator-secret' })).toThrow(/OPERATOR_PHONE/);
    expect(loadConfig({ VARIANT: 'la', OPERATOR_PHONE: '020555123', OPERATOR_PASSWORD: 'operator-secret' }).operator).toEqual({
      phone: '020555123',
      password: 'operator-secret',
    });
  });

  it('wants both operator variables or neither', () => {
    expect(() => loadConfig({ OPERATOR_PHONE: '0811111111' })).toThrow(
      'Invalid configuration: OPERATOR_PASSWORD must be set when OPERATOR_PHONE is',
    );
    expect(() => loadConfig({ OPERATOR_PASSWORD: 'operator-secret' })).toThrow(/OPERATOR_PHONE must be set/);
  });

  it('refuses a short operator password without showing it', () => {
    expect(() => loadConfig({ OPERATOR_PHONE: '0811111111', OPERATOR_PASSWORD: 'short' })).toThrow(
      'Invalid configuration: OPERATOR_PASSWORD must be 8 to 128 characters (got 5 characters)',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', VARIANT: '' })).toMatchObject({ port: 3000, variant: 'th' });
  });
});

const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'fedcba9876543210'.repeat(2),
  TWILIO_FROM: '+66912345678',
};

describe('Twilio variables (SMS_PROVIDER=twilio)', () => {
  it('are read, and a Messaging Service SID is a sender too', () => {
    expect(loadConfig(TWILIO).twilio).toEqual({ accountSid: TWILIO.TWILIO_ACCOUNT_SID, authToken: TWILIO.TWILIO_AUTH_TOKEN, from: '+66912345678' });
    const service = `MG${'a1'.repeat(16)}`;
    expect(loadConfig({ ...TWILIO, TWILIO_FROM: service }).twilio?.from).toBe(service);
    expect(loadConfig({ ...TWILIO, SMS_PROVIDER: 'none' }).twilio).toBeNull();
  });

  it.each(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'])('must include %s', (name) => {
    expect(() => loadConfig({ ...TWILIO, [name]: '' })).toThrow(new ConfigError(`Invalid configuration: ${name} must be set when SMS_PROVIDER is "twilio"`));
  });

  it.each([
    ['TWILIO_ACCOUNT_SID', 'AC123', 'Invalid configuration: TWILIO_ACCOUNT_SID must be "AC" and 32 hex digits (got "AC123")'],
    ['TWILIO_ACCOUNT_SID', `SK${'0'.repeat(32)}`, /TWILIO_ACCOUNT_SID must be "AC" and 32 hex digits/],
    ['TWILIO_AUTH_TOKEN', 'not-hex-but-32-characters-long!!', 'Invalid configuration: TWILIO_AUTH_TOKEN must be 32 hex digits (got 32 characters)'],
    ['TWILIO_FROM', '0812345678', /TWILIO_FROM must be an E.164 number/],
    ['TWILIO_FROM', '+0812345678', /TWILIO_FROM must be an E.164 number/],
    ['TWILIO_FROM', `MG${'0'.repeat(31)}`, /TWILIO_FROM must be an E.164 number/],
  ])('names %s when it is malformed (%s)', (name, value, message) => {
    expect(() => loadConfig({ ...TWILIO, [name]: value })).toThrow(typeof message === 'string' ? new ConfigError(message) : message);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  const inProduction = '(NODE_ENV=production)';
  const sourceSecret = loadConfig({}).paymentWebhookSecret;
  const without = (name: string) => ({ ...PRODUCTION_ENV, [name]: undefined });

  it('starts with every secret set to a value of its own', () => {
    const config = loadConfig(PRODUCTION_ENV);

    expect(config).toMatchObject({
      production: true,
      paymentWebhookSecret: PRODUCTION_ENV.PAYMENT_WEBHOOK_SECRET,
      fileLinkSecret: PRODUCTION_ENV.FILE_LINK_SECRET,
      chatGuestSecret: PRODUCTION_ENV.CHAT_GUEST_SECRET,
      smsProvider: 'twilio',
      twilio: { accountSid: PRODUCTION_ENV.TWILIO_ACCOUNT_SID },
    });
    expect(new Set(Object.values(config.paymentWebhookSecrets))).toEqual(new Set([PRODUCTION_ENV.PAYMENT_WEBHOOK_SECRET]));
    expect(loadConfig({ ...PRODUCTION_ENV, SMS_PROVIDER: 'none', REGISTER_OTP: 'off' }).smsProvider).toBe('none');
    expect(loadConfig({ ...PRODUCTION_ENV, OPERATOR_PHONE: '0811111111', OPERATOR_PASSWORD: 'twelve-chars' }).operator?.password).toBe('twelve-chars');
  });

  it('lists the secrets that ship in the source, README’s production example among them', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const example = /```sh\n# Example shapes only[^\n]*\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const env = Object.fromEntries([...example.matchAll(/^export (\w+)='?([^'\n]*)'?$/gm)].map(([, name, value]) => [name, value]));
    const secrets = ['PAYMENT_WEBHOOK_SECRET', 'FILE_LINK_SECRET', 'CHAT_GUEST_SECRET', 'TWILIO_AUTH_TOKEN', 'OPERATOR_PASSWORD'].map((name) => env[name]);

    expect(env.NODE_ENV).toBe('production');
    expect(VALUES_IN_THE_SOURCE).toEqual(expect.arrayContaining([sourceSecret, loadConfig({}).demo.password, ...secrets]));
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration: PAYMENT_WEBHOOK_SECRET must not be a value from the source code/);
  });

  it.each([
    ['FILE_LINK_SECRET', 'replace-with-32-or-more-random-characters-of-your-own'],
    ['TWILIO_AUTH_TOKEN', '0123456789abcdef0123456789abcdef'],
  ])('refuses %s with README’s example value', (name, value) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, [name]: value })).toThrow(
      new ConfigError(`Invalid configuration: ${name} must not be a value from the source code in production (NODE_ENV=production)`),
    );
  });

  it.each([
    ['PAYMENT_WEBHOOK_SECRET unset', without('PAYMENT_WEBHOOK_SECRET'), `PAYMENT_WEBHOOK_SECRET must be set in production ${inProduction}`],
    ['PAYMENT_WEBHOOK_SECRET from the source', { ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: sourceSecret }, `PAYMENT_WEBHOOK_SECRET must not be a value from the source code in production ${inProduction}`],
    ['PAYMENT_WEBHOOK_SECRET_KBANK from the source', { ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET_KBANK: sourceSecret }, `PAYMENT_WEBHOOK_SECRET_KBANK must not be a value from the source code in production ${inProduction}`],
    ['PAYMENT_WEBHOOK_SECRET_WW from the source', { ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET_WW: sourceSecret }, `PAYMENT_WEBHOOK_SECRET_WW must not be a value from the source code in production ${inProduction}`],
    ['PAYMENT_WEBHOOK_SECRET_E2P from the source', { ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET_E2P: sourceSecret }, `PAYMENT_WEBHOOK_SECRET_E2P must not be a value from the source code in production ${inProduction}`],
    ['FILE_LINK_SECRET unset (a random one would break links across instances and restarts)', without('FILE_LINK_SECRET'), `FILE_LINK_SECRET must be set in production ${inProduction}`],
    ['SMS_PROVIDER unset (console)', without('SMS_PROVIDER'), `SMS_PROVIDER must be "twilio" or "none" in production ${inProduction} ("console" writes OTP codes to the log)`],
    ['SMS_PROVIDER=console', { ...PRODUCTION_ENV, SMS_PROVIDER: 'console' }, `SMS_PROVIDER must be "twilio" or "none" in production ${inProduction} ("console" writes OTP codes to the log)`],
    ['SMS_PROVIDER=none with registration OTP on', { ...PRODUCTION_ENV, SMS_PROVIDER: 'none' }, `REGISTER_OTP must be "off" when SMS_PROVIDER is "none" in production ${inProduction} (no OTP could arrive)`],
    ['OPERATOR_PASSWORD of 11 characters', { ...PRODUCTION_ENV, OPERATOR_PHONE: '0811111111', OPERATOR_PASSWORD: 'eleven-char' }, `OPERATOR_PASSWORD must be at least 12 characters in production ${inProduction} (got 11 characters)`],
    ['OPERATOR_PASSWORD from the source', { ...PRODUCTION_ENV, OPERATOR_PHONE: '0811111111', OPERATOR_PASSWORD: 'demo-pass-1234' }, `OPERATOR_PASSWORD must not be a value from the source code in production ${inProduction}`],
    ['PAYMENT_WEBHOOK_SECRET from the source with a space after it', { ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: `${sourceSecret} ` }, `PAYMENT_WEBHOOK_SECRET must not be a value from the source code in production ${inProduction}`],
    ['FILE_LINK_SECRET holding README\'s example', { ...PRODUCTION_ENV, FILE_LINK_SECRET: 'x-replace-with-32-or-more-random-characters-of-your-own' }, `FILE_LINK_SECRET must not be a value from the source code in production ${inProduction}`],
    ['PAYMENT_WEBHOOK_SECRET of one character repeated', { ...PRODUCTION_ENV, PAYMENT_WEBHOOK_SECRET: 'a'.repeat(40) }, `PAYMENT_WEBHOOK_SECRET must have at least 8 different characters in production ${inProduction} (use a random value, e.g. openssl rand -hex 32)`],
    ['CHAT_GUEST_SECRET unset (guest tokens would be signed with the value in the source)', without('CHAT_GUEST_SECRET'), `CHAT_GUEST_SECRET must be set in production ${inProduction}`],
    ['CHAT_GUEST_SECRET from the source', { ...PRODUCTION_ENV, CHAT_GUEST_SECRET: loadConfig({}).chatGuestSecret }, `CHAT_GUEST_SECRET must not be a value from the source code in production ${inProduction}`],
    ['CHAT_GUEST_SECRET of two characters', { ...PRODUCTION_ENV, CHAT_GUEST_SECRET: 'ab'.repeat(20) }, `CHAT_GUEST_SECRET must have at least 8 different characters in production ${inProduction} (use a random value, e.g. openssl rand -hex 32)`],
    ['FILE_LINK_SECRET of two characters', { ...PRODUCTION_ENV, FILE_LINK_SECRET: 'ab'.repeat(20) }, `FILE_LINK_SECRET must have at least 8 different characters in production ${inProduction} (use a random value, e.g. openssl rand -hex 32)`],
    ['DEMO_PHONE set', { ...PRODUCTION_ENV, DEMO_PHONE: '0899999999' }, `DEMO_PHONE has no meaning in production ${inProduction}: there is no demo member; unset it`],
    ['DEMO_PASSWORD set', { ...PRODUCTION_ENV, DEMO_PASSWORD: 'another-demo-pass' }, `DEMO_PASSWORD has no meaning in production ${inProduction}: there is no demo member; unset it`],
    ['a per-address limit above ten times its default', { ...PRODUCTION_ENV, LIMIT_LOGIN_FAILURES_PER_IP: '1000000/1s' }, `LIMIT_LOGIN_FAILURES_PER_IP may allow at most 300/15m in production ${inProduction} (10 times the default)`],
    ['a login ceiling above ten times its default', { ...PRODUCTION_ENV, LIMIT_LOGINS_GLOBAL: '12001/1m' }, `LIMIT_LOGINS_GLOBAL may allow at most 12000/1m in production ${inProduction} (10 times the default)`],
  ])('refuses %s, naming it', (_case, env, line) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(`Invalid configuration: ${line}`));
  });

  it('names the first problem in a fixed order, and never a secret’s value', () => {
    const problems = { NODE_ENV: 'production', PAYMENT_WEBHOOK_SECRET_WW: sourceSecret, OPERATOR_PHONE: '0811111111', OPERATOR_PASSWORD: 'short-pass', DEMO_PHONE: '0899999999' };
    expect(() => loadConfig(problems)).toThrow(/^Invalid configuration: PAYMENT_WEBHOOK_SECRET must be set/);
    expect(() => loadConfig({ ...problems, PAYMENT_WEBHOOK_SECRET: 'p4Kx9Lm2Qr7Tz1Vb-p4Kx9Lm2Qr7Tz1Vb' })).toThrow(/^Invalid configuration: PAYMENT_WEBHOOK_SECRET_WW must not be/);
    expect(() => loadConfig({ ...problems, PAYMENT_WEBHOOK_SECRET: 'p4Kx9Lm2Qr7Tz1Vb-p4Kx9Lm2Qr7Tz1Vb', PAYMENT_WEBHOOK_SECRET_WW: '' })).toThrow(/^Invalid configuration: FILE_LINK_SECRET must be set/);
    expect(() => loadConfig({ ...problems, PAYMENT_WEBHOOK_SECRET: sourceSecret })).not.toThrow(new RegExp(sourceSecret));
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment of a server process: this one's minus every variable the server reads. */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const names = /^(NODE_ENV|PORT|HOST|DATA_DIR|DATABASE_URL|DATABASE_POOL_SIZE|VARIANT|REGISTER_OTP|SMS_PROVIDER|TWILIO_.*|SERVICE_STATUS|OPERATOR_.*|DEMO_.*|LOG_LEVEL|REDIS_URL|FILE_LINK_SECRET|CHAT_.*|PAYMENT_WEBHOOK_SECRET.*)$/;
  const kept = Object.entries(process.env).filter(([name]) => !names.test(name));
  return { ...Object.fromEntries(kept), ...extra };
}

/**
 * Starts the real server on a new PGlite folder and waits for its "Open"
 * line; stopped (SIGTERM) when the test finishes.
 */
async function startServer(env: Record<string, string>): Promise<{ baseUrl: string; output: () => string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-start-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: serverEnv({ ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  onTestFinished(async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.includes('Open http://localhost:')) resolve();
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

describe('server start in production', () => {
  it.each([
    ['no secrets at all', {}, `Invalid configuration: PAYMENT_WEBHOOK_SECRET must be set in production (NODE_ENV=production)`],
    ['SMS_PROVIDER=console', { ...PRODUCTION_ENV, SMS_PROVIDER: 'console' }, /^Invalid configuration: SMS_PROVIDER must be "twilio" or "none" in production/],
    ['a short OPERATOR_PASSWORD', { ...PRODUCTION_ENV, OPERATOR_PHONE: '0811111111', OPERATOR_PASSWORD: 'eleven-char' }, /^Invalid configuration: OPERATOR_PASSWORD must be at least 12 characters/],
  ])('stops with one line naming the variable: %s', (_case, env, line) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: root,
      env: serverEnv({ ...env, NODE_ENV: 'production', DATA_DIR: path.join(tmpdir(), 'wallet-never-created') }),
      encoding: 'utf8',
      timeout: 30_000,
    });

    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(line);
  });

  it('starts with everything set: no demo member line, and the simulators answer 404', async () => {
    const server = await startServer(PRODUCTION_ENV);

    const headers = { 'x-requested-with': REQUESTED_WITH };
    expect((await fetch(`${server.baseUrl}/api/lookup/active`, { headers })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/hooks/simulator/qrcodes/1`)).status).toBe(404);
    expect(server.output()).toContain('Production mode (NODE_ENV=production)');
    expect(server.output()).not.toMatch(/Demo member|Demo mode/);
  });

  it('warns in one line that demo mode is not for real money', async () => {
    const server = await startServer({});

    // Signed lookups only, but there: 401, not 404.
    expect((await fetch(`${server.baseUrl}/api/hooks/simulator/qrcodes/1`)).status).toBe(401);
    const warnings = server.output().split('\n').filter((line) => line.startsWith('Demo mode'));
    expect(warnings).toEqual([expect.stringMatching(/simulators on.*not for real money.*NODE_ENV=production/)]);
    expect(server.output()).toContain('Demo member: phone 0812345678, password demo-pass-1234');
  });
});

describe('server start with a bad value', () => {
  it('prints one line naming the variable and exits with 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '', DATA_DIR: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });

    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid configuration: PORT must be an integer 1-65535 (got "abc")');
  });
});
