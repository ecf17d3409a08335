import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { DEFAULT_LOGINS_GLOBAL } from '../../src/server/policy.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, newPhone, registerMember, signedInMember } from './helpers/members.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

function tryLogin(t: TestApp, username: string, password: string) {
  return call(t.app, endpoints.login, { username, password });
}

function profile(t: TestApp, token?: string) {
  return call(t.app, endpoints.profileGet, undefined, token === undefined ? {} : { token });
}

describe('POST /api/login', () => {
  it('answers a token that opens member routes', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const response = await tryLogin(t, member.phone, member.password);

    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await profile(t, token)).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const { token } = await signedInMember(t);

    const stored = JSON.stringify(await t.db.select().from(sessions));

    expect(stored).not.toContain(token);
  });

  it('logs in the seeded demo member', async () => {
    const t = await buildTestApp();

    const response = await tryLogin(t, '0812345678', 'demo-pass-1234');

    expect(response.statusCode).toBe(200);
  });

  it('gives the same answer to a wrong password and to an unknown phone', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const wrongPassword = await tryLogin(t, member.phone, 'not-the-password');
    const unknownPhone = await tryLogin(t, newPhone(), member.password);

    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(unknownPhone.statusCode).toBe(400);
    expect(unknownPhone.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });

  it('refuses a malformed phone before looking anything up', async () => {
    const t = await buildTestApp();

    const response = await tryLogin(t, '12345', 'whatever-password');

    expect(response.json()).toEqual({ message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
  });

  it('lets the right password in after five failures (the review locked the only operator out so)', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);
    for (let failure = 0; failure < 5; failure++) {
      expect((await tryLogin(t, member.phone, 'wrong-password')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    }

    const rightPassword = await tryLogin(t, member.phone, member.password);

    expect(rightPassword.statusCode).toBe(200);
  });

  it('slows the address after more failures instead of locking the right password out: 5 free, then 2 s, 4 s, 8 s ...', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);
    for (let failure = 0; failure < 6; failure++) {
      expect((await tryLogin(t, member.phone, 'wrong-password')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    }

    const waiting = await tryLogin(t, member.phone, member.password);
    t.clock.advance(2 * SECOND);
    const seventhFailure = await tryLogin(t, member.phone, 'wrong-password');
    const waitingLonger = await tryLogin(t, member.phone, member.password);
    t.clock.advance(4 * SECOND);
    const rightPassword = await tryLogin(t, member.phone, member.password);

    expect([waiting.statusCode, waiting.json(), waiting.headers['retry-after']]).toEqual([429, { message: 'REQUEST_LIMIT' }, '2']);
    expect(seventhFailure.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect([waitingLonger.statusCode, waitingLonger.headers['retry-after']]).toEqual([429, '4']);
    expect(rightPassword.statusCode).toBe(200);
  });

  it("never keeps the owner out with an attacker's failures from another address", async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);
    const attacker = { ip: '198.51.100.7' };
    const owner = { ip: '203.0.113.20' };
    for (let failure = 0; failure < 12; failure++) await call(t.app, endpoints.login, { username: member.phone, password: 'guess-password' }, attacker);

    const attackerWaits = await call(t.app, endpoints.login, { username: member.phone, password: member.password }, attacker);
    const ownerLogsIn = await call(t.app, endpoints.login, { username: member.phone, password: member.password }, owner);

    expect(attackerWaits.statusCode).toBe(429);
    expect(ownerLogsIn.statusCode).toBe(200);
  });

  it('slows guessing spread over many addresses, across them, but never the owner at an address they logged in from', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);
    const home = { ip: '203.0.113.20' };
    expect((await call(t.app, endpoints.login, { username: member.phone, password: member.password }, home)).statusCode).toBe(200);
    // Eleven addresses, one guess each: the phone's failures from addresses its owner never used add up.
    for (let i = 1; i <= 11; i++) {
      const guess = await call(t.app, endpoints.login, { username: member.phone, password: 'guess-password' }, { ip: `198.51.100.${i}` });
      expect(guess.json(), `guess ${i}`).toEqual({ message: 'WRONG_CREDENTIAL' });
    }
    const twelfth = await call(t.app, endpoints.login, { username: member.phone, password: 'guess-password' }, { ip: '198.51.100.12' });
    expect([twelfth.statusCode, twelfth.json(), twelfth.headers['retry-after']]).toEqual([429, { message: 'REQUEST_LIMIT' }, '2']);
    // A new address waits too, even with the right password: it could be anyone's.
    const newPlace = await call(t.app, endpoints.login, { username: member.phone, password: member.password }, { ip: '192.0.2.77' });
    expect(newPlace.statusCode).toBe(429);

    const atHome = await call(t.app, endpoints.login, { username: member.phone, password: member.password }, home);
    expect(atHome.statusCode).toBe(200);
    // The owner's login at home leaves the guessers' wait as it was: no new free guesses for them.
    const afterOwner = await call(t.app, endpoints.login, { username: member.phone, password: 'guess-password' }, { ip: '198.51.100.13' });
    expect(afterOwner.statusCode).toBe(429);
    // Once the wait has passed, the owner logging in from a new address clears it.
    t.clock.advance(4 * SECOND);
    expect((await call(t.app, endpoints.login, { username: member.phone, password: member.password }, { ip: '192.0.2.78' })).statusCode).toBe(200);
    expect((await call(t.app, endpoints.login, { username: member.phone, password: 'guess-password' }, { ip: '198.51.100.14' })).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
  });

  it('forgets an address its owner has not logged in from for 90 days', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);
    const home = { ip: '203.0.113.21' };
    expect((await call(t.app, endpoints.login, { username: member.phone, password: member.password }, home)).statusCode).toBe(200);
    t.clock.advance(91 * 24 * 3600 * SECOND);
    for (let i = 1; i <= 11; i++) await call(t.app, endpoints.login, { username: member.phone, password: 'guess-password' }, { ip: `198.51.100.${i}` });

    expect((await call(t.app, endpoints.login, { username: member.phone, password: member.password }, home)).statusCode).toBe(429);
  });

  it('never makes a phone wait more than 15 minutes, however many failures', async () => {
    // The address's own limit (30 failures in 15 minutes) would answer first.
    const t = await buildTestApp({ registerOtp: false, limits: { perIp: null, loginsGlobal: DEFAULT_LOGINS_GLOBAL } });
    const member = await registerMember(t);
    const waits: number[] = [];
    for (let failure = 0; failure < 20; failure++) {
      let attempt = await tryLogin(t, member.phone, 'wrong-password');
      const wait = attempt.statusCode === 429 ? Number(attempt.headers['retry-after']) : 0;
      waits.push(wait);
      if (wait > 0) {
        t.clock.advance(wait * SECOND);
        attempt = await tryLogin(t, member.phone, 'wrong-password');
      }
      expect(attempt.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    }
    const ownerWaits = await tryLogin(t, member.phone, member.password);
    t.clock.advance(Number(ownerWaits.headers['retry-after']) * SECOND);
    const rightPassword = await tryLogin(t, member.phone, member.password);

    expect(waits.slice(0, 17)).toEqual([0, 0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(Math.max(...waits)).toBe(900);
    expect([ownerWaits.statusCode, ownerWaits.headers['retry-after']]).toEqual([429, '900']);
    expect(rightPassword.statusCode).toBe(200);
  });

  it('slows an unknown phone the same way, so the wait tells nothing', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    for (let failure = 0; failure < 6; failure++) await tryLogin(t, phone, 'guess-password');

    const seventh = await tryLogin(t, phone, 'guess-password');

    expect([seventh.statusCode, seventh.headers['retry-after']]).toEqual([429, '2']);
  });

  it('forgets earlier failures after a successful login', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);
    for (let failure = 0; failure < 4; failure++) await tryLogin(t, member.phone, 'wrong-password');
    await login(t, member.phone, member.password);
    for (let failure = 0; failure < 4; failure++) await tryLogin(t, member.phone, 'wrong-password');

    const response = await tryLogin(t, member.phone, member.password);

    expect(response.statusCode).toBe(200);
  });

  it('counts failures per phone: another member is not locked', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const attacked = await registerMember(t);
    const other = await registerMember(t);
    for (let failure = 0; failure < 7; failure++) await tryLogin(t, attacked.phone, 'wrong-password');

    const response = await tryLogin(t, other.phone, other.password);

    expect(response.statusCode).toBe(200);
  });

  it('checks no more than 6 passwords when guesses arrive at the same time', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const guesses = await Promise.all(Array.from({ length: 10 }, () => tryLogin(t, member.phone, 'wrong-password')));

    const checked = guesses.filter((response) => response.json().message === 'WRONG_CREDENTIAL');
    expect(checked).toHaveLength(6);
    expect((await tryLogin(t, member.phone, member.password)).statusCode).toBe(429);
  });
});

describe('member routes and tokens', () => {
  it('answer 401 invalid-token without a token', async () => {
    const t = await buildTestApp();

    const response = await profile(t);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'invalid-token' });
  });

  it('answer 401 invalid-token to a token we never gave', async () => {
    const t = await buildTestApp();

    const response = await profile(t, 'a'.repeat(43));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'invalid-token' });
  });

  it('answer 401 to an Authorization header that is not a bearer token', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const { token } = await signedInMember(t);

    const response = await call(t.app, endpoints.profileGet, undefined, { headers: { authorization: `Basic ${token}` } });

    expect(response.statusCode).toBe(401);
  });

  it('accept a token for 7 days, then answer invalid-token', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const { token } = await signedInMember(t);

    t.clock.advance(7 * DAY - 1000);
    const lastSecond = await profile(t, token);
    t.clock.advance(1000);
    const expired = await profile(t, token);

    expect(lastSecond.statusCode).toBe(200);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'invalid-token' });
  });
});

describe('POST /api/logout', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);
    const otherDevice = await login(t, member.phone, member.password);

    const response = await call(t.app, endpoints.logout, undefined, { token: member.token });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect((await profile(t, member.token)).json()).toEqual({ message: 'invalid-token' });
    expect((await profile(t, otherDevice)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const t = await buildTestApp();

    const response = await call(t.app, endpoints.logout);

    expect(response.statusCode).toBe(401);
  });
});
