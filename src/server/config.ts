/**
 * Configuration comes from the environment and is checked once, at start. A
 * bad value stops the server with one line that names the variable; tests
 * build a Config directly.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import * as v from 'valibot';
import { ConfigError, isThisMachine, read, type Env } from './config-read.ts';
import { QR_PROVIDERS, type QrProvider } from '../contract/deposit.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VARIANTS, phoneError, type Variant } from '../contract/rules/members.ts';
import { DEMO_OPERATOR } from './db/seed-data.ts';
import { OPN_API_URL } from './payments/opn.ts';
import { hub88Config, checkHub88InProduction, type Hub88Config } from './games/hub88/config.ts';
import { IP_LIMIT_NAMES, type IpLimitName, type LimitsConfig, type WindowLimit } from './limits/limits.ts';
import { DEFAULT_CHAT_MEDIA_QUOTAS, DEFAULT_CONNECTIONS_PER_ADDRESS, DEFAULT_IP_LIMITS, DEFAULT_LOGINS_GLOBAL, MIN_MAX_CONNECTIONS } from './policy.ts';
import { EASYSLIP_API_URL } from './slips/easyslip.ts';
import { FAKE_EASYSLIP_API_KEY } from './slips/easyslip-fake.ts';

// The configuration's error, for the callers of loadConfig (defined beside `read`).
export { ConfigError };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Credentials {
  phone: string;
  password: string;
}

export interface Config {
  /**
   * NODE_ENV=production (the Node convention): real money. Nothing that ships
   * in the source is accepted then (secrets, demo accounts, simulators).
   * Otherwise demo mode, for trying the app.
   */
  production: boolean;
  port: number;
  host: string;
  /** PGlite keeps its files in `<dataDir>/pglite` when no databaseUrl is given. */
  dataDir: string;
  /** Set: real PostgreSQL through `pg`. Null: embedded PGlite. */
  databaseUrl: string | null;
  /** Connections in the `pg` pool (PostgreSQL only; see DEFAULT_POOL_SIZE). */
  databasePoolSize: number;
  variant: Variant;
  /**
   * Written to the registerOTP setting at start when set. Unset: on in
   * production (a setting left off by an earlier start must not open
   * registration without a code), the stored setting (seeded on) in demo mode.
   */
  registerOtp: boolean | undefined;
  smsProvider: SmsProvider;
  /** Twilio's Messages API (SMS_PROVIDER=twilio); null with any other provider. */
  twilio: TwilioCredentials | null;
  serviceStatus: 'active' | 'terminated';
  /**
   * The bootstrap admin (OPERATOR_PHONE, OPERATOR_PASSWORD): created or
   * updated at start when both are set; its password follows the variable.
   */
  operator: Credentials | null;
  /** The demo member seeded when no user has this phone; never in production (no demo member there). */
  demo: Credentials;
  logLevel: LogLevel;
  /** Set: rate-limit counters live in Redis (shared by every process); unset: in the database. */
  redisUrl: string | null;
  /**
   * Fastify's trustProxy (TRUST_PROXY): false, or the addresses/CIDRs of
   * the proxies whose X-Forwarded-For is believed. The client address
   * (per-address limits, socket caps) and https (Secure cookies) follow it.
   */
  trustProxy: false | string[];
  /** Per-address limits (null when LIMITS_PER_IP=off) and the server's login ceiling. */
  limits: LimitsConfig;
  /**
   * MAX_CONNECTIONS: the most connections the server holds at once (HTTP
   * and websockets together); null: sized from the process's soft limit of
   * open files (connections.ts).
   */
  maxConnections: number | null;
  /** CONNECTIONS_PER_IP: connections of one client address at once (not a trusted proxy's; off with LIMITS_PER_IP=off). */
  connectionsPerAddress: number;
  /** The chat files' stored-bytes quotas, in bytes (CHAT_MEDIA_*_MB; policy.ts DEFAULT_CHAT_MEDIA_QUOTAS). */
  chatMediaQuotas: ChatMediaQuotas;
  /** The built SPA (`vite build` output). */
  distDir: string;
  /**
   * PAYMENT_WEBHOOK_SECRET: signs the built-in simulators' calls (simulate:pay's
   * QR lookup, simulated TrueMoney vouchers) and is every payment provider's
   * webhook secret unless PAYMENT_WEBHOOK_SECRET_<PROVIDER> names its own.
   */
  paymentWebhookSecret: string;
  /** HMAC-SHA256 key of each provider's webhook (src/server/payments/webhook.ts). */
  paymentWebhookSecrets: Record<QrProvider, string>;
  /**
   * Signs the short-lived links to stored files (slip images, chat media). Unset: a
   * random secret per process, so links die with a restart; instances that
   * serve the same files need the same FILE_LINK_SECRET.
   */
  fileLinkSecret: string;
  /**
   * CHAT_GUEST_SECRET: signs the chat's guest tokens (chat/guest-token.ts),
   * which live 30 days, so it stays the same across restarts and instances:
   * demo mode uses a value from the source, production refuses it.
   */
  chatGuestSecret: string;
  /** CHAT_PREFIX: the chat's rooms are `{PREFIX}-{userId or guestId}` (GET /api/chat/config). */
  chatPrefix: string;
  /**
   * PAYMENT_PROVIDER: `webhook` (QRs drawn here, payments reported on the
   * signed webhook) or `opn` (the KBANK QR is an Opn Payments PromptPay
   * charge: docs/decisions/0135-opn-payments.md).
   */
  paymentProvider: PaymentProviderName;
  /** Opn's secret key and API origin (PAYMENT_PROVIDER=opn); null otherwise. */
  opn: OpnCredentials | null;
  /** SLIP_VERIFIER=easyslip: new bank slips are checked with the bank (0137); null: operators check every slip. */
  slipVerifier: SlipVerifierConfig | null;
  /** GAME_AGGREGATOR=hub88: Hub88's games through its Operator API (games/hub88/config.ts); null: none. */
  hub88: Hub88Config | null;
  /**
   * METRICS_ALLOW: the client addresses/CIDRs GET /metrics answers without
   * a token (the client address as TRUST_PROXY makes it). Default: this
   * machine (loopback) in demo mode, nobody in production
   * (docs/decisions/0148-operating-it.md).
   */
  metricsAllow: string[];
  /** METRICS_TOKEN: a bearer token that opens GET /metrics from anywhere; null: none. Never logged. */
  metricsToken: string | null;
}

export interface ChatMediaQuotas {
  /** Bytes one guest may store in a rolling day. */
  perGuestDay: number;
  /** Bytes one member may store in a rolling day. */
  perMemberDay: number;
  /** Bytes the guests of one client address may store in a rolling day (off with LIMITS_PER_IP=off). */
  perGuestAddressDay: number;
  /** Bytes of every chat file kept. */
  total: number;
}

export const PAYMENT_PROVIDER_NAMES = ['webhook', 'opn'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

export interface OpnCredentials {
  /** `skey_…` (`skey_test_…` in Opn's test mode); never logged. */
  secretKey: string;
  /** OMISE_API_URL: Opn's API origin; the local fake's in tests and demo mode. */
  apiUrl: string;
}

export interface SlipVerifierConfig {
  provider: 'easyslip';
  /** EASYSLIP_API_KEY, the bearer key; never logged. */
  apiKey: string;
  /** EASYSLIP_API_URL, the API v2 base. */
  apiUrl: string;
}

export const SMS_PROVIDERS = ['console', 'none', 'twilio'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export interface TwilioCredentials {
  /** `AC` and 32 hex digits. */
  accountSid: string;
  /** 32 hex digits; never logged. */
  authToken: string;
  /** The sender: an E.164 number, or a Messaging Service (`MG` and 32 hex digits). */
  from: string;
}


const projectRoot = path.resolve(import.meta.dirname, '../..');

/** For trying the app only: anyone who reads this file could sign a payment; production refuses it. */
const DEV_PAYMENT_WEBHOOK_SECRET = 'dev-only-payment-webhook-secret';
/** For trying the app only: anyone who reads this file could sign a guest token for any guest id; production refuses it. */
const DEV_CHAT_GUEST_SECRET = 'dev-only-chat-guest-secret-for-trying-the-app';

/** The key the local fake of Opn (npm run fake:opn) accepts; a test key, so production refuses it twice over. */
export const FAKE_OPN_SECRET_KEY = 'skey_test_localfakeopn0000000000';

const DEMO_PHONE = '0812345678';
const DEMO_PASSWORD = 'demo-pass-1234';

/**
 * Every secret or password the repository ships as a default or an example
 * (here, and README.md's production example). Anyone can read them, so
 * production refuses any of them as a secret or the operator's password.
 * Add an example value here when you write one into the docs
 * (tests/server/config.test.ts checks README's).
 */
export const VALUES_IN_THE_SOURCE: readonly string[] = [
  DEV_PAYMENT_WEBHOOK_SECRET,
  DEV_CHAT_GUEST_SECRET,
  DEMO_PASSWORD,
  DEMO_OPERATOR.password,
  'replace-with-the-secret-your-providers-sign-with',
  'replace-with-32-or-more-random-characters-of-your-own',
  'replace-with-a-long-password',
  '0123456789abcdef0123456789abcdef',
  FAKE_OPN_SECRET_KEY,
  FAKE_EASYSLIP_API_KEY,
];

/** The operator's password in production (the issue's rule; demo mode keeps the members' 8). */
export const PRODUCTION_OPERATOR_PASSWORD_MIN_LENGTH = 12;
/** A production secret has at least this many different characters ("aaaa…" or "abab…" is no secret). */
export const PRODUCTION_SECRET_MIN_DISTINCT = 8;
/** Production's per-address limits and login ceiling allow at most this many times their default rate. */
export const PRODUCTION_LIMIT_FACTOR = 10;

const IN_PRODUCTION = 'in production (NODE_ENV=production)';


/**
 * Measured with `npm run bench:ledger` on 2 cores
 * (docs/decisions/0057-transfer-hot-path.md): transfers/s were the same with 10 and 20
 * connections and ~5 % lower with 5; Node and PostgreSQL share the two
 * cores, so more connections only add waiting backends. More cores may
 * want more (DATABASE_POOL_SIZE).
 */
export const DEFAULT_POOL_SIZE = 10;

const port = v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number), v.minValue(1), v.maxValue(65535));
const poolSize = v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100));
const host = v.pipe(v.string(), v.regex(/^[\w.:-]+$/));
const onOff = v.pipe(v.picklist(['on', 'off']), v.transform((value) => value === 'on'));
const postgresUrl = v.pipe(v.string(), v.url(), v.regex(/^postgres(ql)?:\/\//));
const redisUrl = v.pipe(v.string(), v.url(), v.regex(/^rediss?:\/\//));
const password = v.pipe(v.string(), v.minLength(PASSWORD_MIN_LENGTH), v.maxLength(PASSWORD_MAX_LENGTH));
const passwordText = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`;
const urlSecret = v.pipe(v.string(), v.minLength(32), v.maxLength(512));
const webhookSecret = v.pipe(v.string(), v.minLength(16), v.maxLength(256));
const webhookSecretText = '16 to 256 characters';
const chatPrefix = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}$/));
const connectionCount = v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number), v.minValue(MIN_MAX_CONNECTIONS), v.maxValue(1_000_000));
const megabytes = v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform((value) => Number(value) * 1024 * 1024), v.minValue(1024 * 1024));
const megabytesText = 'a whole number of megabytes, at least 1';

function chatMediaQuotas(env: Env): ChatMediaQuotas {
  const quota = (name: string, fallback: number) => read(env, name, megabytesText, megabytes) ?? fallback;
  return {
    perGuestDay: quota('CHAT_MEDIA_GUEST_MB_PER_DAY', DEFAULT_CHAT_MEDIA_QUOTAS.perGuestDay),
    perMemberDay: quota('CHAT_MEDIA_MEMBER_MB_PER_DAY', DEFAULT_CHAT_MEDIA_QUOTAS.perMemberDay),
    perGuestAddressDay: quota('CHAT_MEDIA_ADDRESS_MB_PER_DAY', DEFAULT_CHAT_MEDIA_QUOTAS.perGuestAddressDay),
    total: quota('CHAT_MEDIA_TOTAL_MB', DEFAULT_CHAT_MEDIA_QUOTAS.total),
  };
}
const connectionCountText = `an integer ${MIN_MAX_CONNECTIONS}-1000000`;

const LIMIT_NAMES: Record<IpLimitName, string> = {
  loginFailures: 'LIMIT_LOGIN_FAILURES_PER_IP',
  otpSends: 'LIMIT_OTP_SENDS_PER_IP',
  otpFailures: 'LIMIT_OTP_FAILURES_PER_IP',
  registrations: 'LIMIT_REGISTRATIONS_PER_IP',
  validations: 'LIMIT_VALIDATIONS_PER_IP',
  opnWebhooks: 'LIMIT_OPN_WEBHOOKS_PER_IP',
};
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
/** `{count}/{window}`, e.g. `20/15m` (s, m or h). */
const windowLimit = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,6}\/[1-9]\d{0,3}[smh]$/),
  v.transform((value): WindowLimit => {
    const [count, window] = value.split('/') as [string, string];
    return { max: Number(count), windowMs: Number(window.slice(0, -1)) * UNIT_MS[window.slice(-1) as keyof typeof UNIT_MS] };
  }),
);
const windowLimitText = 'a count and a window like 20/15m (s, m or h)';

function limits(env: Env): LimitsConfig {
  // Load tests from one address turn them off; production never may (checkProduction).
  const perIpOn = read(env, 'LIMITS_PER_IP', '"on" or "off"', onOff) ?? true;
  const perIp = Object.fromEntries(
    IP_LIMIT_NAMES.map((name) => [name, read(env, LIMIT_NAMES[name], windowLimitText, windowLimit) ?? DEFAULT_IP_LIMITS[name]]),
  ) as Record<IpLimitName, WindowLimit>;
  return { perIp: perIpOn ? perIp : null, loginsGlobal: read(env, 'LIMIT_LOGINS_GLOBAL', windowLimitText, windowLimit) ?? DEFAULT_LOGINS_GLOBAL };
}

/**
 * A comma-separated list of proxy addresses and CIDRs; never "trust
 * everyone", and no hop count: a count cannot tell the proxy from a client
 * who sends the header itself, so Fastify believes no header with one and
 * every member would share the proxy's address.
 */
const trustProxy = v.pipe(
  v.string(),
  v.check((value) => value.split(',').every((part) => isAddressOrCidr(part.trim()))),
  v.transform((value): string[] => value.split(',').map((part) => part.trim())),
);

/** METRICS_ALLOW: like TRUST_PROXY's list, or "none". */
const addressList = v.union([
  v.pipe(v.literal('none'), v.transform((): string[] => [])),
  trustProxy,
]);
const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/** A plain IPv4 (four decimal parts) or IPv6 address, optionally with a /prefix. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const valid = ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address);
  if (!valid || rest.length > 0 || prefix === undefined) return valid && rest.length === 0;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

function paymentWebhookSecrets(env: Env, fallback: string): Record<QrProvider, string> {
  const entries = QR_PROVIDERS.map((provider) => {
    const name = `PAYMENT_WEBHOOK_SECRET_${provider}`;
    return [provider, read(env, name, webhookSecretText, webhookSecret, { secret: true }) ?? fallback] as const;
  });
  return Object.fromEntries(entries) as Record<QrProvider, string>;
}

const twilioAccountSid = v.pipe(v.string(), v.regex(/^AC[0-9a-f]{32}$/));
const twilioAuthToken = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/));
// E.164: a plus, a country code not starting with 0, at most 15 digits in all.
const twilioFrom = v.pipe(v.string(), v.regex(/^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/));

function twilioCredentials(env: Env): TwilioCredentials {
  const required = <S extends v.GenericSchema<string, unknown>>(name: string, expected: string, schema: S, secret = false) => {
    const value = read(env, name, expected, schema, { secret });
    if (value === undefined) throw new ConfigError(`Invalid configuration: ${name} must be set when SMS_PROVIDER is "twilio"`);
    return value;
  };
  return {
    accountSid: required('TWILIO_ACCOUNT_SID', '"AC" and 32 hex digits', twilioAccountSid),
    authToken: required('TWILIO_AUTH_TOKEN', '32 hex digits', twilioAuthToken, true),
    from: required('TWILIO_FROM', 'an E.164 number (+66...) or a Messaging Service SID ("MG" and 32 hex digits)', twilioFrom),
  };
}

// Opn's keys: `skey_` (live) or `skey_test_` (test mode) and lower-case letters and digits.
const opnSecretKey = v.pipe(v.string(), v.regex(/^skey_(test_)?[0-9a-z]{8,64}$/));
const httpOrigin = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\/[^/?#]+\/?$/));

function opnCredentials(env: Env): OpnCredentials {
  const secretKey = read(env, 'OMISE_SECRET_KEY', '"skey_" and letters or digits', opnSecretKey, { secret: true });
  if (secretKey === undefined) throw new ConfigError('Invalid configuration: OMISE_SECRET_KEY must be set when PAYMENT_PROVIDER is "opn"');
  const apiUrl = read(env, 'OMISE_API_URL', 'an http(s) origin like https://api.omise.co', httpOrigin) ?? OPN_API_URL;
  return { secretKey, apiUrl: apiUrl.replace(/\/$/, '') };
}

// ---------------------------------------------------------------- the slip verifier (docs/decisions/0137-slip-verification.md)

const SLIP_VERIFIERS = ['none', 'easyslip'] as const;
const apiKey = v.pipe(v.string(), v.regex(/^\S{16,256}$/));
const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//));

function slipVerifier(env: Env): SlipVerifierConfig | null {
  if ((read(env, 'SLIP_VERIFIER', '"none" or "easyslip"', v.picklist(SLIP_VERIFIERS)) ?? 'none') === 'none') return null;
  const key = read(env, 'EASYSLIP_API_KEY', '16 to 256 characters without spaces', apiKey, { secret: true });
  if (key === undefined) throw new ConfigError('Invalid configuration: EASYSLIP_API_KEY must be set when SLIP_VERIFIER is "easyslip"');
  return { provider: 'easyslip', apiKey: key, apiUrl: read(env, 'EASYSLIP_API_URL', 'an http(s):// URL', httpUrl) ?? EASYSLIP_API_URL };
}

/** Production talks to the real service: over https, never to this machine (where the local fake answers). */
function checkSlipVerifierInProduction(config: SlipVerifierConfig, refuse: (line: string) => never): void {
  if (!config.apiUrl.startsWith('https://') || isThisMachine(config.apiUrl)) refuse(`EASYSLIP_API_URL must be the service's https:// address ${IN_PRODUCTION} (the local fake is for trying the app)`);
}

function phone(variant: Variant) {
  return v.pipe(v.string(), v.check((value) => phoneError(variant, value) === null));
}

function phoneText(variant: Variant): string {
  return variant === 'la' ? 'a phone number of 8 to 13 digits' : 'a phone number of 10 digits';
}

function credentials(env: Env, variant: Variant, phoneName: string, passwordName: string): Credentials | null {
  const phoneValue = read(env, phoneName, phoneText(variant), phone(variant));
  const passwordValue = read(env, passwordName, passwordText, password, { secret: true });
  if (phoneValue === undefined && passwordValue === undefined) return null;
  if (phoneValue === undefined) throw new ConfigError(`Invalid configuration: ${phoneName} must be set when ${passwordName} is`);
  if (passwordValue === undefined) throw new ConfigError(`Invalid configuration: ${passwordName} must be set when ${phoneName} is`);
  return { phone: phoneValue, password: passwordValue };
}

/**
 * What production refuses, in a fixed order, stopping at the first: every
 * secret must be set (a random or default one would not do), contain none
 * of the values in the source and not be one or two characters repeated;
 * OTPs need a real SMS provider; nothing of demo mode may be configured;
 * limits stay on and within ten times their defaults. Values are never
 * echoed.
 */
function checkProduction(env: Env, config: Config): void {
  const refuse = (line: string): never => {
    throw new ConfigError(`Invalid configuration: ${line}`);
  };
  const isSet = (name: string) => env[name] !== undefined && env[name] !== '';
  const secret = (name: string, required: boolean) => {
    if (!isSet(name)) {
      if (required) refuse(`${name} must be set ${IN_PRODUCTION}`);
      return;
    }
    const value = (env[name] as string).trim();
    if (VALUES_IN_THE_SOURCE.some((inSource) => value.includes(inSource))) refuse(`${name} must not be a value from the source code ${IN_PRODUCTION}`);
    if (new Set(value).size < PRODUCTION_SECRET_MIN_DISTINCT) {
      refuse(`${name} must have at least ${PRODUCTION_SECRET_MIN_DISTINCT} different characters ${IN_PRODUCTION} (use a random value, e.g. openssl rand -hex 32)`);
    }
  };
  const withinProductionFactor = (name: string, limit: WindowLimit, usual: WindowLimit) => {
    if (limit.max / limit.windowMs > (PRODUCTION_LIMIT_FACTOR * usual.max) / usual.windowMs) {
      refuse(`${name} may allow at most ${PRODUCTION_LIMIT_FACTOR * usual.max}/${usual.windowMs / 60_000}m ${IN_PRODUCTION} (${PRODUCTION_LIMIT_FACTOR} times the default)`);
    }
  };

  secret('PAYMENT_WEBHOOK_SECRET', true);
  // Unset, a provider uses PAYMENT_WEBHOOK_SECRET, checked above.
  for (const provider of QR_PROVIDERS) secret(`PAYMENT_WEBHOOK_SECRET_${provider}`, false);
  secret('FILE_LINK_SECRET', true);
  secret('CHAT_GUEST_SECRET', true);
  if (config.smsProvider === 'console') refuse(`SMS_PROVIDER must be "twilio" or "none" ${IN_PRODUCTION} ("console" writes OTP codes to the log)`);
  if (config.smsProvider === 'none' && config.registerOtp !== false) refuse(`REGISTER_OTP must be "off" when SMS_PROVIDER is "none" ${IN_PRODUCTION} (no OTP could arrive)`);
  if (config.smsProvider === 'twilio') secret('TWILIO_AUTH_TOKEN', true);
  if (config.opn) {
    secret('OMISE_SECRET_KEY', true);
    // A test key's charges are paid from Opn's dashboard, not by a bank: in production they would credit real wallets.
    if (config.opn.secretKey.startsWith('skey_test_')) refuse(`OMISE_SECRET_KEY must be a live key (skey_…), not a test key (skey_test_…), ${IN_PRODUCTION}`);
    // The local fake (npm run fake:opn) answers on this machine over plain http; Opn answers over https.
    if (!config.opn.apiUrl.startsWith('https://') || isThisMachine(config.opn.apiUrl)) refuse(`OMISE_API_URL must be Opn's https:// address ${IN_PRODUCTION} (the local fake is for demo mode)`);
  }
  if (config.slipVerifier) {
    secret('EASYSLIP_API_KEY', true);
    checkSlipVerifierInProduction(config.slipVerifier, refuse);
  }
  if (config.operator) {
    if (config.operator.password.length < PRODUCTION_OPERATOR_PASSWORD_MIN_LENGTH) {
      refuse(`OPERATOR_PASSWORD must be at least ${PRODUCTION_OPERATOR_PASSWORD_MIN_LENGTH} characters ${IN_PRODUCTION} (got ${config.operator.password.length} characters)`);
    }
    secret('OPERATOR_PASSWORD', false);
  }
  if (config.hub88) checkHub88InProduction(env, refuse, secret);
  secret('METRICS_TOKEN', false);
  for (const name of ['DEMO_PHONE', 'DEMO_PASSWORD']) {
    if (isSet(name)) refuse(`${name} has no meaning ${IN_PRODUCTION}: there is no demo member; unset it`);
  }
  const { perIp, loginsGlobal } = config.limits;
  if (perIp === null) return refuse(`LIMITS_PER_IP=off is for load tests from one address and is refused ${IN_PRODUCTION}`);
  for (const name of IP_LIMIT_NAMES) withinProductionFactor(LIMIT_NAMES[name], perIp[name], DEFAULT_IP_LIMITS[name]);
  withinProductionFactor('LIMIT_LOGINS_GLOBAL', loginsGlobal, DEFAULT_LOGINS_GLOBAL);
}

/** NODE_ENV=production, the Node convention, is production mode. */
export function isProduction(env: Env = process.env): boolean {
  return env.NODE_ENV === 'production';
}

/** The configuration, or the process ends saying what is wrong with it (exit 1): the server's start and the npm scripts. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function loadConfig(env: Env = process.env): Config {
  const production = isProduction(env);
  const variant = read(env, 'VARIANT', '"th" or "la"', v.picklist(VARIANTS)) ?? 'th';
  const paymentWebhookSecret = read(env, 'PAYMENT_WEBHOOK_SECRET', webhookSecretText, webhookSecret, { secret: true }) ?? DEV_PAYMENT_WEBHOOK_SECRET;
  const paymentProvider = read(env, 'PAYMENT_PROVIDER', '"webhook" or "opn"', v.picklist(PAYMENT_PROVIDER_NAMES)) ?? 'webhook';
  const smsProvider = read(env, 'SMS_PROVIDER', '"console", "none" or "twilio"', v.picklist(SMS_PROVIDERS)) ?? 'console';
  const config: Config = {
    production,
    port: read(env, 'PORT', 'an integer 1-65535', port) ?? 3000,
    host: read(env, 'HOST', 'a host name or IP address', host) ?? '0.0.0.0',
    dataDir: path.resolve(read(env, 'DATA_DIR', 'a folder path', v.string()) ?? path.join(projectRoot, 'data')),
    databaseUrl: read(env, 'DATABASE_URL', 'a postgres:// URL', postgresUrl, { secret: true }) ?? null,
    databasePoolSize: read(env, 'DATABASE_POOL_SIZE', 'an integer 1-100', poolSize) ?? DEFAULT_POOL_SIZE,
    variant,
    registerOtp: read(env, 'REGISTER_OTP', '"on" or "off"', onOff) ?? (production ? true : undefined),
    smsProvider,
    twilio: smsProvider === 'twilio' ? twilioCredentials(env) : null,
    serviceStatus: read(env, 'SERVICE_STATUS', '"active" or "terminated"', v.picklist(['active', 'terminated'])) ?? 'active',
    operator: credentials(env, variant, 'OPERATOR_PHONE', 'OPERATOR_PASSWORD'),
    demo: {
      phone: read(env, 'DEMO_PHONE', phoneText(variant), phone(variant)) ?? DEMO_PHONE,
      password: read(env, 'DEMO_PASSWORD', passwordText, password, { secret: true }) ?? DEMO_PASSWORD,
    },
    logLevel: read(env, 'LOG_LEVEL', LOG_LEVELS.join(', '), v.picklist(LOG_LEVELS)) ?? 'info',
    redisUrl: read(env, 'REDIS_URL', 'a redis:// or rediss:// URL', redisUrl, { secret: true }) ?? null,
    trustProxy: read(env, 'TRUST_PROXY', 'a comma-separated list of proxy addresses or CIDRs', trustProxy) ?? false,
    limits: limits(env),
    maxConnections: read(env, 'MAX_CONNECTIONS', connectionCountText, connectionCount) ?? null,
    connectionsPerAddress: read(env, 'CONNECTIONS_PER_IP', connectionCountText, connectionCount) ?? DEFAULT_CONNECTIONS_PER_ADDRESS,
    chatMediaQuotas: chatMediaQuotas(env),
    distDir: path.join(projectRoot, 'dist'),
    paymentWebhookSecret,
    paymentWebhookSecrets: paymentWebhookSecrets(env, paymentWebhookSecret),
    fileLinkSecret: read(env, 'FILE_LINK_SECRET', '32 to 512 characters', urlSecret, { secret: true }) ?? randomBytes(32).toString('base64url'),
    chatGuestSecret: read(env, 'CHAT_GUEST_SECRET', '32 to 512 characters', urlSecret, { secret: true }) ?? DEV_CHAT_GUEST_SECRET,
    chatPrefix: read(env, 'CHAT_PREFIX', '1 to 32 letters, digits or _', chatPrefix) ?? 'chat',
    paymentProvider,
    opn: paymentProvider === 'opn' ? opnCredentials(env) : null,
    slipVerifier: slipVerifier(env),
    hub88: hub88Config(env, read),
    metricsAllow: read(env, 'METRICS_ALLOW', '"none" or a comma-separated list of addresses or CIDRs', addressList) ?? (production ? [] : LOOPBACK),
    metricsToken: read(env, 'METRICS_TOKEN', '16 to 256 characters without spaces', apiKey, { secret: true }) ?? null,
  };
  if (config.production) checkProduction(env, config);
  return config;
}
