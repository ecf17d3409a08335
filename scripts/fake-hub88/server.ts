/**
 * A local fake of Hub88 (`npm run fake:hub88`; the contract tests start it
 * too), for trying and testing the aggregator's flow without Hub88. It
 * serves the two Games API calls of Hub88's Operator API, checking our
 * signature with the operator's public key (`POST
 * /operator/generic/v2/game/list` and `/game/url`), opens a simple game
 * page at the address `/game/url` answers, and plays rounds by calling
 * our Wallet API as Hub88's documentation describes it: signed bodies with
 * the documented fields, every bet and win sent twice (a retry of the same
 * request, as Hub88 does after a timeout), a win after the token expired,
 * and a rollback that arrives before its bet.
 *
 * Its keys are the demo keys in the source (src/server/games/hub88/demo-keys.ts):
 * the server accepts them in demo mode only.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ListedGame } from '../../src/contract/hub88.ts';
import { DEMO_AGGREGATOR_PRIVATE_KEY, DEMO_OPERATOR_PUBLIC_KEY } from '../../src/server/games/hub88/demo-keys.ts';
import { isSignedBy, rsaPrivateKey, rsaPublicKey, signBody } from '../../src/server/games/hub88/signature.ts';

const FAKE_GAMES: ListedGame[] = [
  { game_code: 'fk_lucky_lanterns', name: 'Lucky Lanterns', category: 'Video Slots', product: 'Fake Studio', enabled: true, url_thumb: null, url_background: null, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'] },
  { game_code: 'fk_penalty_shootout', name: 'Penalty Shootout', category: 'Virtual Sports', product: 'Fake Studio', enabled: true, url_thumb: null, url_background: null, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'] },
  { game_code: 'fk_quick_keno', name: 'Quick Keno', category: 'Lottery', product: 'Fake Studio', enabled: true, url_thumb: null, url_background: null, platforms: ['GPL_DESKTOP', 'GPL_MOBILE'] },
];

/** One game opened through `/game/url`: what Hub88 keeps to call the operator's wallet. */
export interface FakeSession {
  id: string;
  user: string;
  token: string;
  gameCode: string;
  currency: string;
}

export interface WalletExchange {
  path: string;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
}

export interface FakeHub88Options {
  port?: number;
  host?: string;
  /** Our Wallet API, e.g. http://127.0.0.1:3000/api/providers/hub88 (settable later: the tests learn the server's port after). */
  walletUrl?: string;
  operatorId?: number;
}

export interface RoundPlan {
  /** Hub88's unit (major × 100,000). */
  bet: number;
  win: number;
}

const json = (response: ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeHub88({ port = 4088, host = '127.0.0.1', walletUrl = 'http://127.0.0.1:3000/api/providers/hub88', operatorId = 1 }: FakeHub88Options = {}) {
  const operatorKey = rsaPublicKey(DEMO_OPERATOR_PUBLIC_KEY);
  const ownKey = rsaPrivateKey(DEMO_AGGREGATOR_PRIVATE_KEY);
  const sessions = new Map<string, FakeSession>();
  const exchanges: WalletExchange[] = [];
  const refused: string[] = [];
  /** The bodies of the `/game/url` calls it answered, oldest first. */
  const urlRequests: Record<string, unknown>[] = [];
  let wallet = walletUrl;
  let base = '';

  /** One signed Wallet API call, exactly as Hub88 sends it. */
  async function callWallet(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const raw = JSON.stringify(body);
    const response = await fetch(`${wallet}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub88-signature': signBody(ownKey, raw) },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    exchanges.push({ path, body, answer });
    return answer;
  }

  const common = (session: FakeSession) => ({ user: session.user, token: session.token, game_code: session.gameCode, game_id: 1, supplier_user: `fk_${session.user}` });

  function betBody(session: FakeSession, amount: number, round: string, uuid = randomUUID()) {
    return { ...common(session), transaction_uuid: uuid, supplier_transaction_id: `fk-${uuid}`, round, round_closed: false, reward_uuid: null, request_uuid: randomUUID(), is_free: false, is_aggregated: false, currency: session.currency, bet: 'spin', amount, meta: { selection: 'spin', odds: '1' } };
  }

  function winBody(session: FakeSession, amount: number, round: string, betUuid: string) {
    const uuid = randomUUID();
    return { ...common(session), transaction_uuid: uuid, supplier_transaction_id: `fk-${uuid}`, round, round_closed: true, reward_uuid: null, request_uuid: randomUUID(), reference_transaction_uuid: betUuid, is_free: false, is_aggregated: false, currency: session.currency, bet: 'spin', amount, meta: {} };
  }

  function rollbackBody(session: FakeSession, round: string, betUuid: string) {
    const uuid = randomUUID();
    return { ...common(session), transaction_uuid: uuid, supplier_transaction_id: `fk-${uuid}`, round, round_closed: true, request_uuid: randomUUID(), reference_transaction_uuid: betUuid, meta: {} };
  }

  const fake = {
    get url() {
      return base;
    },
    sessions,
    /** The games `/game/list` answers (and `/game/url` opens); tests replace it. */
    games: FAKE_GAMES.map((game) => ({ ...game })),
    /** While true, the Operator API answers 503, as an aggregator that is down. */
    down: false,
    urlRequests,
    /** Every Wallet API call made and its answer, oldest first. */
    exchanges,
    /** Operator API calls refused (a bad signature, a wrong body), by reason. */
    refused,
    setWalletUrl(url: string) {
      wallet = url;
    },
    sessionByToken(token: string): FakeSession | undefined {
      return [...sessions.values()].find((session) => session.token === token);
    },
    balance: (session: FakeSession) => callWallet('/user/balance', { user: session.user, token: session.token, request_uuid: randomUUID(), game_code: session.gameCode, game_id: 1 }),
    /** A round: the bet (sent twice), then its win (sent twice, also when 0: it closes the round). Answers the last answers. */
    async playRound(session: FakeSession, plan: RoundPlan) {
      const round = `fk-round-${randomUUID()}`;
      const bet = betBody(session, plan.bet, round);
      const betAnswer = await callWallet('/transaction/bet', bet);
      const betRetry = await callWallet('/transaction/bet', bet);
      if (betAnswer.status !== 'RS_OK') {
        // Hub88 rolls back a bet whose answer it could not take.
        await callWallet('/transaction/rollback', rollbackBody(session, round, bet.transaction_uuid));
        return { bet, betAnswer, betRetry, win: null, winAnswer: null };
      }
      const win = winBody(session, plan.win, round, bet.transaction_uuid);
      const winAnswer = await callWallet('/transaction/win', win);
      await callWallet('/transaction/win', win);
      return { bet, betAnswer, betRetry, win, winAnswer };
    },
    /** A bet now whose win comes later (after `wait`, e.g. the token's expiry): answers both. */
    async betThenLateWin(session: FakeSession, plan: RoundPlan, wait: () => Promise<void> | void) {
      const round = `fk-round-${randomUUID()}`;
      const bet = betBody(session, plan.bet, round);
      const betAnswer = await callWallet('/transaction/bet', bet);
      await wait();
      const winAnswer = await callWallet('/transaction/win', winBody(session, plan.win, round, bet.transaction_uuid));
      return { betAnswer, winAnswer };
    },
    /** A bet that timed out on the way: its rollback arrives first, then the late bet itself. */
    async rollbackBeforeBet(session: FakeSession, amount: number) {
      const round = `fk-round-${randomUUID()}`;
      const bet = betBody(session, amount, round);
      const rollbackAnswer = await callWallet('/transaction/rollback', rollbackBody(session, round, bet.transaction_uuid));
      const lateBetAnswer = await callWallet('/transaction/bet', bet);
      return { rollbackAnswer, lateBetAnswer };
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  function refuse(response: ServerResponse, status: number, why: string) {
    refused.push(why);
    json(response, status, { error: why });
  }

  async function operatorApi(request: IncomingMessage, response: ServerResponse, path: string) {
    const raw = await bodyOf(request);
    if (fake.down) return json(response, 503, { error: 'unavailable' });
    const signature = request.headers['x-hub88-signature'];
    // Hub88's Operator API: 401 for a missing or wrong signature, 400 for missing parameters.
    if (!isSignedBy(operatorKey, raw, typeof signature === 'string' ? signature : undefined)) return refuse(response, 401, 'signature');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return refuse(response, 400, 'body is not JSON');
    }
    if (body.operator_id !== operatorId) return refuse(response, 404, 'operator_id');
    if (path === '/operator/generic/v2/game/list') return json(response, 200, fake.games);
    const missing = ['user', 'token', 'platform', 'lang', 'game_code', 'currency', 'country', 'lobby_url'].filter((field) => typeof body[field] !== 'string' || body[field] === '');
    if (missing.length > 0) return refuse(response, 400, `missing ${missing.join(', ')}`);
    if (!fake.games.some((game) => game.game_code === body.game_code)) return refuse(response, 404, 'game_code');
    urlRequests.push(body);
    const session: FakeSession = { id: randomUUID(), user: body.user as string, token: body.token as string, gameCode: body.game_code as string, currency: body.currency as string };
    sessions.set(session.id, session);
    return json(response, 200, { url: `${base}/play/${session.id}` });
  }

  /** The game page: the balance from our wallet, and a spin button that plays a round. */
  async function page(response: ServerResponse, session: FakeSession, note: string) {
    const balance = await fake.balance(session);
    const game = fake.games.find((candidate) => candidate.game_code === session.gameCode);
    const shown = typeof balance.balance === 'number' ? `${(balance.balance / 100_000).toFixed(2)} ${session.currency}` : String(balance.status);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(game?.name ?? session.gameCode)}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{min-height:44px;min-width:44px;font-size:1.1rem;padding:0 1.5rem}</style></head>
<body><h1>${escapeHtml(game?.name ?? session.gameCode)}</h1><p>Fake aggregator: every round calls the wallet as Hub88 would.</p>
<p>Balance: <strong>${escapeHtml(shown)}</strong></p><p>${escapeHtml(note)}</p>
<form method="post" action="/play/${session.id}/spin"><label>Bet <select name="bet"><option value="100000">1</option><option value="1000000">10</option><option value="5000000">50</option></select></label> <button type="submit">Spin</button></form>
</body></html>`);
  }

  async function play(request: IncomingMessage, response: ServerResponse, id: string, spin: boolean) {
    const session = sessions.get(id);
    if (!session) return json(response, 404, { error: 'no such game session' });
    if (!spin) return page(response, session, '');
    const form = new URLSearchParams((await bodyOf(request)).toString('utf8'));
    const bet = Number(form.get('bet') ?? 100_000);
    // Returns 95 % over many rounds: double or nothing, a little less often double.
    const win = Math.random() < 0.475 ? bet * 2 : 0;
    const round = await fake.playRound(session, { bet, win });
    const note = round.betAnswer.status !== 'RS_OK' ? `Bet refused: ${String(round.betAnswer.status)}` : win > 0 ? `You won ${(win / 100_000).toFixed(2)}!` : 'No win this time.';
    return page(response, session, note);
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const playMatch = /^\/play\/([\w-]+)(\/spin)?$/.exec(path);
    const work =
      request.method === 'POST' && (path === '/operator/generic/v2/game/list' || path === '/operator/generic/v2/game/url')
        ? operatorApi(request, response, path)
        : playMatch && (request.method === 'GET' || (request.method === 'POST' && playMatch[2]))
          ? play(request, response, playMatch[1]!, playMatch[2] !== undefined)
          : Promise.resolve(json(response, 404, { error: 'not found' }));
    work.catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return fake;
}

export type FakeHub88 = Awaited<ReturnType<typeof startFakeHub88>>;
