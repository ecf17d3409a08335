/**
 * `npm run simulate:slip -- <amount> [accountNo] [name] [bankCode]`: a bank
 * transfer of `amount` baht to our first baht deposit account, made on the
 * running fake EasySlip (`npm run fake:easyslip`), and its slip picture,
 * written to slip-<reference>.png in the folder the command runs in, to upload in the deposit modal. The
 * sender is the demo member's registered account unless given (another
 * member's account number, name and bank code, as registered). The bank
 * record shows both names whole, as the verifier needs them to credit: the
 * sender's as given, the receiver's as the deposit account's holder name
 * in the seed (an account or name changed in the console since then makes
 * the slip wait, RECEIVER_NOT_OURS or RECEIVER_NAME_MISMATCH). It reads
 * EASYSLIP_API_URL and EASYSLIP_API_KEY like the server, and defaults to
 * the fake's.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { isProduction } from '../src/server/config.ts';
import { DEFAULT_SETTINGS, DEMO_MEMBER } from '../src/server/db/seed-data.ts';
import { FAKE_EASYSLIP_API_KEY } from '../src/server/slips/easyslip-fake.ts';
import { THAI_BANK_IDS } from '../src/server/slips/verifier.ts';

if (isProduction()) {
  console.error('simulate:slip is for trying the app: production talks to the real EasySlip, which only banks feed');
  process.exit(1);
}

const usage = 'usage: npm run simulate:slip -- <amount> [accountNo] [name] [bankCode]   (e.g. 500, or 500 4012345678 "SOMSAK RAKDEE" SCB)';
const [amountText, accountNo = DEMO_MEMBER.accountNo, name = DEMO_MEMBER.accountName, bankCode = DEMO_MEMBER.bankCode, ...rest] = process.argv.slice(2);
const amount = Number(amountText);
const bankIdOf = (code: string) => Object.entries(THAI_BANK_IDS).find(([, ours]) => ours === code)?.[0];
const bankId = bankIdOf(bankCode);
if (!(amount > 0) || Math.round(amount * 100) !== amount * 100 || !/^\d{6,15}$/.test(accountNo) || bankId === undefined || rest.length > 0) {
  console.error(usage);
  process.exit(1);
}
const ours = DEFAULT_SETTINGS.depositAccounts.find((account) => account.bankType === 'BANK' && account.currency === 'BAHT');
const oursId = ours && bankIdOf(ours.bankCode);
if (!ours || !oursId) throw new Error('no baht deposit account at a Thai bank in the seed');

const base = process.env.EASYSLIP_API_URL || 'http://127.0.0.1:4020/v2';
const response = await fetch(new URL('/fake/transfers', base), {
  method: 'POST',
  headers: { authorization: `Bearer ${process.env.EASYSLIP_API_KEY || FAKE_EASYSLIP_API_KEY}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    amount,
    sender: { bankId, accountNo, name },
    receiver: { bankId: oursId, accountNo: ours.bankAccountNo, name: ours.bankAccountName },
  }),
}).catch(() => null);
if (!response?.ok) {
  console.error(`The fake EasySlip did not take the transfer (${response ? response.status : 'not running'} at ${base}): start it with npm run fake:easyslip`);
  process.exit(1);
}
const { data } = (await response.json()) as { data: { payload: string; reference: string } };

// A plain slip: a header band and the bank's verification QR in the lower right, where banks print it.
const qr = await QRCode.toBuffer(data.payload, { type: 'png', margin: 2, scale: 6, errorCorrectionLevel: 'M' });
const size = (await sharp(qr).metadata()).width;
const picture = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#f6f8fa' } })
  .composite([
    { input: { create: { width: 720, height: 180, channels: 3, background: '#138f4a' } }, top: 0, left: 0 },
    { input: qr, top: 1280 - size - 60, left: 720 - size - 40 },
  ])
  .png()
  .toBuffer();
// npm runs scripts in the project's folder; the picture goes where the command was typed.
const file = path.join(process.env.INIT_CWD ?? process.cwd(), `slip-${data.reference}.png`);
await writeFile(file, picture);
console.log(`${file}: ${amount} baht from ${bankCode} ${accountNo} (${name}) to ${ours.bankCode} ${ours.bankAccountNo}, reference ${data.reference}. Upload it in the deposit modal.`);
