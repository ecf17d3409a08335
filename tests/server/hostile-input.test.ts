/**
 * Garbage thrown at every route with a body: each field in turn gets each
 * hostile value, and whole bodies of the wrong kind are sent. Every answer
 * must be a 4xx with a catalogue code (never a 500), unless the value is
 * honestly valid for that field (any text of 8+ characters is a password).
 */
import { count, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../src/contract/endpoints.ts';
import { isKnownMessage } from '../../src/contract/catalogue.ts';
import { bankAccounts, users } from '../../src/server/db/schema.ts';
import { ApiError } from '../../src/server/errors.ts';
import { parseBody } from '../../src/server/validation.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { newPhone, registrationBody, signedInMember } from './helpers/members.ts';
import { callWithJsonText, JsonText, nestedJson, type NestedShape } from './helpers/nested-json.ts';

const HOSTILE_VALUES: [string, unknown][] = [
  ['a number', 12345],
  ['a boolean', true],
  ['null', null],
  ['an array', ['0812345678']],
  ['an operator object', { $ne: '' }],
  ['an empty string', ''],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['10,000 Thai characters', 'ก'.repeat(10_000)],
  ['SQL', "' OR 1=1 --"],
  ['SQL with a statement', "0812345678'; DROP TABLE users; --"],
  ['HTML', '<script>alert(1)</script>'],
  ['control characters', 'ab\u0000cd\u202eefgh'],
  ['half of a UTF-16 pair', 'ab\ud800cd'],
];

const HOSTILE_BODIES: [string, unknown][] = [
  ['null', null],
  ['an array', []],
  ['an array of the right object', [{ username: '0812345678', password: 'demo-pass-1234' }]],
  ['a string', 'hello'],
  ['a number', 42],
  ['an empty object', {}],
];

type Body = Record<string, unknown>;

interface Target {
  /** A valid body for this route, fresh for each attempt. */
  base: (t: TestApp) => Body;
  /** Fields where an empty string is a valid value. */
  mayBeEmpty?: string[];
}

function isPasswordField(field: string): boolean {
  return /password/i.test(field);
}

/** Whether `value` is honestly valid for `field`, so a success is not a failure of the sweep. */
function isValidValue(target: Target, field: string, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value === '') return target.mayBeEmpty?.includes(field) ?? false;
  return isPasswordField(field) && value.length >= 8 && value.length <= 128;
}

async function sweep(t: TestApp, name: EndpointName, target: Target, token?: string): Promise<string[]> {
  const endpoint = endpoints[name];
  const problems: string[] = [];
  const check = async (what: string, body: unknown, mayPass: boolean) => {
    const response = await call(t.app, endpoint, body, token === undefined ? {} : { token });
    const status = response.statusCode;
    const message: unknown = response.json().message;
    const refusedWell = status >= 400 && status < 500 && isKnownMessage(message);
    if (!refusedWell && !(mayPass && status === 200)) problems.push(`${what}: ${status} ${response.body.slice(0, 80)}`);
    return status;
  };

  for (const [description, body] of HOSTILE_BODIES) {
    await check(`body ${description}`, body, false);
  }
  for (const field of Object.keys(target.base(t))) {
    for (const [description, value] of HOSTILE_VALUES) {
      await check(`${field} = ${description}`, { ...target.base(t), [field]: value }, isValidValue(target, field, value));
    }
  }
  return problems;
}

describe('hostile input', () => {
  it('POST /api/login', async () => {
    const t = await buildTestApp();

    const problems = await sweep(t, 'login', { base: () => ({ username: '0812345678', password: 'demo-pass-1234' }) });

    expect(problems).toEqual([]);
  });

  it('POST /api/otp/send', async () => {
    const t = await buildTestApp();

    const problems = await sweep(t, 'otpSend', { base: () => ({ phoneNumber: newPhone(), otpToken: '' }), mayBeEmpty: ['otpToken'] });

    expect(problems).toEqual([]);
  });

  it('POST /api/otp/verify', async () => {
    const t = await buildTestApp();
    const sent = await call(t.app, endpoints.otpSend, { phoneNumber: newPhone() });
    const otpToken: string = sent.json().otpToken;

    const problems = await sweep(t, 'otpVerify', { base: () => ({ otpToken, otpCode: '123456' }) });

    expect(problems).toEqual([]);
  });

  it.each(['accountValidate', 'accountRegister'] as const)('POST %s leaves no partial user behind', async (name) => {
    const t = await buildTestApp({ registerOtp: false });
    const bankFields = ['bankCode', 'bankAccountName', 'bankAccountNo'];
    const mayBeEmpty = ['sourceCode', 'inviteCode', 'currency', 'otpToken', ...(name === 'accountValidate' ? bankFields : [])];

    const problems = await sweep(t, name, { base: () => registrationBody(), mayBeEmpty });

    expect(problems).toEqual([]);
    const [orphans] = await t.db
      .select({ users: count() })
      .from(users)
      .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
      .where(isNull(bankAccounts.id));
    expect(orphans!.users).toBe(0);
  });

  it('POST /api/account/validate creates nobody', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const [before] = await t.db.select({ users: count() }).from(users);

    await sweep(t, 'accountValidate', { base: () => registrationBody() });

    const [after] = await t.db.select({ users: count() }).from(users);
    expect(after!.users).toBe(before!.users);
  });

  it('PUT /api/account/profile', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);
    const { bankCode, bankAccountName, bankAccountNo } = member.body;

    const problems = await sweep(
      t,
      'profileUpdate',
      { base: () => ({ name: 'Somsak Rakdee', bankCode, bankAccountName, bankAccountNo }), mayBeEmpty: ['bankCode', 'bankAccountName', 'bankAccountNo'] },
      member.token,
    );

    expect(problems).toEqual([]);
  });

  it('PUT /api/account/bankAccountName', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await signedInMember(t);

    const problems = await sweep(t, 'bankAccountName', { base: () => ({ bankCode: member.body.bankCode, bankAccountName: 'SOMSAK RAKDEE' }) }, member.token);

    expect(problems).toEqual([]);
  });

  it('PUT /api/account/changepwd', async () => {
    const t = await buildTestApp({ registerOtp: false });
    let current = '';
    // A success changes the password: follow it, so the next attempt tests the next value.
    t.app.addHook('onResponse', async (request, reply) => {
      const body = request.body as { newPassword?: unknown } | undefined;
      if (reply.statusCode === 200 && typeof body?.newPassword === 'string') current = body.newPassword;
    });
    const member = await signedInMember(t);
    current = member.password;
    const base = () => ({ oldPassword: current, newPassword: 'new-password-1' });

    const problems = await sweep(t, 'changePassword', { base }, member.token);

    expect(problems).toEqual([]);
  });

  it('member routes refuse hostile tokens with 401', async () => {
    const t = await buildTestApp();
    const tokens = ['x'.repeat(10_000), "' OR 1=1 --", '<script>', '', 'Bearer'];

    const responses = await Promise.all(
      tokens.map((token) => call(t.app, endpoints.profileGet, undefined, { headers: { authorization: `Bearer ${token}` } })),
    );

    expect(responses.map((response) => [response.statusCode, response.json()])).toEqual(
      tokens.map(() => [401, { message: 'invalid-token' }]),
    );
  });

  it('lookups shrug off a hostile Accept-Language', async () => {
    const t = await buildTestApp();

    const responses = await Promise.all(
      ['x'.repeat(8_000), "th;q=' OR 1=1", 'en;q=NaN, la;q=-1', ',,;;==', '*'].map((language) =>
        call(t.app, endpoints.lookupSources, undefined, { language }),
      ),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('deeply nested bodies', () => {
  /** What parseBody answers for a body given as JSON text: 'passed' or the catalogue code it refused with. */
  function parsed(text: string): string {
    try {
      parseBody(v.object({ a: v.unknown() }), JSON.parse(text));
      return 'passed';
    } catch (error) {
      if (error instanceof ApiError) return `${error.statusCode} ${error.code}`;
      throw error;
    }
  }

  const shapes: NestedShape[] = ['object', 'array'];

  it.each(shapes)('a 60 KB nested %s answers 400 KEY_INVALID at /api/login, never 500', async (shape) => {
    const t = await buildTestApp();
    const bodies = [
      JsonText.withField({ password: 'demo-pass-1234' }, 'username', nestedJson(shape, 60_000)),
      ...(shape === 'object' ? [new JsonText(nestedJson('object', 60_000))] : []),
    ];

    const responses = await Promise.all(bodies.map((body) => callWithJsonText(t.app, endpoints.login, body)));

    expect(responses.map((response) => [response.statusCode, response.json()])).toEqual(bodies.map(() => [400, { message: 'KEY_INVALID' }]));
  });

  it.each(shapes)('a 60 KB nested %s answers 400 KEY_INVALID at a money route, with or without an Idempotency-Key', async (shape) => {
    const t = await buildTestApp();
    const member = await signedInMember(t);
    const body = JsonText.withField({ from: 'WALLET', to: 'lotus' }, 'amount', nestedJson(shape, 60_000));

    const responses = [
      await callWithJsonText(t.app, endpoints.transfer, body, { token: member.token }),
      await callWithJsonText(t.app, endpoints.transfer, body, { token: member.token, idempotencyKey: 'nested-body-key-1' }),
    ];

    expect(responses.map((response) => [response.statusCode, response.json()])).toEqual([
      [400, { message: 'KEY_INVALID' }],
      [400, { message: 'KEY_INVALID' }],
    ]);
  });

  it('walks 32 levels, refuses the 33rd, refuses over 10,000 values, and finds a control character deep down', () => {
    const levels = (n: number, inner: string) => '['.repeat(n - 1) + inner + ']'.repeat(n - 1);

    expect(parsed(`{"a":${levels(32, '"fine"')}}`)).toBe('passed');
    expect(parsed(`{"a":${levels(33, '"fine"')}}`)).toBe('400 KEY_INVALID');
    expect(parsed(`{"a":[${Array(9_998).fill(0).join(',')}]}`)).toBe('passed');
    expect(parsed(`{"a":[${Array(9_999).fill(0).join(',')}]}`)).toBe('400 KEY_INVALID');
    expect(parsed(`{"a":${levels(20, '{"b":"x\\u0000y"}')}}`)).toBe('400 KEY_INVALID');
    expect(parsed(`{"a":${levels(20, '{"b":"xy"}')}}`)).toBe('passed');
    // Half of a UTF-16 pair is no text (PostgreSQL refuses it in JSON); a whole pair (an emoji) is.
    expect(parsed('{"a":"x\\ud800y"}')).toBe('400 KEY_INVALID');
    expect(parsed('{"a":"x\\ude00y"}')).toBe('400 KEY_INVALID');
    expect(parsed('{"a":"x\\ud83d\\ude00y"}')).toBe('passed');
  });
});
