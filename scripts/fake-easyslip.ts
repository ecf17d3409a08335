/**
 * `npm run fake:easyslip`: a local fake of EasySlip's API v2 on
 * 127.0.0.1:4020 (FAKE_EASYSLIP_PORT), for trying automatic slip
 * verification without an EasySlip account (src/server/slips/easyslip-fake.ts).
 * It prints how to start the server against it; `npm run simulate:slip`
 * makes transfers on it and the slip pictures to upload. Production
 * refuses its address and key; this command refuses to run there.
 */
import { isProduction } from '../src/server/config.ts';
import { FAKE_EASYSLIP_API_KEY, startFakeEasySlip } from '../src/server/slips/easyslip-fake.ts';

if (isProduction()) {
  console.error('fake:easyslip is for trying the app: a server in production (NODE_ENV=production) refuses the fake');
  process.exit(1);
}

const port = Number(process.env.FAKE_EASYSLIP_PORT ?? 4020);
const fake = await startFakeEasySlip({ port });
console.log(`A fake EasySlip answers on ${fake.url} (transfers live until it stops; Ctrl-C stops it).`);
console.log('Start the server beside it with:');
console.log(`  SLIP_VERIFIER=easyslip EASYSLIP_API_URL=${fake.url} EASYSLIP_API_KEY=${FAKE_EASYSLIP_API_KEY} npm start`);
console.log('and make a slip to upload with: npm run simulate:slip -- 500');

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
