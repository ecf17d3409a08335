/**
 * `npm run fake:opn`: a local fake of Opn Payments' API
 * (src/server/payments/opn-fake.ts) for trying PAYMENT_PROVIDER=opn
 * without an Opn account. It listens on OMISE_API_URL's port
 * (http://127.0.0.1:4010 unless set) and sends `charge.complete` events to
 * the server's webhook at PORT and HOST, the server's own variables.
 *
 * `npm run fake:opn -- pay <chargeId>`: pays a charge as a member's bank
 * would, through the fake's test-mode mark_as_paid, and tells what the
 * server's webhook answered. The server's log names the charge of each QR.
 */
import { FAKE_OPN_SECRET_KEY, isProduction } from '../src/server/config.ts';
import { markChargePaid, startFakeOpn } from '../src/server/payments/opn-fake.ts';

const DEFAULT_URL = 'http://127.0.0.1:4010';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

// Checked first: production refuses the fake (a test key, a plain-http address), and there is nothing to fake.
if (isProduction()) fail('fake:opn is for demo mode only: a server in production (NODE_ENV=production) talks to Opn itself');

const apiUrl = new URL(process.env.OMISE_API_URL || DEFAULT_URL);
if (apiUrl.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(apiUrl.hostname)) fail(`OMISE_API_URL must be a local http:// address for the fake (got ${apiUrl.origin})`);
const secretKey = process.env.OMISE_SECRET_KEY || FAKE_OPN_SECRET_KEY;
const [command, chargeId, ...rest] = process.argv.slice(2);

if (command === 'pay') {
  if (chargeId === undefined || !/^chrg_test_[0-9a-z]+$/.test(chargeId) || rest.length > 0) fail('usage: npm run fake:opn -- pay <chargeId>   (the server log names it: "pay it with: ...")');
  try {
    const paid = await markChargePaid(apiUrl.origin, secretKey, chargeId);
    if (paid.status === 'refused') fail(`the fake refused to pay ${chargeId}: ${paid.code}`);
    const told = paid.webhook > 0 ? `the server's webhook answered ${paid.webhook}` : 'the server\'s webhook did not answer (is it running, with the same PORT and HOST?)';
    console.log(`Charge ${chargeId} is ${paid.status}; ${told}.`);
  } catch (error) {
    fail(`cannot reach the fake at ${apiUrl.origin} (is npm run fake:opn running?): ${error instanceof Error ? error.message : String(error)}`);
  }
} else if (command === undefined) {
  const serverHost = !process.env.HOST || process.env.HOST === '0.0.0.0' ? '127.0.0.1' : process.env.HOST;
  const webhookUrl = `http://${serverHost}:${process.env.PORT || '3000'}/api/hooks/payments/opn`;
  const fake = await startFakeOpn({ secretKey, webhookUrl, host: apiUrl.hostname.replace(/^\[|\]$/g, ''), port: Number(apiUrl.port || 80) });
  console.log(`A fake of Opn Payments listens on ${fake.baseUrl}; its events go to ${webhookUrl}.`);
  // The fake's own key is in the source anyway; another key is not printed.
  const key = secretKey === FAKE_OPN_SECRET_KEY ? secretKey : '<the same key>';
  console.log(`Start the server with: PAYMENT_PROVIDER=opn OMISE_SECRET_KEY=${key} OMISE_API_URL=${fake.baseUrl} npm start`);
  process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
} else {
  fail('usage: npm run fake:opn   or   npm run fake:opn -- pay <chargeId>');
}
