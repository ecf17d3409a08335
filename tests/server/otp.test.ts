import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OtpSendResponse } from '../../src/contract/api.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { otpChallenges } from '../../src/server/db/schema.ts';
import { DEFAULT_IP_LIMITS, DEFAULT_LOGINS_GLOBAL } from '../../src/server/policy.ts';
import { consoleSms } from '../../src/server/sms/sms.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call, type CallOptions } from './helpers/http.ts';
import { newPhone, registerMember } from './helpers/members.ts';

const MINUTE = 60_000;

async function sendOtp(t: TestApp, phone: string, otpToken = '', options?: CallOptions) {
  return call(t.app, endpoints.otpSend, { phoneNumber: phone, otpToken }, options);
}

/** The SMS gateway fails every send until the answered function is called; the recording adapter keeps working after. */
function smsGatewayDown(t: TestApp): () => void {
  const recording = t.sms.send.bind(t.sms);
  let down = true;
  t.sms.send = async (phone, text) => {
    if (down) throw new Error('gateway down');
    return recording(phone, text);
  };
  return () => {
    down = false;
  };
}

async function sentToken(t: TestApp, phone: string): Promise<string> {
  const response = await sendOtp(t, phone);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().otpToken;
}

function verify(t: TestApp, otpToken: string, otpCode: string) {
  return call(t.app, endpoints.otpVerify, { otpToken, otpCode });
}

/** A 6-digit code that is not `code`. */
function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('POST /api/otp/send', () => {
  it('texts a 6-digit code and answers a reference and a token, never the code', async () => {
    const t = await buildTestApp();
    const phone = newPhone();

    const response = await sendOtp(t, phone);

    expect(response.statusCode).toBe(200);
    const body = v.parse(OtpSendResponse, response.json());
    expect(body.code).toBe('SUCCESS');
    expect(body.otpRef).toMatch(/^[A-Z2-9]{4}$/);
    expect(body.otpToken).toMatch(/^[\w-]{43}$/);
    expect(t.sms.sent).toHaveLength(1);
    const code = t.sms.lastCodeFor(phone);
    expect(t.sms.sent[0]!.text).toContain(body.otpRef);
    expect(response.body).not.toContain(code);
  });

  it('stores neither the code nor the token', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const token = await sentToken(t, phone);

    const [row] = await t.db.select().from(otpChallenges);

    const stored = JSON.stringify(row);
    expect(stored).not.toContain(t.sms.lastCodeFor(phone));
    expect(stored).not.toContain(token);
  });

  it('writes the SMS in the language of the request', async () => {
    const t = await buildTestApp();
    const phone = newPhone();

    await sendOtp(t, phone, '', { language: 'en' });
    await sendOtp(t, newPhone(), '', { language: 'th' });

    expect(t.sms.sent[0]!.text).toMatch(/^Your OTP code is \d{6} \(Ref: [A-Z2-9]{4}\), valid for 5 minutes\.$/);
    expect(t.sms.sent[1]!.text).toMatch(/^รหัส OTP ของคุณคือ \d{6}/);
  });

  it.each([['081234567'], ['08123456789'], ['08-1234-567'], ['abcdefghij']])('refuses %s in the Thai build', async (phone) => {
    const t = await buildTestApp();

    const response = await sendOtp(t, phone);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
    expect(t.sms.sent).toHaveLength(0);
  });

  it('takes Laos numbers of 8 to 13 digits in the Laos build', async () => {
    const t = await buildTestApp({ variant: 'la' });

    const laos = await sendOtp(t, '02055512345');
    const tooShort = await sendOtp(t, '2055512');

    expect(laos.statusCode).toBe(200);
    expect(tooShort.json()).toEqual({ message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
  });

  it('refuses a phone that already has an account, without texting it', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const response = await sendOtp(t, member.phone);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'EXISTING_USER' });
    expect(t.sms.sent).toHaveLength(0);
  });

  it('answers OTP_VERIFIED, without texting, to the holder of the phone\'s verified token for 30 minutes', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const token = await sentToken(t, phone);
    await verify(t, token, t.sms.lastCodeFor(phone));

    t.clock.advance(29 * MINUTE);
    const soon = await sendOtp(t, phone, token);
    t.clock.advance(2 * MINUTE);
    const later = await sendOtp(t, phone, token);

    expect(soon.json()).toEqual({ otpRef: '', otpToken: token, code: 'OTP_VERIFIED' });
    expect(later.json().code).toBe('SUCCESS');
    expect(t.sms.sent).toHaveLength(2);
  });

  it('answers OTP_VERIFIED to the holder even when the address has no sends left: coming back costs no send', async () => {
    const t = await buildTestApp({ limits: { perIp: { ...DEFAULT_IP_LIMITS, otpSends: { max: 1, windowMs: 15 * MINUTE } }, loginsGlobal: DEFAULT_LOGINS_GLOBAL } });
    const phone = newPhone();
    const token = await sentToken(t, phone);
    await verify(t, token, t.sms.lastCodeFor(phone));

    const back = await sendOtp(t, phone, token);
    const another = await sendOtp(t, newPhone());

    expect(back.json().code).toBe('OTP_VERIFIED');
    expect(another.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('never answers OTP_VERIFIED on the phone alone (a watcher learns nothing)', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const other = newPhone();
    const token = await sentToken(t, phone);
    await verify(t, token, t.sms.lastCodeFor(phone));
    const otherToken = await sentToken(t, other);
    await verify(t, otherToken, t.sms.lastCodeFor(other));
    const unverifiedToken = await sentToken(t, newPhone());
    t.clock.advance(15 * MINUTE); // the owner's send leaves the phone's send window; the verification stands

    const answers = [
      await sendOtp(t, phone, '', { ip: '198.51.100.9' }),
      await sendOtp(t, phone, otherToken, { ip: '198.51.100.9' }),
      await sendOtp(t, phone, unverifiedToken, { ip: '198.51.100.9' }),
    ];

    // Every one is an ordinary send: a new code to the phone's owner, a new token to the caller.
    expect(answers.map((answer) => answer.json().code)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    for (const answer of answers) expect([otherToken, token, unverifiedToken]).not.toContain(answer.json().otpToken);
    expect(t.sms.sent.filter((sms) => sms.phone === phone)).toHaveLength(1 + 3);
    // The owner's verification still stands for the owner.
    expect((await sendOtp(t, phone, token)).json().code).toBe('OTP_VERIFIED');
  });

  it('sends at most 3 codes to a phone in 15 minutes', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    for (let send = 0; send < 3; send++) {
      expect((await sendOtp(t, phone)).statusCode).toBe(200);
      t.clock.advance(MINUTE);
    }

    const fourth = await sendOtp(t, phone);
    t.clock.advance(13 * MINUTE);
    const afterTheFirstLeftTheWindow = await sendOtp(t, phone);

    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect(afterTheFirstLeftTheWindow.statusCode).toBe(200);
    expect(t.sms.sent).toHaveLength(4);
  });

  it('sends at most 10 codes per client address in 15 minutes', async () => {
    const t = await buildTestApp();
    for (let send = 0; send < 10; send++) {
      expect((await sendOtp(t, newPhone(), '', { ip: '203.0.113.7' })).statusCode).toBe(200);
    }

    const eleventh = await sendOtp(t, newPhone(), '', { ip: '203.0.113.7' });
    const otherAddress = await sendOtp(t, newPhone(), '', { ip: '203.0.113.8' });
    t.clock.advance(15 * MINUTE);
    const later = await sendOtp(t, newPhone(), '', { ip: '203.0.113.7' });

    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect(otherAddress.statusCode).toBe(200);
    expect(later.statusCode).toBe(200);
  });

  it('counts a send to a member\'s phone toward the address\'s sends, so EXISTING_USER is no free oracle', async () => {
    const t = await buildTestApp({ registerOtp: false, limits: { perIp: { ...DEFAULT_IP_LIMITS, otpSends: { max: 3, windowMs: 15 * MINUTE } }, loginsGlobal: DEFAULT_LOGINS_GLOBAL } });
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await registerMember(t));

    const probes = [];
    for (const member of members) probes.push((await sendOtp(t, member.phone, '', { ip: '203.0.113.9' })).json().message);

    expect(probes).toEqual([...Array(3).fill('EXISTING_USER'), 'REQUEST_LIMIT']);
  });

  it('keeps the per-phone limit when sends arrive at the same time', async () => {
    const t = await buildTestApp();
    const phone = newPhone();

    const responses = await Promise.all(Array.from({ length: 8 }, () => sendOtp(t, phone)));

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(t.sms.sent).toHaveLength(3);
  });

  it('answers OTP_SEND_FAIL when the SMS cannot leave', async () => {
    const t = await buildTestApp();
    smsGatewayDown(t);

    const response = await sendOtp(t, newPhone());

    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'OTP_SEND_FAIL' });
    expect(await t.db.select().from(otpChallenges)).toEqual([]); // no code anyone could enter
  });

  it('does not count a send whose SMS failed toward the phone\'s 3 sends', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const gatewayBack = smsGatewayDown(t);
    const failed = await sendOtp(t, phone);
    gatewayBack();

    const next = [];
    for (let send = 0; send < 4; send++) next.push(await sendOtp(t, phone));

    expect(failed.statusCode).toBe(502);
    expect(next.map((response) => response.statusCode)).toEqual([200, 200, 200, 429]);
    expect(t.sms.sent.filter((sms) => sms.phone === phone)).toHaveLength(3);
  });

  it('does not count sends whose SMS failed toward the client address\'s 10 sends', async () => {
    const t = await buildTestApp();
    const gatewayBack = smsGatewayDown(t);
    for (let send = 0; send < 10; send++) expect((await sendOtp(t, newPhone(), '', { ip: '203.0.113.7' })).statusCode).toBe(502);
    gatewayBack();

    const sent = await sendOtp(t, newPhone(), '', { ip: '203.0.113.7' });

    expect(sent.statusCode).toBe(200);
  });
});

describe('POST /api/otp/verify', () => {
  it('verifies the right code', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const token = await sentToken(t, phone);

    const response = await verify(t, token, t.sms.lastCodeFor(phone));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 'OTP_VERIFIED' });
  });

  it('refuses an unknown token', async () => {
    const t = await buildTestApp();

    const response = await verify(t, 'not-a-token-we-gave', '123456');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'OTP_TOKEN_INVALID' });
  });

  it('refuses a code that is not 6 digits', async () => {
    const t = await buildTestApp();
    const token = await sentToken(t, newPhone());

    const response = await verify(t, token, '12ab');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'OTP_CODE_INVALID' });
  });

  it('accepts the code until 5 minutes have passed, then answers OTP_EXPIRED', async () => {
    const t = await buildTestApp();
    const first = newPhone();
    const second = newPhone();
    const firstToken = await sentToken(t, first);
    const secondToken = await sentToken(t, second);

    t.clock.advance(5 * MINUTE - 1000);
    const inTime = await verify(t, firstToken, t.sms.lastCodeFor(first));
    t.clock.advance(1000);
    const late = await verify(t, secondToken, t.sms.lastCodeFor(second));

    expect(inTime.json()).toEqual({ code: 'OTP_VERIFIED' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: 'OTP_EXPIRED' });
  });

  it('answers OTP_CODE_INVALID to a wrong code, and lets the right one through after 4 wrong ones', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const token = await sentToken(t, phone);
    const code = t.sms.lastCodeFor(phone);

    const wrong = [];
    for (let attempt = 0; attempt < 4; attempt++) wrong.push(await verify(t, token, wrongCode(code)));
    const right = await verify(t, token, code);

    expect(wrong.map((response) => [response.statusCode, response.json().message])).toEqual(Array(4).fill([400, 'OTP_CODE_INVALID']));
    expect(right.json()).toEqual({ code: 'OTP_VERIFIED' });
  });

  it('blocks the token at the 5th wrong code, even for the right code afterwards', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const token = await sentToken(t, phone);
    const code = t.sms.lastCodeFor(phone);
    for (let attempt = 0; attempt < 4; attempt++) await verify(t, token, wrongCode(code));

    const fifth = await verify(t, token, wrongCode(code));
    const right = await verify(t, token, code);

    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: 'OTP_BLOCK' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it('compares no more than 5 codes, even when guesses arrive at the same time', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const token = await sentToken(t, phone);
    const code = t.sms.lastCodeFor(phone);

    const guesses = await Promise.all(Array.from({ length: 12 }, () => verify(t, token, wrongCode(code))));
    const right = await verify(t, token, code);

    const compared = guesses.filter((response) => response.json().message === 'OTP_CODE_INVALID');
    expect(compared).toHaveLength(4);
    expect(right.json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it('a new code can be sent for a blocked token', async () => {
    const t = await buildTestApp();
    const phone = newPhone();
    const blocked = await sentToken(t, phone);
    for (let attempt = 0; attempt < 5; attempt++) await verify(t, blocked, wrongCode(t.sms.lastCodeFor(phone)));

    const fresh = await sentToken(t, phone);
    const response = await verify(t, fresh, t.sms.lastCodeFor(phone));

    expect(response.json()).toEqual({ code: 'OTP_VERIFIED' });
  });
});

describe('console SMS adapter', () => {
  it('writes the phone and the message, code included, on one info line', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line) } as unknown as FastifyBaseLogger;

    await consoleSms(log).send('0812345678', 'Your OTP code is 123456 (Ref: ABCD), valid for 5 minutes.');

    expect(lines).toEqual(['SMS to 0812345678: Your OTP code is 123456 (Ref: ABCD), valid for 5 minutes.']);
  });
});
