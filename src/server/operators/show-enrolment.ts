/**
 * Shows an operator's new credentials once, on the terminal of whoever runs
 * the ops command: the password, and the TOTP enrolment as an otpauth://
 * address and as a QR code an authenticator app scans. The bootstrap
 * admin's, made by a production start whose output a log collector may
 * keep, goes to a file only the server's user can read instead.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Enrolment } from './accounts.ts';

/** The file a production start writes the bootstrap admin's enrolment to, in DATA_DIR. */
export const ENROLMENT_FILE = 'bootstrap-admin-enrolment.txt';

export async function enrolmentText({ phone, role, password, totpUri }: Enrolment): Promise<string> {
  const qr = await QRCode.toString(totpUri, { type: 'terminal', small: true });
  return [
    `Operator ${phone} (${role})`,
    password === null ? 'Password: OPERATOR_PASSWORD' : `Password: ${password}`,
    'Second factor: scan this with an authenticator app (shown once; ops:reset makes a new one):',
    qr,
    totpUri,
    'Log in with POST /api/login {"username", "password", "otpCode"}.',
  ].join('\n');
}

/**
 * Writes the enrolment to DATA_DIR/bootstrap-admin-enrolment.txt, readable
 * and writable by its owner only (0600, also when the file was there
 * before); answers its path, for the start line to name.
 */
export async function writeEnrolmentFile(dataDir: string, enrolment: Enrolment): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, ENROLMENT_FILE);
  await writeFile(file, `${await enrolmentText(enrolment)}\nDelete this file once the authenticator has it.\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}
