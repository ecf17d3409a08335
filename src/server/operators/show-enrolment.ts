/**
 * Shows an operator's new credentials once, on the terminal of whoever runs
 * the ops command (or starts the server that made the bootstrap admin's
 * second factor): the password, and the TOTP enrolment as an otpauth://
 * address and as a QR code an authenticator app scans.
 */
import QRCode from 'qrcode';
import type { Enrolment } from './accounts.ts';

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
