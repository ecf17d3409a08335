/**
 * `npm run simulate:voucher -- <phone> <amount>`: prints a TrueMoney gift
 * link the built-in voucher simulator accepts: `amount` baht sent from
 * `phone` (a member's registered phone, or the deposit is refused with
 * NOT_MATCH). Signed with PAYMENT_WEBHOOK_SECRET from the same environment
 * as the server (src/server/payments/truemoney.ts). Paste it into the
 * deposit modal's mobile-wallet field.
 */
import { toMinor } from '../src/contract/money.ts';
import { isProduction, loadConfig } from '../src/server/config.ts';
import { giftLink, simulatedVoucher } from '../src/server/payments/truemoney.ts';

if (isProduction()) {
  console.error('simulate:voucher is for demo mode only: a server in production (NODE_ENV=production) has no voucher simulator');
  process.exit(1);
}

const [phone, amountText, ...rest] = process.argv.slice(2);
const amount = Number(amountText);
if (phone === undefined || !/^\d{8,13}$/.test(phone) || !(amount > 0) || Math.round(amount * 100) !== amount * 100 || rest.length > 0) {
  console.error('usage: npm run simulate:voucher -- <phone> <amount>   (e.g. 0812345678 100)');
  process.exit(1);
}
console.log(giftLink(simulatedVoucher(loadConfig().paymentWebhookSecret, phone, toMinor(amount))));
