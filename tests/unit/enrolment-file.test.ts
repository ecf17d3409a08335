/**
 * The bootstrap admin's enrolment, made by a production start, goes to a
 * file only the server's user can read, never to standard output (which
 * log collectors keep).
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENROLMENT_FILE, writeEnrolmentFile } from '../../src/server/operators/show-enrolment.ts';

const enrolment = { phone: '0800000001', role: 'admin' as const, password: null, totpSecret: 'JBSWY3DPEHPK3PXP', totpUri: 'otpauth://totp/Wallet:0800000001?secret=JBSWY3DPEHPK3PXP&issuer=Wallet' };

describe('the bootstrap admin’s enrolment file', () => {
  it('holds the otpauth address and its QR code, readable by its owner only, also over an older file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'enrolment-'));
    writeFileSync(path.join(dir, ENROLMENT_FILE), 'old', { mode: 0o644 });

    const file = await writeEnrolmentFile(path.join(dir), enrolment);

    expect(file).toBe(path.join(dir, ENROLMENT_FILE));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(enrolment.totpUri);
    expect(text).toContain('Password: OPERATOR_PASSWORD');
    expect(text).not.toContain('old');
  });

  it('makes DATA_DIR when it is not there yet (a PostgreSQL deployment)', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'enrolment-')), 'data');
    expect(statSync(await writeEnrolmentFile(dir, enrolment)).mode & 0o777).toBe(0o600);
  });
});
