/**
 * Idempotency-Key for money-moving calls (Stripe's model). The first answer
 * to a key is stored in the same transaction as the movement it describes;
 * a replay of the key returns that answer and moves nothing. A refusal (a
 * catalogue 4xx) is stored too, so a retry cannot turn into a different
 * outcome later. The same key with another request is refused.
 *
 * Two requests racing with one key: both run, the second's insert of the key
 * waits for the first transaction and then fails on the primary key, its
 * transaction (and movement) rolls back, and it answers the first's answer.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey } from '../contract/endpoints.ts';
import { violatedUniqueConstraint, type Db, type Transaction } from './db/client.ts';
import { idempotencyKeys } from './db/schema.ts';
import { ApiError } from './errors.ts';

/** The key a request carries when it is well formed, else null (idempotencyKeyOf refuses a malformed one). */
export function wellFormedKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  return typeof raw === 'string' && v.is(IdempotencyKey, raw) ? raw : null;
}

/** The key a request carries, or null; a malformed key is refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  if (request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] === undefined) return null;
  const key = wellFormedKeyOf(request);
  if (key === null) throw new ApiError(400, 'KEY_INVALID');
  return key;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** What is stored under a key: the request it answered (as a hash) and the answer. */
export type StoredAnswer = Pick<typeof idempotencyKeys.$inferSelect, 'requestHash' | 'statusCode' | 'response'>;

export async function findStored(db: Db, userId: number, key: string): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** A member's Idempotency-Key as a one-statement movement stores it with its answer (ledger/transfers.ts KeyAnswer). */
export interface KeyToStore {
  userId: number;
  key: string;
  requestHash: string;
}

/**
 * Thrown by a one-call handler (onceForKey's `oneCall`) that cannot move
 * in one statement (a ledger account to create first, a provider that
 * writes): nothing was written, and the handler runs again in the key's
 * transaction.
 */
export class NeedsTransaction extends Error {
  constructor(reason: string) {
    super(`not in one call: ${reason}`);
    this.name = 'NeedsTransaction';
  }
}

/**
 * Runs `work` in a transaction under the request's idempotency key: the
 * first time it runs and its answer (or refusal) is stored; afterwards the
 * stored answer is sent again. `known` is what the key held when the
 * request came in (read with the caller's session, plugins/authentication.ts).
 *
 * With `oneCall`, that runs first, outside any transaction: it stores the
 * key and its answer in the one statement that moves the money
 * (docs/decisions/0149-one-round-trip-transfer.md), or throws
 * NeedsTransaction and `work` runs as above. Its refusals are stored here
 * as `work`'s are, and a key stored meanwhile by a copy of the request
 * (the statement fails on the key's primary key) answers that copy's answer.
 */
export async function onceForKey<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  key: string,
  now: () => Date,
  known: StoredAnswer | null,
  work: (tx: Transaction) => Promise<T>,
  oneCall?: (key: KeyToStore) => Promise<T>,
): Promise<T> {
  const hash = requestHash(request);
  const replay = async (stored: StoredAnswer | undefined): Promise<T> => {
    if (!stored) throw new Error(`idempotency key ${key} vanished`);
    if (stored.requestHash !== hash) throw new ApiError(409, 'KEY_INVALID');
    reply.header('Idempotent-Replayed', 'true');
    if (stored.statusCode >= 400) throw new ApiError(stored.statusCode, (stored.response as { message: never }).message);
    return stored.response as T;
  };
  // Another request under this key finished while this one ran: answer what it stored.
  const replayLatest = async () => replay(await findStored(db, userId, key));
  const store = (tx: Db | Transaction, statusCode: number, response: unknown) =>
    tx.insert(idempotencyKeys).values({ userId, key, requestHash: hash, statusCode, response, createdAt: now() });

  if (known) return replay(known);
  try {
    if (oneCall) {
      try {
        return await oneCall({ userId, key, requestHash: hash });
      } catch (error) {
        if (!(error instanceof NeedsTransaction)) throw error;
      }
    }
    return await db.transaction(async (tx) => {
      const answer = await work(tx);
      await store(tx, 200, answer);
      return answer;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'idempotency_keys_user_id_key_pk') return replayLatest();
    if (error instanceof ApiError && error.statusCode < 500 && error.statusCode !== 401) {
      try {
        await store(db, error.statusCode, { message: error.code });
      } catch (storeError) {
        if (violatedUniqueConstraint(storeError) === 'idempotency_keys_user_id_key_pk') return replayLatest();
        throw storeError;
      }
    }
    throw error;
  }
}
