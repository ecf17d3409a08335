/**
 * The console's slip queue (docs/decisions/0126-deposits-console.md): GET
 * /api/ops/slips a page at a time, oldest first (or newest, or the largest
 * approved, as asked), with the total; GET
 * /api/ops/slips/{id}, one slip with what the operator checks before
 * deciding it (the member's bank account, other slips with the same
 * reference, a credit the reference already has, an approval that waits),
 * for finance only. The image is the slip's signed link (routes/files.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { OPS_SLIPS_PAGE_SIZE } from '../../src/contract/deposit.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { Db } from '../../src/server/db/client.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { bankSlipPayload, multipartBody, newSlipReference, slipImage } from '../support/slip-image.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call, headersFor } from './helpers/http.ts';
import { login, signedInMember } from './helpers/members.ts';
import { OPERATOR } from './helpers/money.ts';
import { operatorToken } from './helpers/operators.ts';

const MINUTE = 60_000;

interface SlipApp extends TestApp {
  operatorToken: string;
}

let ledgerToCheck: Db | undefined;

afterEach(async () => {
  const db = ledgerToCheck;
  ledgerToCheck = undefined;
  if (db) expect(await checkLedger(db)).toEqual([]);
});

async function buildSlipApp(): Promise<SlipApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-slips-console-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const t = await buildTestApp({ operator: OPERATOR, dataDir });
  ledgerToCheck = t.db;
  return { ...t, operatorToken: await login(t, OPERATOR.phone, OPERATOR.password) };
}

async function uploadSlip(t: TestApp, token: string, reference = newSlipReference()) {
  const { payload, contentType } = multipartBody(await slipImage({ payload: bankSlipPayload(reference), format: 'png' }));
  const response = await t.app.inject({ method: 'POST', url: endpoints.slipUpload.path, headers: { ...headersFor({ token }), 'content-type': contentType }, payload });
  return { reference, response };
}

async function queue(s: SlipApp, query: Record<string, string> = {}) {
  const response = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { slips: { id: string; reference: string; username: string }[]; total: number };
}

function detail(s: SlipApp, id: string, token = s.operatorToken) {
  return call(s.app, endpoints.opsSlip, undefined, { token, params: { id } });
}

/** More slips than a page holds, their references in the order they came: one a minute per member, a few members. */
async function fillQueue(s: SlipApp): Promise<string[]> {
  const references: string[] = [];
  const members = await Promise.all([0, 1, 2].map(() => signedInMember(s)));
  for (let round = 0; round < 8; round += 1) {
    for (const member of members) {
      const { reference, response } = await uploadSlip(s, member.token);
      expect(response.statusCode, response.body).toBe(200);
      references.push(reference);
    }
    s.clock.advance(MINUTE);
  }
  expect(references.length).toBeGreaterThan(OPS_SLIPS_PAGE_SIZE);
  return references;
}

describe('GET /api/ops/slips, a page at a time', () => {
  it('pages the queue oldest first and counts it', async () => {
    const s = await buildSlipApp();
    const references = await fillQueue(s);

    const first = await queue(s);
    const second = await queue(s, { page: '2' });
    expect(first.total).toBe(references.length);
    expect(first.slips.map((slip) => slip.reference)).toEqual(references.slice(0, OPS_SLIPS_PAGE_SIZE));
    expect(second.slips.map((slip) => slip.reference)).toEqual(references.slice(OPS_SLIPS_PAGE_SIZE));
    expect((await queue(s, { status: 'SUCCESS' })).total).toBe(0);

    for (const page of ['0', '-1', 'two']) {
      const bad = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken, query: { page } });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
  });

  it('orders by the sort asked: oldest (the default), newest, largest among approved slips; the id breaks ties, so pages neither repeat nor skip', async () => {
    const s = await buildSlipApp();
    await fillQueue(s);
    const ids = async (query: Record<string, string>) => {
      const [first, second] = [await queue(s, query), await queue(s, { ...query, page: '2' })];
      expect(first.slips.length + second.slips.length).toBe(first.total);
      return [...first.slips, ...second.slips].map((slip) => slip.id);
    };
    const arrived = await ids({});
    // All but the last two approved, many for the same amount: ties the id has to settle, across the page's edge.
    const amounts = [300, 100, 300, 200];
    const approved = arrived.slice(0, -2).map((id, order) => ({ id, order, amount: amounts[order % amounts.length]! }));
    for (const { id, amount } of approved) {
      const response = await call(s.app, endpoints.opsSlipApproved, { amount }, { token: s.operatorToken, params: { id } });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(approved.length).toBeGreaterThan(OPS_SLIPS_PAGE_SIZE);
    const byAmount = [...approved].sort((a, b) => b.amount - a.amount || a.order - b.order).map((slip) => slip.id);

    expect(await ids({ status: 'SUCCESS' })).toEqual(approved.map((slip) => slip.id));
    expect(await ids({ status: 'SUCCESS', sort: 'oldest' })).toEqual(approved.map((slip) => slip.id));
    expect(await ids({ status: 'SUCCESS', sort: 'newest' })).toEqual(approved.map((slip) => slip.id).reverse());
    expect(await ids({ status: 'SUCCESS', sort: 'largest' })).toEqual(byAmount);
    expect(await ids({ sort: 'newest' })).toEqual(arrived.slice(-2).reverse());

    // Only an approved slip has an amount: the largest of any other status is a query the server cannot answer.
    const refused: Record<string, string>[] = [{ sort: 'largest' }, { status: 'FAILED', sort: 'largest' }, { sort: 'biggest' }, { status: 'SUCCESS', sort: '' }];
    for (const query of refused) {
      const bad = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken, query });
      expect([bad.statusCode, bad.json()], JSON.stringify(query)).toEqual([400, { message: 'KEY_INVALID' }]);
    }
  });
});

describe('GET /api/ops/slips/{id}', () => {
  it('shows the member’s bank account, the age limit, and no findings for a first upload', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference } = await uploadSlip(s, member.token);
    const [queued] = (await queue(s)).slips;

    const response = await detail(s, queued!.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.slip).toMatchObject({ id: queued!.id, username: member.phone, reference, status: 'PENDING' });
    expect(body.slip.link).toMatch(/^\/files\/slips\//);
    expect(body.bank).toEqual({ code: expect.any(String), name: expect.any(String), accountName: expect.any(String), accountNo: expect.any(String) });
    expect(body.bank.accountNo).not.toBe('');
    expect(body).toMatchObject({ currency: 'BAHT', sameReference: [], credited: null, waitingApprovalId: null, maxAgeMinutes: 60 });
    // The link opens the picture.
    expect((await s.app.inject({ method: 'GET', url: body.slip.link })).statusCode).toBe(200);
  });

  it('finds another member’s upload of the same slip, a manual deposit of its reference, and an approval that waits', async () => {
    const s = await buildSlipApp();
    const owner = await signedInMember(s);
    const other = await signedInMember(s);
    const { reference } = await uploadSlip(s, owner.token);
    const duplicate = await uploadSlip(s, other.token, reference);
    expect([duplicate.response.statusCode, duplicate.response.json().message]).toEqual([409, 'SLIP_REFNO_DUPLICATED']);
    const [queued] = (await queue(s)).slips;

    const found = (await detail(s, queued!.id)).json();
    expect(found.sameReference).toEqual([
      { id: expect.any(String), username: other.phone, status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', createdAt: s.clock().toISOString() },
    ]);

    const manual = await call(s.app, endpoints.opsDeposit, { username: owner.phone, amount: 300, reference }, { token: s.operatorToken });
    expect(manual.statusCode, manual.body).toBe(200);
    expect((await detail(s, queued!.id)).json().credited).toEqual({ transferId: manual.json().transferId, amount: 300, createdAt: s.clock().toISOString() });

    // Above the approval threshold the approval waits for a second operator, and the slip says so.
    s.clock.advance(MINUTE);
    const { response: upload } = await uploadSlip(s, other.token);
    expect(upload.statusCode, upload.body).toBe(200);
    const big = (await queue(s)).slips.find((slip) => slip.username === other.phone)!;
    const asked = await call(s.app, endpoints.opsSlipApproved, { amount: 50_000 }, { token: s.operatorToken, params: { id: big.id } });
    expect([asked.statusCode, asked.json().message]).toEqual([202, 'APPROVAL_REQUIRED']);
    expect((await detail(s, big.id)).json().waitingApprovalId).toBe(asked.json().approvalId);
  });

  it('is for finance and admin only, and answers NO_DATA for an unknown slip', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    await uploadSlip(s, member.token);
    const [queued] = (await queue(s)).slips;

    expect((await detail(s, queued!.id, await operatorToken(s, 'finance', '0800000502'))).statusCode).toBe(200);
    for (const token of [member.token, await operatorToken(s, 'support', '0800000503'), await operatorToken(s, 'marketing', '0800000504')]) {
      const refused = await detail(s, queued!.id, token);
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    const unknown = await detail(s, '999999');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    const malformed = await detail(s, 'abc');
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'NO_DATA' }]);
  });
});
