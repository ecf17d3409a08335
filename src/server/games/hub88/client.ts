/**
 * The two Games API calls of Hub88's Operator API we make, signed with our
 * key: `POST /operator/generic/v2/game/list` (the games on offer; a read,
 * so tried again up to twice) and `POST /operator/generic/v2/game/url`
 * (where a member plays; not repeated: each call opens a session at the
 * game, and the member can simply open the game again). Each has a
 * timeout; a circuit breaker stops calling an aggregator that keeps
 * failing (providers/json-call.ts). Keys and tokens never reach the log.
 */
import type { KeyObject } from 'node:crypto';
import * as v from 'valibot';
import { GameListResponse, GameUrlResponse, HUB88_PROVIDER, type GameUrlRequest, type ListedGame } from '../../../contract/hub88.ts';
import type { Clock } from '../../clock.ts';
import { CircuitBreaker, postJson, ProviderCallError, type ProviderLog } from '../../providers/json-call.ts';
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
  const breaker = new CircuitBreaker(HUB88_PROVIDER, clock, log);
  const base = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`;

  async function call<S extends v.GenericSchema>(path: string, payload: object, schema: S, timeoutMs: number, retries: number): Promise<v.InferOutput<S>> {
    const body = JSON.stringify(payload);
    const answer = await postJson(breaker, log, {
      url: new URL(path, base),
      body,
      headers: { 'x-hub88-signature': signBody(key, body) },
      timeoutMs,
      retries,
    });
    const parsed = v.safeParse(schema, answer);
    if (!parsed.success) throw new ProviderCallError(HUB88_PROVIDER, `answered ${path} with a body that is not the documented one`);
    return parsed.output;
  }

  return {
    listGames: () => call('operator/generic/v2/game/list', { operator_id: config.operatorId }, GameListResponse, HUB88_LIST_TIMEOUT_MS, 2),
    async gameUrl(request) {
      const { url } = await call('operator/generic/v2/game/url', { ...request, operator_id: config.operatorId }, GameUrlResponse, HUB88_URL_TIMEOUT_MS, 0);
      return url;
    },
  };
}
