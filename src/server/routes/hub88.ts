/**
 * The Wallet API Hub88 calls, under /api/providers/hub88 (no member token,
 * no X-Requested-With: plugins/requested-with.ts): POST /user/info,
 * /user/balance, /transaction/bet, /transaction/win, /transaction/rollback.
 * Only Hub88 may call them, proven by its signature; they exist only with
 * GAME_AGGREGATOR=hub88 (app.ts). What each call does is
 * games/hub88/wallet.ts's.
 *
 * Each body is read as raw bytes and its `X-Hub88-Signature` checked with
 * Hub88's public key before anything is parsed; then the documented fields
 * are checked (a missing one is RS_ERROR_WRONG_SYNTAX, one of another type
 * RS_ERROR_WRONG_TYPES). Every answer is HTTP 200 with Hub88's `status`, as
 * the documentation has it; an unexpected failure is RS_ERROR_UNKNOWN
 * (logged), so Hub88 tries a win or rollback again and rolls a bet back.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  BalanceRequest,
  BetRequest,
  HUB88_PROVIDER,
  HUB88_SIGNATURE_HEADER,
  RollbackRequest,
  UserInfoRequest,
  WinRequest,
  type RefusalAnswer,
} from '../../contract/hub88.ts';
import { isSignedBy, rsaPublicKey } from '../games/hub88/signature.ts';
import { placeBet, rollBack, settleWin, userBalance, userInfo, type WalletAnswer, type WalletContext } from '../games/hub88/wallet.ts';

export const HUB88_WALLET_PREFIX = `/api/providers/${HUB88_PROVIDER}`;

type Handler<S extends v.GenericSchema> = (context: WalletContext, request: v.InferOutput<S>) => Promise<WalletAnswer>;

function requestUuidOf(json: unknown): string | null {
  const value = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).request_uuid : undefined;
  return typeof value === 'string' ? value : null;
}

/** A missing field is a syntax error; a field of another type is a type error (Hub88's two statuses). */
function shapeStatus(issues: readonly v.BaseIssue<unknown>[]): RefusalAnswer['status'] {
  return issues.every((issue) => issue.input === undefined) ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES';
}

export async function hub88WalletRoutes(app: FastifyInstance): Promise<void> {
  const { hub88, variant } = app.config;
  if (!hub88) return;
  const publicKey = rsaPublicKey(hub88.publicKey);
  await app.register(async (wallet: FastifyInstance) => {
    const { db, clock } = wallet;
    wallet.removeAllContentTypeParsers();
    wallet.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    function post<S extends v.GenericSchema>(path: string, schema: S, handle: Handler<S>) {
      wallet.post(path, async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = undefined;
        }
        const requestUuid = requestUuidOf(json);
        const signature = request.headers[HUB88_SIGNATURE_HEADER];
        if (!isSignedBy(publicKey, raw, typeof signature === 'string' ? signature : undefined)) {
          request.log.warn({ path }, 'hub88 call refused: its signature does not match Hub88\'s key');
          return { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: requestUuid } satisfies RefusalAnswer;
        }
        if (json === undefined) return { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: null } satisfies RefusalAnswer;
        const parsed = v.safeParse(schema, json);
        if (!parsed.success) return { status: shapeStatus(parsed.issues), request_uuid: requestUuid } satisfies RefusalAnswer;
        try {
          return await handle({ db, now: clock(), variant, log: request.log }, parsed.output);
        } catch (error) {
          request.log.error({ err: error, path }, 'hub88 call failed');
          return { status: 'RS_ERROR_UNKNOWN', request_uuid: requestUuid } satisfies RefusalAnswer;
        }
      });
    }

    post('/user/info', UserInfoRequest, userInfo);
    post('/user/balance', BalanceRequest, userBalance);
    post('/transaction/bet', BetRequest, placeBet);
    post('/transaction/win', WinRequest, settleWin);
    post('/transaction/rollback', RollbackRequest, rollBack);
  }, { prefix: HUB88_WALLET_PREFIX });
}
