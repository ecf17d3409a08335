/**
 * Slip verification (docs/decisions/0137-slip-verification.md): the
 * EasySlip adapter against a local fake of its API v2, the timeouts,
 * bounded retry and circuit breaker it runs under, the checks that decide
 * whether a slip is credited without an operator, and the whole path as a
 * member and an operator meet it: a matching slip is credited with the
 * bank's amount, a copied one never, anything else waits with the
 * verifier's findings (a day's credits past dual control's daily sum too),
 * and a verifier that fails, or a failure of ours, leaves the slip pending.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { DEFAULT_SETTINGS } from '../../src/server/db/seed-data.ts';
import { slipPartyProblems } from '../../src/server/deposits/slip-parties.ts';
import { slipProblems, type SlipCheckInput } from '../../src/server/deposits/slip-verification.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { transferByKey } from '../../src/server/ledger/transfers.ts';
import { ProviderFailure } from '../../src/server/providers/http.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { findUserByPhone } from '../../src/server/repositories/users.ts';
import { easySlipVerifier } from '../../src/server/slips/easyslip.ts';
import { FAKE_EASYSLIP_API_KEY, startFakeEasySlip, type FakeEasySlip, type FakeTransfer } from '../../src/server/slips/easyslip-fake.ts';
import type { BankRecord } from '../../src/server/slips/verifier.ts';
import { bankSlipPayload, multipartBody, slipImage } from '../support/slip-image.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call, headersFor } from './helpers/http.ts';
import { login, signedInMember, type Member } from './helpers/members.ts';
import { OPERATOR } from './helpers/money.ts';
import { PRODUCTION_ENV } from './helpers/production.ts';

const MINUTE = 60_000;
/** Our seeded KBank deposit account (seed-data.ts depositAccounts). */
const OUR_KBANK = { bankId: '004', accountNo: '0418812345', name: 'MEKONG WALLET CO LTD' };

async function fake(): Promise<FakeEasySlip> {
  const started = await startFakeEasySlip();
  onTestFinished(() => started.close());
  return started;
}

function recordingLog() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const log = {
    warn: (fields: object, message: string) => void lines.push({ level: 'warn', fields, message }),
    info: (fields: object, message: string) => void lines.push({ level: 'info', fields, message }),
  };
  return { log, lines, text: () => JSON.stringify(lines) };
}

/** A transfer of `amount` baht from the member's registered account to our KBank account, `minutesAgo` before `now`. */
function transferFrom(member: Member, amount: number, now: Date, { minutesAgo = 5, ...overrides }: Partial<FakeTransfer> & { minutesAgo?: number } = {}): FakeTransfer {
  return {
    amount,
    date: new Date(now.getTime() - minutesAgo * MINUTE).toISOString(),
    sender: { bankId: '014', accountNo: member.body.bankAccountNo, name: member.body.bankAccountName },
    receiver: OUR_KBANK,
    ...overrides,
  };
}

let shownDigits = 0;
/**
 * A member at SCB whose account number shows digits (KBank's mask, the
 * fake's for ten digits: the sixth to the ninth) no other member of this
 * file has, so a sender fits two members only where a test makes it so.
 */
function newMember(t: TestApp, overrides: Parameters<typeof signedInMember>[1] = {}) {
  shownDigits += 1;
  return signedInMember(t, { bankAccountNo: `40123${String(shownDigits).padStart(4, '0')}0`, ...overrides });
}

describe('the EasySlip adapter', () => {
  it('asks with the payload and checkDuplicate under the bearer key, and reads the bank record', async () => {
    const easyslip = await fake();
    const payload = easyslip.add({
      reference: 'REF0001ABC',
      amount: 1500.5,
      date: '2026-03-02T09:55:00+07:00',
      sender: { bankId: '014', accountNo: '4012345678', name: 'MR. SOMSAK R', nameTh: 'นาย สมศักดิ์ รักดี' },
      receiver: OUR_KBANK,
    });
    const verifier = easySlipVerifier({ apiKey: FAKE_EASYSLIP_API_KEY, baseUrl: easyslip.url, log: recordingLog().log });
    const first = await verifier.verify(payload);
    expect(first).toEqual({
      found: true,
      duplicate: false,
      record: {
        reference: 'REF0001ABC',
        date: new Date('2026-03-02T02:55:00.000Z'),
        amount: 150_050n,
        country: 'TH',
        sender: { bankId: '014', bankCode: 'SCB', account: 'xxx-x-x4567-x', proxy: null, nameTh: 'นาย สมศักดิ์ รักดี', nameEn: 'MR. SOMSAK R' },
        receiver: { bankId: '004', bankCode: 'KBANK', account: 'xxx-x-x1234-x', proxy: null, nameTh: null, nameEn: 'MEKONG WALLET CO LTD' },
      },
    });
    // The service saw it once: checkDuplicate makes the second answer say so.
    expect(await verifier.verify(payload)).toMatchObject({ found: true, duplicate: true });
    expect(await verifier.verify(payload.replace('REF0001ABC', 'REF0009ABC'))).toEqual({ found: false, code: 'SLIP_NOT_FOUND' });
  });

  it('fails on a refused key or an exhausted quota without retrying, and never logs the key', async () => {
    const easyslip = await fake();
    const payload = easyslip.add({ amount: 100, sender: { bankId: '014', accountNo: '4012345678', name: 'A B' }, receiver: OUR_KBANK });
    const { log, text } = recordingLog();
    const wrongKey = 'not-the-key-of-this-service-0123';
    await expect(easySlipVerifier({ apiKey: wrongKey, baseUrl: easyslip.url, log }).verify(payload)).rejects.toMatchObject({ reason: 'UNAUTHORIZED' });
    easyslip.trouble('quota');
    await expect(easySlipVerifier({ apiKey: FAKE_EASYSLIP_API_KEY, baseUrl: easyslip.url, log }).verify(payload)).rejects.toMatchObject({ reason: 'QUOTA_EXCEEDED' });
    expect(easyslip.calls).toBe(2);
    expect(text()).toContain('QUOTA_EXCEEDED');
    expect(text()).not.toContain(wrongKey);
    expect(text()).not.toContain(FAKE_EASYSLIP_API_KEY);
    expect(text()).not.toContain(payload);
  });

  it('retries once what the documentation says to retry (API_SERVER_ERROR, a gateway), and nothing else', async () => {
    const easyslip = await fake();
    const payload = easyslip.add({ amount: 100, sender: { bankId: '014', accountNo: '4012345678', name: 'A B' }, receiver: OUR_KBANK });
    const pauses: number[] = [];
    const verifier = easySlipVerifier({ apiKey: FAKE_EASYSLIP_API_KEY, baseUrl: easyslip.url, log: recordingLog().log, pause: async (ms) => void pauses.push(ms) });

    easyslip.trouble('api-server-error');
    expect(await verifier.verify(payload)).toMatchObject({ found: true });
    easyslip.trouble('gateway');
    expect(await verifier.verify(payload)).toMatchObject({ found: true });
    expect(easyslip.calls).toBe(4);
    expect(pauses).toEqual([250, 250]);

    // Twice in a row: one retry only.
    easyslip.trouble('api-server-error', 2);
    await expect(verifier.verify(payload)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(easyslip.calls).toBe(6);
    // "Contact support": not retried.
    easyslip.trouble('internal-error');
    await expect(verifier.verify(payload)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(easyslip.calls).toBe(7);
  });

  it('gives up on a call that does not answer in time and does not repeat it', async () => {
    const easyslip = await fake();
    const payload = easyslip.add({ amount: 100, sender: { bankId: '014', accountNo: '4012345678', name: 'A B' }, receiver: OUR_KBANK });
    easyslip.trouble('hang');
    const verifier = easySlipVerifier({ apiKey: FAKE_EASYSLIP_API_KEY, baseUrl: easyslip.url, log: recordingLog().log, timeoutMs: 100, deadlineMs: 2_000 });
    const failure = await verifier.verify(payload).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderFailure);
    expect(failure).toMatchObject({ reason: 'TIMEOUT' });
    expect(easyslip.calls).toBe(1);
  });

  it('opens its circuit after failures in a row, fails fast saying so, and tries one call again later', async () => {
    const easyslip = await fake();
    const payload = easyslip.add({ amount: 100, sender: { bankId: '014', accountNo: '4012345678', name: 'A B' }, receiver: OUR_KBANK });
    let now = Date.parse('2026-03-02T03:00:00Z');
    const { log, lines } = recordingLog();
    const verifier = easySlipVerifier({
      apiKey: FAKE_EASYSLIP_API_KEY,
      baseUrl: easyslip.url,
      log,
      attempts: 1,
      now: () => now,
      breaker: { failuresToOpen: 3, openMs: 30_000 },
    });
    easyslip.trouble('internal-error', 4);
    for (let i = 0; i < 3; i += 1) await expect(verifier.verify(payload)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    expect(lines.some((line) => line.level === 'warn' && line.message.includes('circuit open'))).toBe(true);

    await expect(verifier.verify(payload)).rejects.toMatchObject({ reason: 'CIRCUIT_OPEN' });
    expect(easyslip.calls).toBe(3);
    expect(lines.at(-1)?.message).toContain('circuit open, not called');

    // After the open time one trial goes; it fails (the fourth trouble) and opens the circuit again.
    now += 30_000;
    await expect(verifier.verify(payload)).rejects.toMatchObject({ reason: 'SERVER_ERROR' });
    await expect(verifier.verify(payload)).rejects.toMatchObject({ reason: 'CIRCUIT_OPEN' });
    expect(easyslip.calls).toBe(4);
    now += 30_000;
    expect(await verifier.verify(payload)).toMatchObject({ found: true });
    expect(lines.at(-1)?.message).toContain('circuit closed');
    expect(await verifier.verify(payload)).toMatchObject({ found: true });
    expect(easyslip.calls).toBe(6);
  });

  it('counts a slip the bank does not know as an answer, not as a failure of the service', async () => {
    const easyslip = await fake();
    const verifier = easySlipVerifier({ apiKey: FAKE_EASYSLIP_API_KEY, baseUrl: easyslip.url, log: recordingLog().log, breaker: { failuresToOpen: 2, openMs: 30_000 } });
    for (let i = 0; i < 4; i += 1) expect(await verifier.verify(`unknown-${i}`)).toEqual({ found: false, code: 'SLIP_NOT_FOUND' });
    expect(easyslip.calls).toBe(4);
  });
});

describe('the checks before an automatic credit', () => {
  const now = new Date('2026-03-02T03:00:00Z');
  const party = (bankId: string, bankCode: string, account: string | null, nameEn: string | null, proxy: string | null = null) => ({ bankId, bankCode, account, proxy, nameTh: null, nameEn });
  const record: BankRecord = {
    reference: 'REF1',
    date: new Date(now.getTime() - 10 * MINUTE),
    amount: 50_000n,
    country: 'TH',
    sender: party('014', 'SCB', 'xxx-x-x4567-x', 'MR. SOMSAK R'),
    receiver: party('004', 'KBANK', 'xxx-x-x1234-x', 'MEKONG WALLET CO'),
  };
  const input: SlipCheckInput = {
    qrReference: 'REF1',
    record,
    duplicate: false,
    alreadyCredited: false,
    member: { currency: 'BAHT' },
    maxAgeMinutes: 60,
    limits: { approvalThreshold: { BAHT: 20_000, LAK: 4_000_000 }, operatorDailyAlone: { BAHT: 100_000, LAK: 200_000_000 } },
    creditedToday: 0n,
    now,
  };

  // Who paid whom is bank-match.ts's (tests/unit/bank-match.test.ts) and, through the app, below.
  it('passes a transfer that matches in every way, and names each way another does not', () => {
    expect(slipProblems(input)).toEqual([]);
    const cases: [Partial<SlipCheckInput>, string][] = [
      [{ qrReference: 'REF2' }, 'REFERENCE_MISMATCH'],
      [{ duplicate: true }, 'DUPLICATE_AT_PROVIDER'],
      [{ alreadyCredited: true }, 'ALREADY_CREDITED'],
      [{ record: { ...record, date: new Date(now.getTime() - 61 * MINUTE) } }, 'OUTSIDE_TIME_WINDOW'],
      [{ record: { ...record, date: new Date(now.getTime() + 6 * MINUTE) } }, 'OUTSIDE_TIME_WINDOW'],
      [{ record: { ...record, country: 'LA' } }, 'NOT_BAHT'],
      [{ record: { ...record, amount: 2_000_001n } }, 'ABOVE_APPROVAL_THRESHOLD'],
      // 0121's daily sum alone, over what the verifier itself credited in the last 24 hours.
      [{ creditedToday: 10_000_000n - 49_999n }, 'VERIFIER_DAILY_LIMIT'],
    ];
    for (const [change, problem] of cases) expect(slipProblems({ ...input, ...change }), problem).toEqual([problem]);
    // A member in kip.
    expect(slipProblems({ ...input, member: { currency: 'LAK' } })).toEqual(['NOT_BAHT']);
    // At the threshold itself, at the daily sum itself and a bank clock a little ahead are still fine.
    expect(slipProblems({ ...input, record: { ...record, amount: 2_000_000n, date: new Date(now.getTime() + 4 * MINUTE) } })).toEqual([]);
    expect(slipProblems({ ...input, creditedToday: 10_000_000n - 50_000n })).toEqual([]);
  });
});

describe('configuration', () => {
  it('switches the verifier on only with its key, and production refuses the fake', () => {
    expect(loadConfig({}).slipVerifier).toBeNull();
    expect(() => loadConfig({ SLIP_VERIFIER: 'easyslip' })).toThrow('EASYSLIP_API_KEY must be set when SLIP_VERIFIER is "easyslip"');
    expect(() => loadConfig({ SLIP_VERIFIER: 'slipok' })).toThrow(ConfigError);
    const real = 'd41d8cd9-8f00-b204-e980-0998ecf8427e';
    expect(loadConfig({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: real }).slipVerifier).toEqual({ provider: 'easyslip', apiKey: real, apiUrl: 'https://api.easyslip.com/v2' });

    const production = { ...PRODUCTION_ENV, SLIP_VERIFIER: 'easyslip' };
    expect(() => loadConfig(production)).toThrow('EASYSLIP_API_KEY must be set');
    expect(() => loadConfig({ ...production, EASYSLIP_API_KEY: FAKE_EASYSLIP_API_KEY })).toThrow('EASYSLIP_API_KEY must not be a value from the source code');
    expect(() => loadConfig({ ...production, EASYSLIP_API_KEY: real, EASYSLIP_API_URL: 'http://127.0.0.1:4010/v2' })).toThrow('EASYSLIP_API_URL must be');
    expect(() => loadConfig({ ...production, EASYSLIP_API_KEY: real, EASYSLIP_API_URL: 'https://localhost:4010/v2' })).toThrow('EASYSLIP_API_URL must be');
    for (const url of ['https://[::ffff:127.0.0.1]/v2', 'https://0.0.0.0/v2', 'https://[::]/v2', 'https://localhost./v2', 'https://127.0.0.2/v2']) {
      expect(() => loadConfig({ ...production, EASYSLIP_API_KEY: real, EASYSLIP_API_URL: url }), url).toThrow('EASYSLIP_API_URL must be');
    }
    expect(loadConfig({ ...production, EASYSLIP_API_KEY: real }).slipVerifier?.apiUrl).toBe('https://api.easyslip.com/v2');
  });
});

// ---------------------------------------------------------------- through the app

interface VerifyingApp extends TestApp {
  easyslip: FakeEasySlip;
  operatorToken: string;
}

let ledgerToCheck: Db | undefined;

afterEach(async () => {
  const db = ledgerToCheck;
  ledgerToCheck = undefined;
  if (db) expect(await checkLedger(db)).toEqual([]);
});

/** The app configured as README says (SLIP_VERIFIER=easyslip with the fake's address and key). */
async function verifyingApp(): Promise<VerifyingApp> {
  const easyslip = await fake();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-slip-verify-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const slipVerifier = loadConfig({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: FAKE_EASYSLIP_API_KEY, EASYSLIP_API_URL: easyslip.url }).slipVerifier;
  const t = await buildTestApp({ operator: OPERATOR, dataDir, slipVerifier });
  ledgerToCheck = t.db;
  return { ...t, easyslip, operatorToken: await login(t, OPERATOR.phone, OPERATOR.password) };
}

async function upload(t: TestApp, token: string, payload: string) {
  const { payload: body, contentType } = multipartBody(await slipImage({ payload }));
  const response = await t.app.inject({ method: 'POST', url: endpoints.slipUpload.path, headers: { ...headersFor({ token }), 'content-type': contentType }, payload: body });
  return { status: response.statusCode, body: response.json() as { message: string; slip: { status: string; amount: number; note: string; reference: string } } };
}

async function walletAmount(t: TestApp, token: string): Promise<number> {
  const response = await call(t.app, endpoints.wallet, undefined, { token });
  return response.json().wallet.amount;
}

async function pendingSlipDetail(s: VerifyingApp) {
  const list = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken });
  const [slip] = list.json().slips as { id: string }[];
  expect(slip).toBeDefined();
  const detail = await call(s.app, endpoints.opsSlip, undefined, { token: s.operatorToken, params: { id: slip!.id } });
  expect(detail.statusCode, detail.body).toBe(200);
  return { id: slip!.id, ...detail.json() };
}

describe('a slip checked with the bank', () => {
  it('credits a matching slip with the bank’s amount and no operator; a copy is credited never', async () => {
    const s = await verifyingApp();
    const member = await newMember(s);
    const payload = s.easyslip.add(transferFrom(member, 750.25, s.clock()));

    const first = await upload(s, member.token, payload);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS', amount: 750.25 } });
    expect(await walletAmount(s, member.token)).toBe(750.25);
    const transfer = await transferByKey(s.db, `deposit:${first.body.slip.reference}`);
    expect(transfer?.amount).toBe(75_025n);

    // The operator sees it credited, with what the bank said.
    const done = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken, query: { status: 'SUCCESS' } });
    const id = done.json().slips[0].id as string;
    const detail = (await call(s.app, endpoints.opsSlip, undefined, { token: s.operatorToken, params: { id } })).json();
    expect(detail.verification).toMatchObject({ provider: 'easyslip', outcome: 'CREDITED', problems: [], error: null, record: { amount: 750.25, sender: { bank: 'SCB' }, receiver: { bank: 'KBANK' } } });

    // The same slip again, a minute later, by the same member and by another: refused, nothing moves.
    s.clock.advance(MINUTE);
    const again = await upload(s, member.token, payload);
    expect(again).toMatchObject({ status: 409, body: { message: 'SLIP_REFNO_DUPLICATED', slip: { status: 'FAILED' } } });
    const other = await newMember(s);
    expect((await upload(s, other.token, payload)).status).toBe(409);
    expect(await walletAmount(s, member.token)).toBe(750.25);
    expect(await walletAmount(s, other.token)).toBe(0);
    // The copies never reached the service: the reference was ours already.
    expect(s.easyslip.calls).toBe(1);
  });

  it('leaves a slip from someone else’s account for an operator, with the findings beside it', async () => {
    const s = await verifyingApp();
    const member = await newMember(s);
    const payload = s.easyslip.add(transferFrom(member, 300, s.clock(), { sender: { bankId: '014', accountNo: '4099999999', name: 'SOMCHAI OTHER' } }));
    const answer = await upload(s, member.token, payload);
    expect(answer).toMatchObject({ status: 200, body: { message: 'SUCCESS', slip: { status: 'PENDING', amount: 0 } } });
    expect(await walletAmount(s, member.token)).toBe(0);

    const detail = await pendingSlipDetail(s);
    expect(detail.verification).toMatchObject({
      outcome: 'REVIEW',
      problems: ['SENDER_ACCOUNT_MISMATCH', 'SENDER_NAME_MISMATCH'],
      record: { amount: 300, sender: { bank: 'SCB', account: 'xxx-x-x9999-x', name: 'SOMCHAI OTHER' } },
    });
    // The operator's approval is the usual one.
    const approved = await call(s.app, endpoints.opsSlipApproved, { amount: 300 }, { token: s.operatorToken, params: { id: detail.id } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await walletAmount(s, member.token)).toBe(300);
  });

  it('leaves for operators a slip to another account, an old one, one the service saw before, and one above the approval threshold', async () => {
    const s = await verifyingApp();
    await putSetting(s.db, 'approvalThreshold', { BAHT: 1_000, LAK: 4_000_000 });
    const cases: [(member: Member) => FakeTransfer, string][] = [
      [(member) => transferFrom(member, 100, s.clock(), { receiver: { bankId: '004', accountNo: '0411111111', name: 'SOMEONE ELSE' } }), 'RECEIVER_NOT_OURS'],
      [(member) => transferFrom(member, 100, s.clock(), { minutesAgo: 61 }), 'OUTSIDE_TIME_WINDOW'],
      [(member) => transferFrom(member, 1_000.01, s.clock()), 'ABOVE_APPROVAL_THRESHOLD'],
      // The bank cut the last name short: it may be someone else's.
      [(member) => transferFrom(member, 100, s.clock(), { sender: { bankId: '014', accountNo: member.body.bankAccountNo, name: 'MR. SOMSAK R' } }), 'SENDER_NAME_PARTIAL'],
    ];
    for (const [transfer, problem] of cases) {
      const member = await newMember(s);
      const answer = await upload(s, member.token, s.easyslip.add(transfer(member)));
      expect(answer.body.slip.status, problem).toBe('PENDING');
      expect(await walletAmount(s, member.token)).toBe(0);
    }
    // Verified elsewhere first (another shop's check of the same slip): the service says it is a duplicate.
    const member = await newMember(s);
    const seen = s.easyslip.add(transferFrom(member, 100, s.clock()));
    await easySlipVerifier({ apiKey: FAKE_EASYSLIP_API_KEY, baseUrl: s.easyslip.url, log: recordingLog().log }).verify(seen);
    expect((await upload(s, member.token, seen)).body.slip.status).toBe('PENDING');

    const list = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken });
    const problems = await Promise.all(
      (list.json().slips as { id: string }[]).map(async ({ id }) => (await call(s.app, endpoints.opsSlip, undefined, { token: s.operatorToken, params: { id } })).json().verification.problems),
    );
    expect(problems).toEqual([['RECEIVER_NOT_OURS'], ['OUTSIDE_TIME_WINDOW'], ['ABOVE_APPROVAL_THRESHOLD'], ['SENDER_NAME_PARTIAL'], ['DUPLICATE_AT_PROVIDER']]);
  });

  it('leaves the slip pending, never credited, when the service fails, refuses or does not know it', async () => {
    const s = await verifyingApp();
    const outcomes: string[] = [];
    for (const trouble of ['internal-error', 'quota', null] as const) {
      const member = await newMember(s);
      // Without trouble: a real slip QR of a transfer the bank never heard of.
      const payload = trouble ? s.easyslip.add(transferFrom(member, 200, s.clock())) : bankSlipPayload('UNKNOWN0REF');
      if (trouble) s.easyslip.trouble(trouble);
      const answer = await upload(s, member.token, payload);
      expect(answer.body.slip.status).toBe('PENDING');
      expect(await walletAmount(s, member.token)).toBe(0);
      const detail = await pendingSlipDetail(s);
      outcomes.push(`${detail.verification.outcome} ${detail.verification.error}`);
      await call(s.app, endpoints.opsSlipRejected, { note: 'INVALID_SLIP' }, { token: s.operatorToken, params: { id: detail.id } });
    }
    expect(outcomes).toEqual(['UNAVAILABLE SERVER_ERROR', 'UNAVAILABLE QUOTA_EXCEEDED', 'REVIEW SLIP_NOT_FOUND']);
  });

  it('credits alone no more in a day than dual control lets one actor move alone; the rest waits for an operator', async () => {
    const s = await verifyingApp();
    await putSetting(s.db, 'operatorDailyAlone', { BAHT: 1_000, LAK: 4_000_000 });
    const credited: string[] = [];
    for (const amount of [600, 400, 0.01]) {
      const member = await newMember(s);
      const answer = await upload(s, member.token, s.easyslip.add(transferFrom(member, amount, s.clock())));
      credited.push(`${amount} ${answer.body.slip.status}`);
      s.clock.advance(MINUTE);
    }
    // 600 and 400 reach the daily sum; a satang more waits.
    expect(credited).toEqual(['600 SUCCESS', '400 SUCCESS', '0.01 PENDING']);
    const waiting = await pendingSlipDetail(s);
    expect(waiting.verification).toMatchObject({ outcome: 'REVIEW', problems: ['VERIFIER_DAILY_LIMIT'] });
    // The operator's approval is theirs, under their own daily sum.
    const approved = await call(s.app, endpoints.opsSlipApproved, { amount: 0.01 }, { token: s.operatorToken, params: { id: waiting.id } });
    expect(approved.statusCode, approved.body).toBe(200);

    // 24 hours after the first credit, its amount no longer counts.
    s.clock.advance(24 * 60 * MINUTE - 3 * MINUTE);
    const member = await newMember(s);
    const next = await upload(s, member.token, s.easyslip.add(transferFrom(member, 600, s.clock())));
    expect(next.body.slip.status).toBe('SUCCESS');
  });

  it('tells a failure of ours apart from a service that did not answer, and credits nothing', async () => {
    const s = await verifyingApp();
    const member = await newMember(s);
    await s.db.execute(sql`create function refuse_transfer() returns trigger language plpgsql as $$
      begin raise exception 'ledger refused by test'; end $$`);
    await s.db.execute(sql`create trigger refuse_transfer before insert on ledger_transfers for each row execute function refuse_transfer()`);
    try {
      const answer = await upload(s, member.token, s.easyslip.add(transferFrom(member, 200, s.clock())));
      expect(answer).toMatchObject({ status: 200, body: { slip: { status: 'PENDING', amount: 0 } } });
    } finally {
      // The PGlite of this file is reused by the next test: leave its schema as migrated.
      await s.db.execute(sql`drop function refuse_transfer() cascade`);
    }
    expect(await walletAmount(s, member.token)).toBe(0);
    const detail = await pendingSlipDetail(s);
    expect(detail.verification).toMatchObject({ outcome: 'FAILED', error: null, problems: [] });
  });
});

describe('who paid whom, as the bank shows it', () => {
  it('leaves a transfer to someone else’s account whose shown digits are ours for an operator, crediting nothing', async () => {
    const s = await verifyingApp();
    const member = await newMember(s);
    // 9999912349 shows as xxx-x-x1234-x, as our KBank account 0418812345 does.
    const payload = s.easyslip.add(transferFrom(member, 5_000, s.clock(), { receiver: { bankId: '004', accountNo: '9999912349', name: 'MULE PERSON' } }));
    const answer = await upload(s, member.token, payload);
    expect(answer).toMatchObject({ status: 200, body: { message: 'SUCCESS', slip: { status: 'PENDING', amount: 0 } } });
    expect(await walletAmount(s, member.token)).toBe(0);
    expect(await transferByKey(s.db, `deposit:${answer.body.slip.reference}`)).toBeUndefined();
    expect((await pendingSlipDetail(s)).verification).toMatchObject({
      outcome: 'REVIEW',
      problems: ['RECEIVER_NAME_MISMATCH'],
      record: { receiver: { bank: 'KBANK', account: 'xxx-x-x1234-x', name: 'MULE PERSON' } },
    });
  });

  it('does not credit one member with another’s slip; the member whose account and whole name alone fit is credited', async () => {
    const s = await verifyingApp();
    // The demo member: KBANK 1234567890, SOMCHAI JAIDEE (seed-data.ts DEMO_MEMBER).
    const demo = await login(s, s.config.demo.phone, s.config.demo.password);
    // 0000067890 shows as xxx-x-x6789-x too, and the name begins the same.
    const taker = await newMember(s, { bankCode: 'KBANK', bankAccountNo: '0000067890', bankAccountName: 'SOMCHAI JOHN' });
    const fromDemo = (amount: number, name: string, nameTh?: string) =>
      s.easyslip.add(transferFrom(taker, amount, s.clock(), { sender: { bankId: '004', accountNo: '1234567890', name, ...(nameTh && { nameTh }) } }));

    // KBank cut the name short: it fits both; the uploader's waits, nothing is credited.
    const shortened = fromDemo(2_000, 'MR. SOMCHAI J');
    expect((await upload(s, taker.token, shortened)).body.slip).toMatchObject({ status: 'PENDING', amount: 0 });
    expect((await pendingSlipDetail(s)).verification).toMatchObject({ outcome: 'REVIEW', problems: ['SENDER_NAME_PARTIAL', 'SENDER_AMBIGUOUS'] });
    // The slip is held as any copy is: the demo member's upload of it credits no one twice.
    expect(await upload(s, demo, shortened)).toMatchObject({ status: 409, body: { message: 'SLIP_REFNO_DUPLICATED' } });

    // The whole name shown is not the uploader's.
    s.clock.advance(MINUTE);
    const whole = fromDemo(1_500, 'MR. SOMCHAI JAIDEE', 'นาย สมชาย ใจดี');
    expect((await upload(s, taker.token, whole)).body.slip).toMatchObject({ status: 'PENDING', amount: 0 });
    const pending = (await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken })).json().slips as { id: string }[];
    const latest = (await call(s.app, endpoints.opsSlip, undefined, { token: s.operatorToken, params: { id: pending.at(-1)!.id } })).json();
    expect(latest.verification).toMatchObject({ outcome: 'REVIEW', problems: ['SENDER_NAME_MISMATCH'] });
    expect(await walletAmount(s, taker.token)).toBe(0);

    // The demo member's own slip, the name whole with its titles: theirs alone, credited.
    const own = fromDemo(500, 'MR. SOMCHAI JAIDEE', 'นาย สมชาย ใจดี');
    expect((await upload(s, demo, own)).body).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS', amount: 500 } });
    expect(await walletAmount(s, demo)).toBe(500);
  });

  it('takes only our deposit accounts in the member’s currency as ours', async () => {
    const t = await buildTestApp();
    const side = (bankCode: string, account: string, nameEn: string) => ({ bankId: '000', bankCode, account, proxy: null, nameTh: null, nameEn });
    const record: BankRecord = {
      reference: 'REF1',
      date: t.clock(),
      amount: 10_000n,
      country: 'TH',
      sender: side('KBANK', 'xxx-x-x6789-x', 'SOMCHAI JAIDEE'),
      receiver: side('KBANK', 'xxx-x-x1234-x', 'MEKONG WALLET CO LTD'),
    };
    // The seeded demo member's account and name.
    const demo = await findUserByPhone(t.db, t.config.demo.phone);
    const member = { id: demo!.id, bankCode: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE', currency: 'BAHT' as const };
    const { depositAccounts } = DEFAULT_SETTINGS;
    expect(await slipPartyProblems(t.db, record, member, depositAccounts)).toEqual([]);
    expect(await slipPartyProblems(t.db, record, { ...member, currency: 'LAK' }, depositAccounts)).toEqual(['RECEIVER_NOT_OURS']);
    // Anyone else with the same shown account and name: the demo member's account fits too.
    expect(await slipPartyProblems(t.db, record, { ...member, id: demo!.id + 1, accountNo: '5555567895' }, depositAccounts)).toEqual(['SENDER_AMBIGUOUS']);
  });

  it('leaves a slip whose sender fits two members for an operator', async () => {
    const s = await verifyingApp();
    const member = await newMember(s);
    // Another SOMSAK RAKDEE at SCB whose number differs only where the bank hides digits.
    const account = member.body.bankAccountNo;
    await signedInMember(s, { bankAccountNo: `41000${account.slice(5, 9)}9` });
    const answer = await upload(s, member.token, s.easyslip.add(transferFrom(member, 400, s.clock())));
    expect(answer.body.slip).toMatchObject({ status: 'PENDING', amount: 0 });
    expect(await walletAmount(s, member.token)).toBe(0);
    expect((await pendingSlipDetail(s)).verification).toMatchObject({ outcome: 'REVIEW', problems: ['SENDER_AMBIGUOUS'] });
  });
});
