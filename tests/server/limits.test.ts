/**
 * Limits where an attacker pays nothing (issue: "Limits where an attacker
 * pays nothing"): the two stores behave the same, also under parallel
 * requests; login is limited per phone, per client address and for the
 * whole server; per-member limits; TRUST_PROXY decides whose address counts.
 *
 * The Redis store runs on the Redis at TEST_REDIS_URL (CI sets it; see
 * README), each test under a prefix of its own.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { loadConfig, ConfigError } from '../../src/server/config.ts';
import { databaseLimitStore } from '../../src/server/limits/database-store.ts';
import { clientOf, type LimitsConfig } from '../../src/server/limits/limits.ts';
import { redisLimitStore } from '../../src/server/limits/redis-store.ts';
import { delayAfter, windowStartOf, type DelayPolicy, type LimitStore } from '../../src/server/limits/store.ts';
import { DEFAULT_IP_LIMITS, DEFAULT_LOGINS_GLOBAL, QR_CREATIONS_PER_MEMBER, TRUELINK_ATTEMPTS_PER_MEMBER } from '../../src/server/policy.ts';
import { buildTestApp, testClock, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { PRODUCTION_ENV } from './helpers/production.ts';
import { login, newPhone, registerMember, registrationBody, signedInMember } from './helpers/members.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const redisUrl = process.env.TEST_REDIS_URL;

function newRedisStore(): LimitStore {
  const store = redisLimitStore(redisUrl!, `test-limits:${randomUUID()}:`);
  onTestFinished(() => store.close());
  return store;
}

const stores: [string, (t: TestApp) => LimitStore][] = [
  ['the database', (t) => databaseLimitStore(t.db)],
  ...(redisUrl ? ([['Redis', () => newRedisStore()]] as [string, (t: TestApp) => LimitStore][]) : []),
];

const slowing: DelayPolicy = { free: 2, baseMs: 1_000, maxMs: 8_000, forgetAfterMs: 60 * MINUTE };

describe.each(stores)('a limit store in %s', (_, makeStore) => {
  it('counts attempts per key and window, and takes one back', async () => {
    const t = await buildTestApp();
    const store = makeStore(t);
    const now = t.clock();

    const first = await store.count('k', MINUTE, now);
    const second = await store.count('k', MINUTE, now);
    await store.uncount(second);
    const third = await store.count('k', MINUTE, now);
    const other = await store.count('other', MINUTE, now);
    const nextWindow = await store.count('k', MINUTE, new Date(first.resetAt.getTime()));

    expect([first.count, second.count, third.count, other.count, nextWindow.count]).toEqual([1, 2, 2, 1, 1]);
    expect(first.resetAt.getTime() - first.windowStart.getTime()).toBe(MINUTE);
  });

  it('counts every one of many parallel attempts', async () => {
    const t = await buildTestApp();
    const store = makeStore(t);

    const counted = await Promise.all(Array.from({ length: 40 }, () => store.count('parallel', MINUTE, t.clock())));

    expect(counted.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('counts parallel attempts over several keys and two windows, each told its own place in its window', async () => {
    const t = await buildTestApp();
    const store = makeStore(t);
    const now = t.clock();
    const next = new Date(windowStartOf(now, MINUTE).getTime() + MINUTE);
    const attempts: [string, Date][] = [['a', now], ['b', now], ['a', now], ['a', next], ['b', now], ['a', now], ['a', next], ['c', next]];

    const counted = await Promise.all(attempts.map(([key, at]) => store.count(key, MINUTE, at)));

    const places = new Map<string, number[]>();
    for (const { key, windowStart, count, resetAt } of counted) {
      expect(resetAt.getTime() - windowStart.getTime()).toBe(MINUTE);
      const window = `${key} ${windowStart.getTime() === next.getTime() ? 'next' : 'now'}`;
      places.set(window, [...(places.get(window) ?? []), count].sort((x, y) => x - y));
    }
    expect(Object.fromEntries(places)).toEqual({ 'a now': [1, 2, 3], 'b now': [1, 2], 'a next': [1, 2], 'c next': [1] });
  });

  it('lets the free attempts through, then makes each wait longer, up to the cap', async () => {
    const t = await buildTestApp();
    const store = makeStore(t);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const reserved = await store.reserve('phone', slowing, t.clock());
      if (reserved.allowed) {
        waits.push(0);
        continue;
      }
      const wait = reserved.retryAt.getTime() - t.clock().getTime();
      waits.push(wait);
      t.clock.advance(wait);
      expect((await store.reserve('phone', slowing, t.clock())).allowed).toBe(true);
    }

    expect(waits).toEqual([0, 0, 0, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it('forgets reserved attempts on release, and long after the last one', async () => {
    const t = await buildTestApp();
    const store = makeStore(t);
    for (let i = 0; i < 3; i++) await store.reserve('a', slowing, t.clock());
    for (let i = 0; i < 3; i++) await store.reserve('b', slowing, t.clock());

    await store.release('a');
    const released = await store.reserve('a', slowing, t.clock());
    t.clock.advance(60 * MINUTE);
    const forgotten = await store.reserve('b', slowing, t.clock());

    expect(released).toEqual({ allowed: true, attempts: 1 });
    expect(forgotten).toEqual({ allowed: true, attempts: 1 });
  });

  it('grants a fixed wait to exactly one of many parallel attempts', async () => {
    const t = await buildTestApp();
    const store = makeStore(t);
    const oneAMinute: DelayPolicy = { free: 0, baseMs: MINUTE, maxMs: MINUTE, forgetAfterMs: MINUTE };

    const answers = await Promise.all(Array.from({ length: 20 }, () => store.reserve('slip', oneAMinute, t.clock())));

    expect(answers.filter((answer) => answer.allowed)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => !answer.allowed).map((answer) => !answer.allowed && answer.retryAt.getTime()))).toEqual(
      new Set([t.clock().getTime() + MINUTE]),
    );
  });

  it('lets free + 1 of many parallel attempts through a slowing policy', async () => {
    const t = await buildTestApp();
    const store = makeStore(t);

    const answers = await Promise.all(Array.from({ length: 20 }, () => store.reserve('burst', slowing, t.clock())));

    expect(answers.filter((answer) => answer.allowed)).toHaveLength(slowing.free + 1);
  });
});

describe('the database store', () => {
  it('drops expired windows and long-forgotten attempts', async () => {
    const t = await buildTestApp();
    const store = databaseLimitStore(t.db);
    const then = t.clock();
    await store.count('old', MINUTE, then);
    await store.reserve('old', slowing, then);

    t.clock.advance(2 * 24 * 60 * MINUTE);
    await store.prune(t.clock());

    expect((await store.count('old', MINUTE, then)).count).toBe(1);
    expect(await store.reserve('old', { ...slowing, forgetAfterMs: 365 * 24 * 60 * MINUTE }, t.clock())).toEqual({ allowed: true, attempts: 1 });
  });
});

describe('delayAfter', () => {
  it('waits nothing for the free attempts, then doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((attempts) => delayAfter(attempts, slowing))).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});

describe('client addresses', () => {
  it('count an IPv4 address alone, an IPv6 address by its /64, and a mapped IPv4 as IPv4', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe(clientOf('2001:db8:1:2:bbbb::2'));
    expect(clientOf('2001:db8:1:2::1')).not.toBe(clientOf('2001:db8:1:3::1'));
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});

function limitsWith(perIp: Partial<NonNullable<LimitsConfig['perIp']>>, loginsGlobal = DEFAULT_LOGINS_GLOBAL): LimitsConfig {
  return { perIp: { ...DEFAULT_IP_LIMITS, ...perIp }, loginsGlobal };
}

function tryLogin(t: TestApp, username: string, password: string, ip = '198.51.100.1') {
  return call(t.app, endpoints.login, { username, password }, { ip });
}

describe('login limits', () => {
  it('count failed logins per client address, wrong passwords and unknown phones alike; a success counts nothing', async () => {
    const t = await buildTestApp({ registerOtp: false, limits: limitsWith({ loginFailures: { max: 3, windowMs: 15 * MINUTE } }) });
    const member = await registerMember(t);
    const other = await registerMember(t);

    await tryLogin(t, member.phone, 'wrong-password');
    await tryLogin(t, '0899999997', 'guess');
    await login(t, other.phone, other.password);
    await tryLogin(t, '0899999996', 'guess');
    const fourthFailure = await tryLogin(t, other.phone, other.password);
    const elsewhere = await tryLogin(t, other.phone, other.password, '198.51.100.2');
    t.clock.advance(15 * MINUTE);
    const nextWindow = await tryLogin(t, member.phone, member.password);

    expect([fourthFailure.statusCode, fourthFailure.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect(Number(fourthFailure.headers['retry-after'])).toBeGreaterThan(0);
    expect(elsewhere.statusCode).toBe(200);
    expect(nextWindow.statusCode).toBe(200);
  });

  it('stop spraying one password over many phones from one address', async () => {
    const t = await buildTestApp({ limits: limitsWith({ loginFailures: { max: 10, windowMs: 15 * MINUTE } }) });
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push((await tryLogin(t, `09111111${String(i).padStart(2, '0')}`, 'password123')).statusCode);

    expect(answers.filter((status) => status === 400)).toHaveLength(10);
    expect(answers.slice(10)).toEqual([429, 429, 429, 429, 429]);
  });

  it('hold a ceiling for the whole server, whoever asks', async () => {
    const t = await buildTestApp({ limits: limitsWith({}, { max: 5, windowMs: MINUTE }) });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await tryLogin(t, `09222222${String(i).padStart(2, '0')}`, 'guess', `198.51.100.${i + 10}`)).statusCode);

    expect(answers).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('let no single address use up the ceiling: its refused attempts never reach it', async () => {
    const t = await buildTestApp({ registerOtp: false, limits: limitsWith({ loginFailures: { max: 3, windowMs: 15 * MINUTE } }, { max: 10, windowMs: MINUTE }) });
    const member = await registerMember(t);
    const flood = [];
    for (let i = 0; i < 30; i++) flood.push((await tryLogin(t, `09555555${String(i).padStart(2, '0')}`, 'guess', '198.51.100.66')).statusCode);

    const owner = await tryLogin(t, member.phone, member.password, '203.0.113.40');

    expect(flood.filter((status) => status === 400)).toHaveLength(3);
    expect(owner.statusCode).toBe(200);
  });

  it('are off per address with LIMITS_PER_IP=off (load tests), never in production', async () => {
    const t = await buildTestApp({ limits: { perIp: null, loginsGlobal: DEFAULT_LOGINS_GLOBAL } });
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push((await tryLogin(t, `09333333${String(i).padStart(2, '0')}`, 'guess')).statusCode);

    expect(new Set(answers)).toEqual(new Set([400]));
    expect(loadConfig({ LIMITS_PER_IP: 'off' }).limits.perIp).toBeNull();
    expect(() => loadConfig({ ...PRODUCTION_ENV, LIMITS_PER_IP: 'off' })).toThrow(
      new ConfigError('Invalid configuration: LIMITS_PER_IP=off is for load tests from one address and is refused in production (NODE_ENV=production)'),
    );
  });

  it('read their numbers from the environment', () => {
    const config = loadConfig({ LIMIT_LOGIN_FAILURES_PER_IP: '50/30m', LIMIT_REGISTRATIONS_PER_IP: '3/1h', LIMIT_LOGINS_GLOBAL: '100/10s' });

    expect(config.limits.perIp?.loginFailures).toEqual({ max: 50, windowMs: 30 * MINUTE });
    expect(config.limits.perIp?.registrations).toEqual({ max: 3, windowMs: 60 * MINUTE });
    expect(config.limits.perIp?.otpSends).toEqual(DEFAULT_IP_LIMITS.otpSends);
    expect(config.limits.loginsGlobal).toEqual({ max: 100, windowMs: 10 * SECOND });
    expect(() => loadConfig({ LIMIT_OTP_SENDS_PER_IP: 'lots' })).toThrow(new ConfigError('Invalid configuration: LIMIT_OTP_SENDS_PER_IP must be a count and a window like 20/15m (s, m or h) (got "lots")'));
  });
});

describe('registration and OTP limits per address', () => {
  it('count validations and registrations, so EXISTING_USER and EXISTING_BANK are no free oracle', async () => {
    const t = await buildTestApp({
      registerOtp: false,
      limits: limitsWith({ validations: { max: 3, windowMs: 60 * MINUTE }, registrations: { max: 2, windowMs: 60 * MINUTE } }),
    });
    const member = await registerMember(t);
    const probe = (endpoint: Endpoint, ip: string) =>
      call(t.app, endpoint, registrationBody({ bankAccountNo: member.body.bankAccountNo, bankCode: member.body.bankCode }), { ip });

    const validations = [];
    for (let i = 0; i < 4; i++) validations.push((await probe(endpoints.accountValidate, '203.0.113.20')).json().message);
    const registrations = [];
    for (let i = 0; i < 2; i++) registrations.push((await probe(endpoints.accountRegister, '203.0.113.20')).json().message);
    const elsewhere = await probe(endpoints.accountValidate, '203.0.113.21');

    expect(validations).toEqual(['EXISTING_BANK', 'EXISTING_BANK', 'EXISTING_BANK', 'REQUEST_LIMIT']);
    // The first registration of the address was the member's own (127.0.0.1 is another address): two left, then none.
    expect(registrations).toEqual(['EXISTING_BANK', 'EXISTING_BANK']);
    expect((await probe(endpoints.accountRegister, '203.0.113.20')).json().message).toBe('REQUEST_LIMIT');
    expect(elsewhere.json().message).toBe('EXISTING_BANK');
  });

  it('count wrong OTP codes and unknown tokens per address; a right code counts nothing', async () => {
    const t = await buildTestApp({ limits: limitsWith({ otpFailures: { max: 3, windowMs: 15 * MINUTE } }) });
    const ip = '203.0.113.30';
    const sent = async () => {
      const phone = newPhone();
      const answer = await call(t.app, endpoints.otpSend, { phoneNumber: phone }, { ip: '203.0.113.99' });
      return { phone, otpToken: answer.json().otpToken as string };
    };
    const verify = (otpToken: string, otpCode: string) => call(t.app, endpoints.otpVerify, { otpToken, otpCode }, { ip });
    const right = await sent();

    const wrong = [];
    for (let i = 0; i < 2; i++) {
      const challenge = await sent();
      const code = t.sms.lastCodeFor(challenge.phone) === '000000' ? '111111' : '000000';
      wrong.push((await verify(challenge.otpToken, code)).json().message);
    }
    const verified = await verify(right.otpToken, t.sms.lastCodeFor(right.phone));
    const unknownToken = await verify('x'.repeat(43), '123456');
    const another = await sent();
    const refused = await verify(another.otpToken, t.sms.lastCodeFor(another.phone));

    expect(wrong).toEqual(['OTP_CODE_INVALID', 'OTP_CODE_INVALID']);
    expect(verified.json()).toEqual({ code: 'OTP_VERIFIED' });
    expect(unknownToken.json()).toEqual({ message: 'OTP_TOKEN_INVALID' });
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
  });
});

describe.runIf(redisUrl)('limits in Redis (REDIS_URL)', () => {
  it('are shared by two server processes', async () => {
    const prefix = `test-limits:${randomUUID()}:`;
    const limits = limitsWith({ loginFailures: { max: 4, windowMs: 15 * MINUTE } });
    const clock = testClock();
    const apps = [];
    for (let i = 0; i < 2; i++) {
      const store = redisLimitStore(redisUrl!, prefix);
      apps.push(await buildTestApp({ limits }, { limitStore: store, clock }));
    }
    const [first, second] = apps as [TestApp, TestApp];

    for (let i = 0; i < 2; i++) await tryLogin(first, `09444444${i}0`, 'guess');
    for (let i = 0; i < 2; i++) await tryLogin(second, `09444444${i}1`, 'guess');
    const fifth = await tryLogin(first, '0944444499', 'guess');

    expect(fifth.statusCode).toBe(429);
  });
});

describe.runIf(redisUrl)('two deployments on one Redis', () => {
  it('keep their counts apart by CHAT_PREFIX, and one deployment’s processes share theirs', async () => {
    const limits = limitsWith({ loginFailures: { max: 2, windowMs: 15 * MINUTE } });
    const clock = testClock();
    const deployment = `d${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    // The stores the app makes itself from REDIS_URL and CHAT_PREFIX.
    const one = await buildTestApp({ limits, redisUrl, chatPrefix: `${deployment}_a` }, { clock });
    const sameDeployment = await buildTestApp({ limits, redisUrl, chatPrefix: `${deployment}_a` }, { clock });
    const other = await buildTestApp({ limits, redisUrl, chatPrefix: `${deployment}_b` }, { clock });

    for (let i = 0; i < 2; i++) await tryLogin(one, `09555555${i}0`, 'guess');
    expect((await tryLogin(other, '0955555590', 'guess')).statusCode).toBe(400);
    expect((await tryLogin(sameDeployment, '0955555591', 'guess')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('counts the address the trusted proxy forwards; without it, the socket’s', async () => {
    const limits = limitsWith({ loginFailures: { max: 2, windowMs: 15 * MINUTE } });
    const direct = await buildTestApp({ limits });
    const proxied = await buildTestApp({ limits, trustProxy: ['127.0.0.1'] });
    const forwardedFor = (t: TestApp, client: string, phone: string) =>
      call(t.app, endpoints.login, { username: phone, password: 'guess' }, { ip: '127.0.0.1', headers: { 'x-forwarded-for': client } });

    const directAnswers = [];
    const proxiedAnswers = [];
    for (let i = 0; i < 3; i++) {
      directAnswers.push((await forwardedFor(direct, `203.0.113.${i}`, `0955555${i}00`)).statusCode);
      proxiedAnswers.push((await forwardedFor(proxied, `203.0.113.${i}`, `0955555${i}00`)).statusCode);
    }

    expect(directAnswers).toEqual([400, 400, 429]);
    expect(proxiedAnswers).toEqual([400, 400, 400]);
  });

  it('takes a list of addresses and CIDRs, nothing else (a hop count would make every member the proxy)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    for (const value of ['true', '0', '1', '2', 'everyone', '10.0.0.0/99']) expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });
});

describe('per-member limits', () => {
  it('slow wrong old passwords on a password change, as logins are', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);
    const change = (oldPassword: string) => call(t.app, endpoints.changePassword, { oldPassword, newPassword: 'next-pass-1234' }, { token: member.token });
    for (let i = 0; i < 6; i++) expect((await change('wrong-old-password')).json()).toEqual({ message: 'WRONG_PASSWORD' });

    const waiting = await change(member.password);
    t.clock.advance(Number(waiting.headers['retry-after']) * SECOND);
    const changed = await change(member.password);

    expect([waiting.statusCode, waiting.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect(changed.json()).toEqual({ message: 'SUCCESS' });
  });

  it('bound the QR codes a member creates and the mobile-wallet links they send', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);
    const qrs = [];
    for (let i = 0; i <= QR_CREATIONS_PER_MEMBER.max; i++) qrs.push((await call(t.app, endpoints.qrCreate, { amount: 100 + i }, { token: member.token, params: { bankCode: 'KBANK' } })).statusCode);
    const links = [];
    for (let i = 0; i <= TRUELINK_ATTEMPTS_PER_MEMBER.max; i++) links.push((await call(t.app, endpoints.trueLink, { link: `not-a-link-${i}` }, { token: member.token, idempotencyKey: `truelink-key-${i}` })).json().message);

    expect(qrs).toEqual([...Array<number>(QR_CREATIONS_PER_MEMBER.max).fill(200), 429]);
    expect(links).toEqual([...Array<string>(TRUELINK_ATTEMPTS_PER_MEMBER.max).fill('TRUELINK_INVALID'), 'REQUEST_LIMIT']);
  });

  it('bound the game entries a member opens', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push((await call(t.app, endpoints.autoLogin, undefined, { token: member.token, params: { provider: 'reference', username: 'nobody' } })).statusCode);
    }

    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
