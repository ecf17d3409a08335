/**
 * `npm run simulate:pay -- <qrcodeId> [amount]`: pays a QR as its payment
 * provider would, through the signed webhook of the running server.
 *
 * The server's address (PORT, HOST) and the webhook secret come from the
 * same environment and loader as the server's (src/server/config.ts). The
 * QR's provider and amount come from the server itself, through the
 * simulator's signed lookup: the script opens no database, so it works
 * while the server holds the PGlite folder (one process per folder). Give
 * an amount to pay another one (the payment then waits for an operator).
 */
import { isProduction, loadConfig } from '../src/server/config.ts';
import { httpTransport, PaymentSimulator } from '../src/server/payments/simulator.ts';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

// Checked first: in production the configuration may well be valid, and there is still nothing to simulate.
if (isProduction()) fail('simulate:pay is for demo mode only: a server in production (NODE_ENV=production) has no simulators');

const [qrcodeId, amountText, ...rest] = process.argv.slice(2);
if (qrcodeId === undefined || !/^[1-9]\d{0,15}$/.test(qrcodeId) || rest.length > 0) fail('usage: npm run simulate:pay -- <qrcodeId> [amount]');
const amount = amountText === undefined ? undefined : Number(amountText);
if (amount !== undefined && !(Number.isFinite(amount) && amount > 0)) fail(`not an amount: ${amountText}`);

const config = loadConfig();
// A server listening on every address is reached on this machine's loopback.
const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host.includes(':') ? `[${config.host}]` : config.host;
const baseUrl = `http://${host}:${config.port}`;
const simulator = new PaymentSimulator(config, httpTransport(baseUrl));

try {
  const qr = await simulator.lookUp(qrcodeId);
  if (!qr) fail(`QR ${qrcodeId}: the server at ${baseUrl} has no such QR`);
  if (qr.status !== 'open') console.warn(`QR ${qrcodeId} is ${qr.status}: the payment will wait for an operator's review`);
  const paid = amount ?? qr.amount;
  const response = await simulator.pay({ provider: qr.provider, qrcodeId, amount: paid });
  if (response.status !== 200) fail(`the webhook answered ${response.status}: ${response.body}`);
  const { status, paymentId } = JSON.parse(response.body) as { status: string; paymentId: string };
  console.log(`Paid ${paid} on ${qr.provider} for QR ${qrcodeId}: payment ${paymentId} ${status === 'credited' ? 'credited to the wallet' : 'kept for review'}.`);
} catch (error) {
  // fetch fails with a TypeError whose cause says why (ECONNREFUSED, ...).
  if (!(error instanceof TypeError)) fail(error instanceof Error ? error.message : String(error));
  const reason = error.cause instanceof Error ? error.cause.message : error.message;
  fail(`cannot reach the server at ${baseUrl} (is it running, with the same PORT and HOST?): ${reason}`);
}
