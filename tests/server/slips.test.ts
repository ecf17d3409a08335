/**
 * Slips (spec 7 /api/wallet/slip, /api/statement/slip*; spec 8 slip codes):
 * uploads checked by content, re-encoded and their mini QR read; the cost
 * of decoding bounded (a JPEG of too many scans refused unread, a time
 * limit, the process's one queue of image decodes); the one-a-minute rule; duplicates, also racing; the member's table and signed
 * image links; the operator's review, which credits once through the ledger.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SLIP_MAX_BYTES } from '../../src/contract/deposit.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { Db } from '../../src/server/db/client.ts';
import { slips } from '../../src/server/db/schema.ts';
import { imageWork } from '../../src/server/images/decode.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { IMAGE_DECODE_TIMEOUT_SECONDS, JPEG_MAX_SCANS } from '../../src/server/policy.ts';
import { parseSlipQr } from '../../src/server/slips/slip-qr.ts';
import { recordSlip, SlipTooSoon } from '../../src/server/slips/upload.ts';
import { LocalFileStorage } from '../../src/server/storage/local.ts';
import { InvalidStorageKey } from '../../src/server/storage/storage.ts';
import { manyScanJpeg } from '../support/many-scan-jpeg.ts';
import { bankSlipPayload, multipartBody, newSlipReference, slipImage, trueMoneySlipPayload, type SlipFormat } from '../support/slip-image.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call, headersFor } from './helpers/http.ts';
import { answeredWithoutATurn, holdImageWork } from './helpers/image-work.ts';
import { login, signedInMember } from './helpers/members.ts';
import { ledgerSnapshot, OPERATOR, userIdOf } from './helpers/money.ts';

const MINUTE = 60_000;

interface SlipApp extends TestApp {
  operatorToken: string;
  uploadsDir: string;
}

let ledgerToCheck: Db | undefined;

afterEach(async () => {
  const db = ledgerToCheck;
  ledgerToCheck = undefined;
  if (db) expect(await checkLedger(db)).toEqual([]);
});

/** An app with an operator whose uploads go to a folder of this test's own. */
async function buildSlipApp(): Promise<SlipApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-slips-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const t = await buildTestApp({ operator: OPERATOR, dataDir });
  ledgerToCheck = t.db;
  return { ...t, operatorToken: await login(t, OPERATOR.phone, OPERATOR.password), uploadsDir: path.join(dataDir, 'uploads', 'slips') };
}

function upload(t: TestApp, token: string, file: Buffer, part: Parameters<typeof multipartBody>[1] = {}) {
  const { payload, contentType } = multipartBody(file, part);
  return t.app.inject({ method: 'POST', url: endpoints.slipUpload.path, headers: { ...headersFor({ token }), 'content-type': contentType }, payload });
}

async function bankSlip(reference = newSlipReference(), format: SlipFormat = 'png') {
  return { reference, file: await slipImage({ payload: bankSlipPayload(reference), format }) };
}

async function slipTable(t: TestApp, token: string, page = 1, limit = 10) {
  const response = await call(t.app, endpoints.slips, { page, limit }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { slips: { status: string; note: string; amount: number; reference: string; link: string; createdAt: string }[]; total: number };
}

async function walletAmount(t: TestApp, token: string): Promise<number> {
  const response = await call(t.app, endpoints.wallet, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().wallet.amount;
}

async function storedFiles(s: SlipApp): Promise<string[]> {
  return readdir(s.uploadsDir).catch(() => []);
}

async function opsSlips(s: SlipApp, status?: string) {
  const response = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken, ...(status && { query: { status } }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().slips as { id: string; username: string; reference: string; sendingBank: string; status: string; note: string; amount: number; link: string }[];
}

function approve(s: SlipApp, id: string, amount: number, token = s.operatorToken) {
  return call(s.app, endpoints.opsSlipApproved, { amount }, { token, params: { id } });
}

function reject(s: SlipApp, id: string, note: string) {
  return call(s.app, endpoints.opsSlipRejected, { note }, { token: s.operatorToken, params: { id } });
}

describe('the slip QR', () => {
  it('reads a bank mini QR and refuses a wrong CRC, another country or another kind of QR', () => {
    const payload = bankSlipPayload('0153ABC0012345678', '014');
    expect(parseSlipQr(payload)).toEqual({ reference: '0153ABC0012345678', sendingBank: '014', date: null, payload });
    const badCrc = payload.slice(0, -4) + (payload.endsWith('0000') ? '1111' : '0000');
    expect(parseSlipQr(badCrc)).toBeNull();
    expect(parseSlipQr(payload.replace('5102TH', '5102LA'))).toBeNull();
    expect(parseSlipQr('https://example.com/not-a-slip')).toBeNull();
  });

  it('reads a TrueMoney slip QR with its day', () => {
    const payload = trueMoneySlipPayload('50012345678901', '01032026');
    expect(parseSlipQr(payload)).toEqual({ reference: '50012345678901', sendingBank: 'TRUEMONEY', date: '2026-03-01', payload });
    for (const day of ['31022026', '01132026', '1032026']) expect(parseSlipQr(trueMoneySlipPayload('50012345678901', day))).toBeNull();
  });
});

describe('the local file storage', () => {
  it('stores, reads and removes by key, and refuses keys that could leave its folder', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'wallet-storage-'));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const storage = new LocalFileStorage(root);
    const key = 'slips/abcdefghijklmnop0123.webp';
    await storage.put(key, Buffer.from('bytes'));
    expect((await storage.get(key))?.toString()).toBe('bytes');
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await storage.remove(key);
    for (const bad of ['../outside/abcdefghijklmnop0123.webp', 'slips/../../abcdefghijklmnop.webp', '/etc/abcdefghijklmnop0123.webp', 'slips/a/b/abcdefghijklmnop.webp']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.get(bad)).rejects.toBeInstanceOf(InvalidStorageKey);
    }
  });
});

describe('POST /api/wallet/slip', () => {
  it('keeps a readable slip PENDING, re-encoded, and the operator approval credits the wallet once', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip();

    const response = await upload(s, member.token, file);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      message: 'SUCCESS',
      slip: { createdAt: s.clock().toISOString(), amount: 0, status: 'PENDING', note: '', link: expect.stringMatching(/^\/files\/slips\//), reference },
    });
    const [row] = await s.db.select().from(slips);
    expect(row).toMatchObject({ reference, sendingBank: '004', status: 'PENDING', note: null, amount: null });

    // The stored image is our WebP, not the uploaded PNG.
    const image = await s.app.inject({ method: 'GET', url: answer.slip.link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(file)).toBe(false);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    expect(await storedFiles(s)).toHaveLength(1);

    const [queued] = await opsSlips(s);
    expect(queued).toMatchObject({ username: member.phone, reference, sendingBank: '004', status: 'PENDING', note: '', amount: 0 });

    const approved = await approve(s, queued!.id, 150.25);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: 'SUCCESS', slip: { id: queued!.id, status: 'SUCCESS', amount: 150.25 } });
    expect(await walletAmount(s, member.token)).toBe(150.25);

    // Approving again moves nothing; another amount, or a rejection now, is refused.
    const before = await ledgerSnapshot(s.db);
    expect((await approve(s, queued!.id, 150.25)).statusCode).toBe(200);
    for (const refused of [await approve(s, queued!.id, 200), await reject(s, queued!.id, 'INVALID_SLIP')]) {
      expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    }
    expect(await ledgerSnapshot(s.db)).toEqual(before);
    expect(await walletAmount(s, member.token)).toBe(150.25);

    const table = await slipTable(s, member.token);
    expect(table.total).toBe(1);
    expect(table.slips[0]).toMatchObject({ status: 'SUCCESS', amount: 150.25, note: '', reference });
    const statement = await call(s.app, endpoints.statement, { page: 1, limit: 10 }, { token: member.token });
    expect(statement.json().statements).toEqual([expect.objectContaining({ statementType: 'deposit', from: 'DEPOSIT', to: 'WALLET', amount: 150.25, status: 'SUCCESS' })]);
    expect(await opsSlips(s)).toEqual([]);
  });

  it.each(['jpeg', 'webp'] as const)('takes a %s slip', async (format) => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip(undefined, format);
    const response = await upload(s, member.token, file, { filename: `slip.${format}`, contentType: `image/${format}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().slip).toMatchObject({ status: 'PENDING', reference });
  });

  it('keeps the same slip again FAILED with SLIP_REFNO_DUPLICATED, for its owner and for anyone else', async () => {
    const s = await buildSlipApp();
    const owner = await signedInMember(s);
    const other = await signedInMember(s);
    const { reference, file } = await bankSlip();
    expect((await upload(s, owner.token, file)).statusCode).toBe(200);
    s.clock.advance(MINUTE);

    for (const member of [owner, other]) {
      const response = await upload(s, member.token, file);
      expect([response.statusCode, response.json().message]).toEqual([409, 'SLIP_REFNO_DUPLICATED']);
      expect(response.json().slip).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', reference, amount: 0 });
    }
    expect((await slipTable(s, owner.token)).slips.map((slip) => slip.status)).toEqual(['FAILED', 'PENDING']);
    expect((await slipTable(s, other.token)).slips).toEqual([expect.objectContaining({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' })]);
    expect(await opsSlips(s)).toHaveLength(1);
  });

  it('records one PENDING slip when the same slip races in from two members', async () => {
    const s = await buildSlipApp();
    const members = [await signedInMember(s), await signedInMember(s), await signedInMember(s)];
    const { file } = await bankSlip();
    const answers = await Promise.all(members.map((member) => upload(s, member.token, file)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await s.db.select().from(slips);
    expect(rows.map((row) => row.status).sort()).toEqual(['FAILED', 'FAILED', 'PENDING']);
  });

  it('keeps a slip without a readable slip QR FAILED with UNSTABLE_REFNO_ON_SLIP', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const payloads = [null, 'https://example.com/promo', bankSlipPayload('0153ABC0012345678').slice(0, -4) + 'FFFF'];
    for (const payload of payloads) {
      const response = await upload(s, member.token, await slipImage({ payload }));
      expect([response.statusCode, response.json().message]).toEqual([400, 'UNSTABLE_REFNO_ON_SLIP']);
      expect(response.json().slip).toMatchObject({ status: 'FAILED', note: 'UNSTABLE_REFNO_ON_SLIP', reference: '' });
      s.clock.advance(MINUTE);
    }
    const table = await slipTable(s, member.token);
    expect(table.total).toBe(3);
    // The image is kept, so the member can see what was sent.
    expect(table.slips.every((slip) => slip.link !== '')).toBe(true);
    expect(await opsSlips(s)).toEqual([]);
  });

  it('checks a TrueMoney slip by its day: EXPIRED_SLIP when even its end is older than slipMaxAgeMinutes', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    // The test clock stands at 2026-03-02 10:00 in Bangkok.
    const cases = [
      ['01032026', 400, 'EXPIRED_SLIP'],
      ['03032026', 400, 'INVALID_SLIP'],
      ['02032026', 200, 'SUCCESS'],
    ] as const;
    for (const [day, status, message] of cases) {
      const file = await slipImage({ payload: trueMoneySlipPayload(`5001${day}7788`, day) });
      const response = await upload(s, member.token, file);
      expect([day, response.statusCode, response.json().message]).toEqual([day, status, message]);
      s.clock.advance(MINUTE);
    }
  });

  it.each([
    ['a PDF named .png', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n')],
    ['HTML named .png', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['plain text named .png', Buffer.from('just some words, not a picture')],
    ['an empty file', Buffer.alloc(0)],
    ['PNG magic bytes over garbage', Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(4_000, 7)])],
  ])('refuses %s with SLIP_INVALID_FILE and records nothing', async (_name, file) => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const response = await upload(s, member.token, file, { filename: 'slip.png', contentType: 'image/png' });
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'SLIP_INVALID_FILE' }]);
    expect(await s.db.select().from(slips)).toEqual([]);
    expect(await storedFiles(s)).toEqual([]);
  });

  it('refuses an image format other than JPEG, PNG and WebP', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } }).gif().toBuffer();
    const response = await upload(s, member.token, gif, { filename: 'slip.png' });
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'SLIP_INVALID_FILE' }]);
  });

  it('refuses a file over 10 MB with SLIP_TOO_LARGE (the shared rule), not a 500', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { file } = await bankSlip();
    const oversized = Buffer.concat([file, Buffer.alloc(SLIP_MAX_BYTES + 1 - file.length)]);
    const response = await upload(s, member.token, oversized);
    expect([response.statusCode, response.json()]).toEqual([413, { message: 'SLIP_TOO_LARGE' }]);
    expect(await s.db.select().from(slips)).toEqual([]);
    // A file of exactly the limit is read (and this one is a valid slip with padding after its end).
    const atLimit = Buffer.concat([file, Buffer.alloc(SLIP_MAX_BYTES - file.length)]);
    expect((await upload(s, member.token, atLimit)).statusCode).toBe(200);
  });

  it('answers SLIP_NO_FILE without a file part', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { file } = await bankSlip();
    const boundary = 'only-fields';
    const fieldsOnly = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const answers = [
      await call(s.app, endpoints.slipUpload, { file: 'not multipart' }, { token: member.token }),
      await s.app.inject({
        method: 'POST',
        url: endpoints.slipUpload.path,
        headers: { ...headersFor({ token: member.token }), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: fieldsOnly,
      }),
      await upload(s, member.token, file, { field: 'image' }),
      await s.app.inject({ method: 'POST', url: endpoints.slipUpload.path, headers: headersFor({ token: member.token }) }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(Array(4).fill([400, { message: 'SLIP_NO_FILE' }]));
    expect(await s.db.select().from(slips)).toEqual([]);
  });

  it('answers a malformed multipart body with SLIP_INVALID_FILE, not a 500', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { file } = await bankSlip();
    const { payload, contentType } = multipartBody(file);
    const malformed = [
      { contentType: 'multipart/form-data', payload },
      { contentType, payload: payload.subarray(0, payload.length - 40) },
    ];
    for (const body of malformed) {
      const response = await s.app.inject({
        method: 'POST',
        url: endpoints.slipUpload.path,
        headers: { ...headersFor({ token: member.token }), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'SLIP_INVALID_FILE' }]);
    }
    expect(await s.db.select().from(slips)).toEqual([]);
  });

  it('takes one slip a minute per member (REQUEST_LIMIT_1MIN), also when uploads race', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const other = await signedInMember(s);
    const first = await bankSlip();
    const second = await bankSlip();
    expect((await upload(s, member.token, first.file)).statusCode).toBe(200);

    s.clock.advance(MINUTE - 1_000);
    const tooSoon = await upload(s, member.token, second.file);
    expect([tooSoon.statusCode, tooSoon.json(), tooSoon.headers['retry-after']]).toEqual([429, { message: 'REQUEST_LIMIT_1MIN' }, '1']);
    // Another member is not held back by this one.
    expect((await upload(s, other.token, (await bankSlip()).file)).statusCode).toBe(200);

    s.clock.advance(1_000);
    expect((await upload(s, member.token, second.file)).statusCode).toBe(200);

    s.clock.advance(MINUTE);
    const racing = await Promise.all([bankSlip(), bankSlip(), bankSlip()].map(async (slip) => upload(s, member.token, (await slip).file)));
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429]);
    // Refused before the file was read: they wait for the minute the winner reserved.
    expect(racing.filter((answer) => answer.statusCode === 429).map((answer) => answer.headers['retry-after'])).toEqual(['60', '60']);
    expect((await slipTable(s, member.token)).total).toBe(3);
    // Refused uploads leave no file behind: one per recorded slip.
    expect(await storedFiles(s)).toHaveLength(4);
  });

  it('records under a lock per member and the reference index: many at once still give one slip a minute and one holder', async () => {
    const s = await buildSlipApp();
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(async () => userIdOf(s.db, (await signedInMember(s)).phone)));
    const key = (i: number) => `slips/${'k'.repeat(20)}${i}.webp`;
    const qr = (reference: string) => ({ reference, sendingBank: '004', date: null, payload: bankSlipPayload(reference) });

    const sameMember = await Promise.allSettled(
      [0, 1, 2, 3, 4, 5].map((i) => recordSlip(s.db, { userId: members[0]!, qr: qr(`REFONE000${i}`), problem: null, storageKey: key(i) }, s.clock())),
    );
    expect(sameMember.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(sameMember.filter((result) => result.status === 'rejected' && result.reason instanceof SlipTooSoon)).toHaveLength(5);

    const sameReference = await Promise.all(
      members.slice(1).map((userId, i) => recordSlip(s.db, { userId, qr: qr('REFSHARED01'), problem: null, storageKey: key(10 + i) }, s.clock())),
    );
    expect(sameReference.map((slip) => slip.status).sort()).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED', 'PENDING']);
    expect(sameReference.filter((slip) => slip.note === 'SLIP_REFNO_DUPLICATED')).toHaveLength(4);
  });

  it('needs a signed-in member', async () => {
    const s = await buildSlipApp();
    const { file } = await bankSlip();
    const { payload, contentType } = multipartBody(file);
    const response = await s.app.inject({ method: 'POST', url: endpoints.slipUpload.path, headers: { ...headersFor(), 'content-type': contentType }, payload });
    expect([response.statusCode, response.json()]).toEqual([401, { message: 'invalid-token' }]);
  });
});

describe('the cost of decoding a slip', () => {
  it(`refuses a JPEG of more than ${JPEG_MAX_SCANS} scans with SLIP_INVALID_FILE at once, without a turn to decode; the member may send another`, async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    // 6,300 × 6,300 in 2,647 scans that carry nothing: ~430 KB that cost ~40 s of CPU as a slip.
    const hostile = manyScanJpeg({ width: 6_300, height: 6_300 });
    // The queue is held: an upload that reached the decoder would wait there.
    const release = holdImageWork('slips');

    const response = await answeredWithoutATurn('slips', upload(s, member.token, hostile, { filename: 'slip.jpg', contentType: 'image/jpeg' }));
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'SLIP_INVALID_FILE' }]);
    expect(await s.db.select().from(slips)).toEqual([]);
    expect(await storedFiles(s)).toEqual([]);

    await release();
    const { reference, file } = await bankSlip();
    const next = await upload(s, member.token, file);
    expect([next.statusCode, next.json().slip?.reference]).toEqual([200, reference]);
  });

  it(`takes a progressive JPEG slip, and one of exactly ${JPEG_MAX_SCANS} scans`, async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip();
    const progressive = await sharp(file).jpeg({ progressive: true, quality: 90 }).toBuffer();
    expect((await sharp(progressive).metadata()).isProgressive).toBe(true);
    const response = await upload(s, member.token, progressive, { filename: 'slip.jpg', contentType: 'image/jpeg' });
    expect([response.statusCode, response.json().slip]).toEqual([200, expect.objectContaining({ status: 'PENDING', reference })]);

    // A picture without a QR: kept, FAILED for its QR, not refused for its scans.
    s.clock.advance(MINUTE);
    const atTheLimit = await upload(s, member.token, manyScanJpeg({ width: 320, height: 240, scans: JPEG_MAX_SCANS }), { filename: 'slip.jpg', contentType: 'image/jpeg' });
    expect([atTheLimit.statusCode, atTheLimit.json().message]).toEqual([400, 'UNSTABLE_REFNO_ON_SLIP']);
  });

  it('decodes a slip once, with the time limit, in its turn in the slips’ own queue', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip();
    const timeout = vi.spyOn(sharp.prototype, 'timeout');
    onTestFinished(() => timeout.mockRestore());
    const release = holdImageWork('slips');

    let settled = false;
    const uploading = upload(s, member.token, file).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(imageWork.slips.pendingCount).toBe(1), { timeout: 10_000 });
    expect(settled).toBe(false);
    await release();
    const response = await uploading;
    expect([response.statusCode, response.json().slip?.reference]).toEqual([200, reference]);
    expect(timeout.mock.calls).toEqual([[{ seconds: IMAGE_DECODE_TIMEOUT_SECONDS }]]);
  });

  it('decodes a slip while chat images hold every turn of theirs (anyone may upload those)', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip();
    holdImageWork('chat');
    const response = await upload(s, member.token, file);
    expect([response.statusCode, response.json().slip?.reference, imageWork.chat.pendingCount]).toEqual([200, reference, 0]);
  });
});

describe('POST /api/statement/slip', () => {
  it('pages the member’s own slips newest first', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const other = await signedInMember(s);
    const references: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const slip = await bankSlip();
      references.push(slip.reference);
      expect((await upload(s, member.token, slip.file)).statusCode).toBe(200);
      s.clock.advance(MINUTE);
    }
    expect((await upload(s, other.token, (await bankSlip()).file)).statusCode).toBe(200);

    const first = await slipTable(s, member.token, 1, 2);
    expect(first.total).toBe(3);
    expect(first.slips.map((slip) => slip.reference)).toEqual([references[2], references[1]]);
    expect((await slipTable(s, member.token, 2, 2)).slips.map((slip) => slip.reference)).toEqual([references[0]]);
    expect((await slipTable(s, member.token, 3, 2)).slips).toEqual([]);
    const bad = await call(s.app, endpoints.slips, { page: 0, limit: 10 }, { token: member.token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/statement/slip/reference/{reference} and the signed links', () => {
  it('gives the owner a short-lived link; another member or an unknown reference gets NO_DATA', async () => {
    const s = await buildSlipApp();
    const owner = await signedInMember(s);
    const other = await signedInMember(s);
    const { reference, file } = await bankSlip();
    expect((await upload(s, owner.token, file)).statusCode).toBe(200);

    const mine = await call(s.app, endpoints.slipReference, undefined, { token: owner.token, params: { reference } });
    expect(mine.statusCode, mine.body).toBe(200);
    const { url } = mine.json();
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    for (const [token, ref] of [
      [other.token, reference],
      [owner.token, 'NOSUCHREFERENCE1'],
    ] as const) {
      const refused = await call(s.app, endpoints.slipReference, undefined, { token, params: { reference: ref } });
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'NO_DATA' }]);
    }
  });

  it('refuses a tampered, unsigned or expired link with 403 and an unknown file with 404', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip();
    const uploaded = await upload(s, member.token, file);
    const link = new URL(uploaded.json().slip.link, 'http://localhost');
    const sig = link.searchParams.get('sig')!;
    const expires = link.searchParams.get('expires')!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const otherKey = link.pathname.replace(/\/slips\/./, (prefix) => prefix.slice(0, -1) + (prefix.endsWith('a') ? 'b' : 'a'));

    const refused = [
      `${link.pathname}?expires=${expires}&sig=${flipped}`,
      `${link.pathname}?expires=${Number(expires) + 3600}&sig=${sig}`,
      `${otherKey}?expires=${expires}&sig=${sig}`,
      link.pathname,
    ];
    for (const url of refused) {
      const response = await s.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    for (const url of ['/files/slips/..%2F..%2Fpglite.lock?expires=1&sig=x', '/files/slips/not-a-key?expires=1&sig=x']) {
      expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    s.clock.advance(10 * MINUTE);
    expect((await s.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(403);
    // A fresh link works again.
    const fresh = await call(s.app, endpoints.slipReference, undefined, { token: member.token, params: { reference } });
    expect((await s.app.inject({ method: 'GET', url: fresh.json().url })).statusCode).toBe(200);
  });
});

describe('the operator’s slip review', () => {
  it('rejects with a reason the member sees; a slip rejected for another reason than NOT_MATCH keeps its reference', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip();
    expect((await upload(s, member.token, file)).statusCode).toBe(200);
    const [queued] = await opsSlips(s);

    const badNote = await reject(s, queued!.id, 'NOT_A_REASON');
    expect([badNote.statusCode, badNote.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const rejected = await reject(s, queued!.id, 'EXPIRED_SLIP');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().slip).toMatchObject({ status: 'FAILED', note: 'EXPIRED_SLIP', reviewedAt: s.clock().toISOString() });
    expect((await reject(s, queued!.id, 'EXPIRED_SLIP')).statusCode).toBe(200);
    const approveRejected = await approve(s, queued!.id, 100);
    expect([approveRejected.statusCode, approveRejected.json()]).toEqual([409, { message: 'KEY_INVALID' }]);

    expect((await slipTable(s, member.token)).slips[0]).toMatchObject({ status: 'FAILED', note: 'EXPIRED_SLIP', amount: 0, reference });
    expect(await opsSlips(s, 'FAILED')).toEqual([expect.objectContaining({ id: queued!.id, note: 'EXPIRED_SLIP' })]);
    s.clock.advance(MINUTE);
    const again = await upload(s, member.token, file);
    expect([again.statusCode, again.json().message]).toEqual([409, 'SLIP_REFNO_DUPLICATED']);
    expect(await walletAmount(s, member.token)).toBe(0);
  });

  it('lets the payer send a slip someone else sent first once an operator rejects that one as NOT_MATCH, and only then', async () => {
    const s = await buildSlipApp();
    const payer = await signedInMember(s);
    const taker = await signedInMember(s);
    const { reference, file } = await bankSlip();
    expect((await upload(s, taker.token, file)).statusCode).toBe(200);
    const blocked = await upload(s, payer.token, file);
    expect([blocked.statusCode, blocked.json().message]).toEqual([409, 'SLIP_REFNO_DUPLICATED']);
    const [taken] = await opsSlips(s);
    expect((await reject(s, taken!.id, 'NOT_MATCH')).statusCode).toBe(200);

    s.clock.advance(MINUTE);
    // The member whose slip it was found not to be cannot send it again (it would block the payer once more).
    const retaken = await upload(s, taker.token, file);
    expect([retaken.statusCode, retaken.json().message]).toEqual([409, 'SLIP_REFNO_DUPLICATED']);
    const sent = await upload(s, payer.token, file);
    expect([sent.statusCode, sent.json().slip]).toEqual([200, expect.objectContaining({ status: 'PENDING', reference })]);
    // It now holds the reference: the taker cannot send it again.
    s.clock.advance(MINUTE);
    const again = await upload(s, taker.token, file);
    expect([again.statusCode, again.json().message]).toEqual([409, 'SLIP_REFNO_DUPLICATED']);
    const [queued] = await opsSlips(s);
    expect((await approve(s, queued!.id, 100)).statusCode).toBe(200);
    expect([await walletAmount(s, payer.token), await walletAmount(s, taker.token)]).toEqual([100, 0]);
  });

  it('credits once when two operators approve at once', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    expect((await upload(s, member.token, (await bankSlip()).file)).statusCode).toBe(200);
    const [queued] = await opsSlips(s);
    const answers = await Promise.all([approve(s, queued!.id, 80), approve(s, queued!.id, 80), approve(s, queued!.id, 80)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await walletAmount(s, member.token)).toBe(80);
  });

  it('credits a bank reference once, whether it came as a slip or as the operator’s manual deposit', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    const { reference, file } = await bankSlip();
    const manual = await call(s.app, endpoints.opsDeposit, { username: member.phone, amount: 300, reference }, { token: s.operatorToken });
    expect(manual.statusCode, manual.body).toBe(200);
    expect((await upload(s, member.token, file)).statusCode).toBe(200);
    const [queued] = await opsSlips(s);

    const otherAmount = await approve(s, queued!.id, 250);
    expect([otherAmount.statusCode, otherAmount.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
    const sameDeposit = await approve(s, queued!.id, 300);
    expect(sameDeposit.statusCode, sameDeposit.body).toBe(200);
    expect(await walletAmount(s, member.token)).toBe(300);
    const [row] = await s.db.select().from(slips);
    expect(row).toMatchObject({ status: 'SUCCESS', amount: 30_000n, transferId: Number(manual.json().transferId) });
  });

  it('is for operators only, and answers NO_DATA for an unknown slip', async () => {
    const s = await buildSlipApp();
    const member = await signedInMember(s);
    expect((await upload(s, member.token, (await bankSlip()).file)).statusCode).toBe(200);
    const [queued] = await opsSlips(s);
    for (const response of [
      await call(s.app, endpoints.opsSlips, undefined, { token: member.token }),
      await approve(s, queued!.id, 1_000, member.token),
      await call(s.app, endpoints.opsSlipRejected, { note: 'INVALID_SLIP' }, { token: member.token, params: { id: queued!.id } }),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    expect(await walletAmount(s, member.token)).toBe(0);
    const unknown = await approve(s, '999999', 10);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    const badStatus = await call(s.app, endpoints.opsSlips, undefined, { token: s.operatorToken, query: { status: 'LOST' } });
    expect([badStatus.statusCode, badStatus.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const [row] = await s.db.select().from(slips).where(eq(slips.id, Number(queued!.id)));
    expect(row?.status).toBe('PENDING');
  });
});
