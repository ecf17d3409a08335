/**
 * `npm run fake:hub88`: the fake aggregator (scripts/fake-hub88/server.ts)
 * on http://127.0.0.1:4088 (FAKE_HUB88_PORT), calling the Wallet API of the
 * server at PORT (3000) on this machine. Start the server with
 * GAME_AGGREGATOR=hub88 and no HUB88_* variables: it then uses the fake's
 * address and demo keys. Demo mode only.
 */
import { isProduction } from '../src/server/config.ts';
import { startFakeHub88 } from './fake-hub88/server.ts';

if (isProduction()) {
  console.error('fake:hub88 is for demo mode only: a server in production (NODE_ENV=production) refuses the fake aggregator and its keys');
  process.exit(1);
}

const port = Number(process.env.FAKE_HUB88_PORT ?? 4088);
const walletUrl = `http://127.0.0.1:${process.env.PORT ?? 3000}/api/providers/hub88`;
const fake = await startFakeHub88({ port, walletUrl });
console.log(`fake Hub88 at ${fake.url}: Games API /operator/generic/v2/game/list and /game/url; it plays rounds against ${walletUrl}`);
console.log('start the app with GAME_AGGREGATOR=hub88 (no HUB88_* variables) to use it');
