/**
 * Talking to the real server from the test process (not the browser): setting
 * up members, and acting as "another device" of a member. Every call carries
 * the fixed X-Requested-With header the server requires (spec 7).
 */
import type { ResponseOf } from '../../../src/contract/endpoints.ts';
import type { BrowserServer } from './app-server.ts';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function api(
  server: BrowserServer,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  { body, token, idempotencyKey }: { body?: unknown; token?: string; idempotencyKey?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const response = await fetch(new URL(path, server.url), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function ok(answer: Promise<ApiAnswer>, what: string): Promise<Record<string, unknown>> {
  const { status, body } = await answer;
  if (status >= 400) throw new Error(`${what} failed: HTTP ${status} ${JSON.stringify(body)}`);
  return body;
}

let keys = 0;
/** An Idempotency-Key never sent before by this process. */
export function freshIdempotencyKey(): string {
  return `browser-suite-${process.pid}-${++keys}`;
}

/**
 * A member's (or the operator's) call that must succeed; its answer's body.
 * Every call carries a fresh Idempotency-Key: money-moving routes need one,
 * the others ignore it.
 */
export async function callOk(
  server: BrowserServer,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  return ok(api(server, method, path, { body, token, idempotencyKey: freshIdempotencyKey() }), `${method} ${path}`);
}

/** One page of the member's statement as the server answers it (the contract's StatementResponse). */
export type StatementPage = ResponseOf<'statement'>;
export type StatementEntry = StatementPage['statements'][number];

export async function statementPage(server: BrowserServer, token: string, page = 1): Promise<StatementPage> {
  return (await callOk(server, 'POST', '/api/statement', token, { page, limit: 10 })) as StatementPage;
}

const used = new Set<string>();
/** A number made of `prefix` and random digits, never handed out twice in this process. */
function unique(prefix: string, length: number): string {
  for (;;) {
    let value = prefix;
    while (value.length < length) value += Math.floor(Math.random() * 10);
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

/** A Thai mobile number (10 digits) nobody has registered: never the demo's 0812345678. */
export function freshPhone(): string {
  return unique('09', 10);
}

/** A 10-digit bank account number not used yet. */
export function freshAccountNo(): string {
  return unique('7', 10);
}

export interface Member {
  phone: string;
  password: string;
  name: string;
  bankCode: string;
  /** The bank's Thai name (seed data), as the profile shows it. */
  bankNameTh: string;
  accountNo: string;
  firstName: string;
  lastName: string;
}

export function newMember(overrides: Partial<Member> = {}): Member {
  return {
    phone: freshPhone(),
    password: 'first-pass-123',
    name: 'สมหญิง ใจงาม',
    bankCode: 'KBANK',
    bankNameTh: 'ธนาคารกสิกรไทย',
    accountNo: freshAccountNo(),
    firstName: 'SOMYING',
    lastName: 'JAINGAM',
    ...overrides,
  };
}

/** Proves the phone with the code the recording SMS adapter received; answers the verified otpToken registration takes. */
export async function verifyPhoneViaApi(server: BrowserServer, phone: string): Promise<string> {
  const sent = await ok(api(server, 'POST', '/api/otp/send', { body: { phoneNumber: phone } }), 'OTP send');
  const otpToken = String(sent.otpToken);
  const otpCode = server.sms.lastCodeFor(phone);
  await ok(api(server, 'POST', '/api/otp/verify', { body: { otpToken, otpCode } }), 'OTP verify');
  return otpToken;
}

/** Registers a member the way the wizard does, without a browser. */
export async function registerViaApi(server: BrowserServer, member: Member): Promise<void> {
  const lookup = await ok(api(server, 'GET', '/api/lookup/registerOTP'), 'registerOTP lookup');
  const otpToken = lookup.registerOTP ? await verifyPhoneViaApi(server, member.phone) : '';
  await ok(
    api(server, 'POST', '/api/account', {
      body: {
        name: member.name,
        username: member.phone,
        password: member.password,
        sourceCode: '',
        inviteCode: '',
        bankCode: member.bankCode,
        bankAccountName: `${member.firstName} ${member.lastName}`,
        bankAccountNo: member.accountNo,
        currency: '',
        otpToken,
      },
    }),
    'registration',
  );
}

/** Logs in as another device of the member; answers its token. */
export async function loginViaApi(server: BrowserServer, phone: string, password: string): Promise<string> {
  const body = await ok(api(server, 'POST', '/api/login', { body: { username: phone, password } }), 'login');
  return String(body.token);
}

/** The member's profile id (for invite codes PR{id}). */
export async function profileIdOf(server: BrowserServer, phone: string, password: string): Promise<string> {
  const token = await loginViaApi(server, phone, password);
  const body = await ok(api(server, 'GET', '/api/account/profile', { token }), 'profile');
  await api(server, 'POST', '/api/logout', { token });
  return String((body.profile as { _id: string })._id);
}
