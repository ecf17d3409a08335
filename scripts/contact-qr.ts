/**
 * Writes public/images/contact-qr.svg: a real QR code of the contact LINE link
 * (the /api/lookup/contact `lineQR` image), generated here once and committed,
 * so the browser never fetches a QR from a third party.
 *
 *   node --import tsx scripts/contact-qr.ts [link]
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const DEFAULT_LINK = 'https://line.me/R/ti/p/@mekongwallet';
const link = process.argv[2] ?? process.env.CONTACT_LINE_LINK ?? DEFAULT_LINK;

const svg = await QRCode.toString(link, {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 2,
  color: { dark: '#13201dff', light: '#ffffffff' },
});
const out = 'public/images/contact-qr.svg';
writeFileSync(out, svg.replace('<svg ', `<svg role="img" aria-label="QR: ${link}" `));
console.log(`${out}: QR code of ${link}`);
