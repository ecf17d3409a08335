import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('configuration from the environment', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      databasePoolSize: 10,
      variant: 'th',
      registerOtp: undefined,
      smsProvider: 'console',
      serviceStatus: 'active',
      operator: null,
      demo: { phone: '0812345678', password: 'demo-pass-1234' },
      logLevel: 'info',
      redisUrl: null,
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
    });

    expect(config).toMatchObject({
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
    ['SMS_PROVIDER', 'twilio', 'Invalid configuration: SMS_PROVIDER must be "console" or "none" (got "twilio")'],
    ['SERVICE_STATUS', 'paused', 'Invalid configuration: SERVICE_STATUS must be "active" or "terminated" (got "paused")'],
    ['LOG_LEVEL', 'loud', 'Invalid configuration: LOG_LEVEL must be fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['DEMO_PHONE', '12345', 'Invalid configuration: DEMO_PHONE must be a phone number of 10 digits (got "12345")'],
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

describe('server start with a bad value', () => {
  it('prints one line naming the variable and exits with 1', () => {
    const root = path.resolve(import.meta.dirname, '../..');

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
