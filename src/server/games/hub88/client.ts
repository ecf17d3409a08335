/**
 * The two Games API calls of Hub88's Operator API we make, signed with our
 * key: `POST /operator/generic/v2/game/list` (the games on offer; a read,
 * so tried again up to twice) and `POST /operator/generic/v2/game/url`
 * (where a member plays; not repeated: each call opens a session at the
 * game, and the member can simply open the game again). Each has a
 * timeout; a circuit breaker stops calling an aggregator that keeps
 * failing (providers/http.ts). Keys, tokens and signatures never reach the log.
 */
import type { KeyObject } from 'node:crypto';
import * as v from 'valibot';
import { GameListResponse, GameUrlResponse, HUB88_PROVIDER, type GameUrlRequest, type ListedGame } from '../../../contract/hub88.ts';
import type { Clock } from '../../clock.ts';
import { failureOfStatus, fetchAnswer, ProviderFailure, providerClient, type CallOptions, type ProviderLog } from '../../providers/http.ts';
import type { Hub88Config } from './config.ts';
import { rsaPrivateKey, signBody } from './signature.ts';

/** A game list can be long; a game's address should come quickly, or the member waits. */
export const HUB88_LIST_TIMEOUT_MS = 20_000;
export const HUB88_URL_TIMEOUT_MS = 8_000;

export interface Hub88Client {
  listGames(): Promise<ListedGame[]>;
  gameUrl(request: Omit<GameUrlRequest, 'operator_id'>): Promise<string>;
}

export function hub88Client(config: Hub88Config, { clock, log }: { clock: Clock; log: ProviderLog }): Hub88Client {
  const key: KeyObject = rsaPrivateKey(config.privateKey);
  const hub88 = providerClient({ provider: HUB88_PROVIDER, log, now: () => clock().getTime() });
  const base = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`;

  /** POSTs the signed JSON body; only a 2xx answer with a JSON body is an answer, anything else counts against the breaker. */
  async function call<S extends v.GenericSchema>(path: string, payload: object, schema: S, options: CallOptions): Promise<v.InferOutput<S>> {
    const body = JSON.stringify(payload);
    const url = new URL(path, base);
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-hub88-signature': signBody(key, body) };
    const answer = await hub88.call({ ...options, label: `POST ${url.pathname}` }, async (signal) => {
      const { status, json } = await fetchAnswer({ method: 'POST', url, headers, body }, signal);
      if (status < 200 || status >= 300) throw failureOfStatus(HUB88_PROVIDER, status);
      if (json === null) throw new ProviderFailure(HUB88_PROVIDER, 'BAD_ANSWER', { status, detail: `answered ${status} with a body that is not JSON` });
      return json;
    });
    const parsed = v.safeParse(schema, answer);
    if (!parsed.success) throw new ProviderFailure(HUB88_PROVIDER, 'BAD_ANSWER', { detail: `answered ${path} with a body that is not the documented one` });
    return parsed.output;
  }

  return {
    listGames: () => call('operator/generic/v2/game/list', { operator_id: config.operatorId }, GameListResponse, { timeoutMs: HUB88_LIST_TIMEOUT_MS, repeatable: true, retries: 2 }),
    async gameUrl(request) {
      const { url } = await call('operator/generic/v2/game/url', { ...request, operator_id: config.operatorId }, GameUrlResponse, { timeoutMs: HUB88_URL_TIMEOUT_MS, repeatable: false });
      return url;
    },
  };
}
