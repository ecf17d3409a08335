/**
 * The wheel's fairness records (docs/decisions/0100-prize-wheel.md): each
 * member's server seeds, committed by their SHA-256 before any spin uses
 * them, the client seed the member may choose, the nonce of the next spin,
 * rotation (which reveals the seed in use and starts the next), and the
 * history of spins with all a member needs to recompute them
 * (contract/rules/wheel.ts drawSlice).
 *
 * A member's current seed is the row with revealed_at null (at most one: a
 * partial unique index). It is made on first need by an insert that does
 * nothing when another request made it first. Every write to a member's
 * seeds (a spin's nonce, the client seed, a rotation) first holds the
 * member's row (a spin's coin UPDATE, or lockMember), so they take turns and
 * the current seed cannot change under one of them.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { FairnessResponse, SpinRecord } from '../../contract/rewards.ts';
import { seedHash } from '../../contract/rules/wheel.ts';
import { inTransaction, type Queryable } from '../db/client.ts';
import { users, wheelSeeds, wheels, wheelSpins, type StoredSlice } from '../db/schema.ts';
import type { Language } from '../language.ts';
import { memberCurrency, type Currency } from '../repositories/users.ts';
import { sliceText } from './slice-text.ts';

export type Seed = typeof wheelSeeds.$inferSelect;
type Fairness = v.InferOutput<typeof FairnessResponse>;

/** A fresh server seed (32 random bytes, hex) with its commitment. */
function newServerSeed(): { serverSeed: string; seedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, seedHash: seedHash(serverSeed) };
}

/** The client seed a member has until they choose one: random, so two members' draws never share one by default. */
function defaultClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/**
 * Makes the member a current seed unless they have one (two requests doing
 * this at once: the partial unique index keeps one, the other inserts
 * nothing). `clientSeed`: the one to start with, by default a random one.
 */
async function insertSeedIfMissing(db: Queryable, userId: number, now: Date, clientSeed = defaultClientSeed()): Promise<void> {
  await db
    .insert(wheelSeeds)
    .values({ userId, ...newServerSeed(), clientSeed, nextNonce: 0, createdAt: now })
    .onConflictDoNothing();
}

/**
 * A write to the current seed finds none only before the member's first
 * one (then made, and the write tried again); a third miss is a bug.
 */
const CURRENT_SEED_ATTEMPTS = 3;

/** Holds the member's row until the transaction ends: the turn every write to their seeds takes (a spin's coin UPDATE takes the same lock). */
async function lockMember(tx: Queryable, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Runs `write` (one statement on the member's current seed, answering the
 * row or undefined when there was none) until it finds one, making the seed
 * when it is missing.
 */
async function onCurrentSeed(db: Queryable, userId: number, now: Date, write: () => Promise<Seed | undefined>): Promise<Seed> {
  for (let attempt = 0; attempt < CURRENT_SEED_ATTEMPTS; attempt += 1) {
    const seed = await write();
    if (seed) return seed;
    await insertSeedIfMissing(db, userId, now);
  }
  throw new Error(`no current wheel seed for member ${userId} after ${CURRENT_SEED_ATTEMPTS} attempts`);
}

const isCurrentOf = (userId: number) => and(eq(wheelSeeds.userId, userId), isNull(wheelSeeds.revealedAt));

/** The member's current seed, made when they have none. */
export function currentSeed(db: Queryable, userId: number, now: Date): Promise<Seed> {
  return onCurrentSeed(db, userId, now, async () => {
    const [seed] = await db.select().from(wheelSeeds).where(isCurrentOf(userId));
    return seed;
  });
}

/**
 * Takes the nonce of the member's next spin: the current seed's next_nonce,
 * counted up in the same UPDATE, so two spins never draw with one nonce.
 * Call with the member's row locked (the spin's coin UPDATE does), so a
 * rotation or a new client seed waits for the spin. Answers the seed as it
 * was drawn with and the nonce.
 */
export async function takeNonce(tx: Queryable, userId: number, now: Date): Promise<{ seed: Seed; nonce: number }> {
  const seed = await onCurrentSeed(tx, userId, now, async () => {
    const [row] = await tx
      .update(wheelSeeds)
      .set({ nextNonce: sql`${wheelSeeds.nextNonce} + 1` })
      .where(isCurrentOf(userId))
      .returning();
    return row;
  });
  return { seed, nonce: seed.nextNonce - 1 };
}

/** The seed the member's last rotation revealed, if any (seeds are revealed in the order they were made). */
async function lastRevealed(db: Queryable, userId: number): Promise<Pick<Seed, 'seedHash' | 'serverSeed'> | null> {
  const [row] = await db
    .select({ seedHash: wheelSeeds.seedHash, serverSeed: wheelSeeds.serverSeed })
    .from(wheelSeeds)
    .where(and(eq(wheelSeeds.userId, userId), isNotNull(wheelSeeds.revealedAt)))
    .orderBy(desc(wheelSeeds.id))
    .limit(1);
  return row ?? null;
}

async function fairnessAnswer(db: Queryable, userId: number, seed: Seed): Promise<Fairness> {
  return { seedHash: seed.seedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce, previous: await lastRevealed(db, userId) };
}

/** GET /api/spinwheel/fairness: the current commitment (made on first need), and the last revealed seed. */
export async function fairnessOf(db: Queryable, userId: number, now: Date): Promise<Fairness> {
  return fairnessAnswer(db, userId, await currentSeed(db, userId, now));
}

/**
 * PUT /api/spinwheel/fairness/client-seed: the member's own client seed for
 * the current server seed. Spins already drawn keep theirs (each spin
 * records the client seed it used); the contract allows only short
 * printable text (CLIENT_SEED).
 */
export function setClientSeed(db: Queryable, userId: number, clientSeed: string, now: Date): Promise<Fairness> {
  return inTransaction(db, async (tx) => {
    await lockMember(tx, userId);
    const seed = await onCurrentSeed(tx, userId, now, async () => {
      const [row] = await tx.update(wheelSeeds).set({ clientSeed }).where(isCurrentOf(userId)).returning();
      return row;
    });
    return fairnessAnswer(tx, userId, seed);
  });
}

/**
 * POST /api/spinwheel/fairness/rotate: reveals the current server seed (so
 * every spin drawn with it can be checked) and commits to a new one at
 * nonce 0, keeping the member's client seed. Answers the new state, with
 * the revealed seed as `previous`.
 */
export function rotateSeed(db: Queryable, userId: number, now: Date): Promise<Fairness> {
  return inTransaction(db, async (tx) => {
    await lockMember(tx, userId);
    const revealed = await onCurrentSeed(tx, userId, now, async () => {
      const [row] = await tx.update(wheelSeeds).set({ revealedAt: now }).where(isCurrentOf(userId)).returning();
      return row;
    });
    await insertSeedIfMissing(tx, userId, now, revealed.clientSeed);
    const [next] = await tx.select().from(wheelSeeds).where(isCurrentOf(userId));
    if (!next) throw new Error(`member ${userId}'s new wheel seed vanished`);
    return { seedHash: next.seedHash, clientSeed: next.clientSeed, nonce: next.nextNonce, previous: { seedHash: revealed.seedHash, serverSeed: revealed.serverSeed } };
  });
}

/**
 * POST /api/spinwheel/history: one page (1-based) of the member's spins,
 * newest first, and how many there are. The server seed is shown only once
 * revealed; the label comes from the wheel the spin was drawn on.
 */
/** The drawn slice's label as the member read it on the wheel ({amount} in their currency). */
function labelOf(slice: StoredSlice | undefined, language: Language, currency: Currency): string | undefined {
  return slice && sliceText(slice.label[language], slice.prize, currency);
}

export async function spinHistory(db: Queryable, userId: number, page: number, limit: number, language: Language): Promise<{ spins: SpinRecord[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: wheelSpins.id,
        createdAt: wheelSpins.createdAt,
        nonce: wheelSpins.nonce,
        clientSeed: wheelSpins.clientSeed,
        sliceIndex: wheelSpins.sliceIndex,
        sliceCode: wheelSpins.sliceCode,
        weights: wheelSpins.weights,
        seedHash: wheelSeeds.seedHash,
        serverSeed: wheelSeeds.serverSeed,
        revealedAt: wheelSeeds.revealedAt,
        slices: wheels.slices,
      })
      .from(wheelSpins)
      .innerJoin(wheelSeeds, eq(wheelSeeds.id, wheelSpins.seedId))
      .innerJoin(wheels, eq(wheels.id, wheelSpins.wheelId))
      .where(eq(wheelSpins.userId, userId))
      .orderBy(desc(wheelSpins.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(wheelSpins).where(eq(wheelSpins.userId, userId)),
  ]);
  const currency = await memberCurrency(db, userId);
  const spins = rows.map((row) => ({
    _id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    seedHash: row.seedHash,
    serverSeed: row.revealedAt === null ? null : row.serverSeed,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    code: row.sliceCode,
    label: labelOf(row.slices[row.sliceIndex], language, currency) ?? row.sliceCode,
    weights: row.weights,
  }));
  return { spins, total: counted?.total ?? 0 };
}
