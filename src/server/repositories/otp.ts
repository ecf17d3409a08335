/**
 * OTP challenges: sending (with rate limits counted in the database), code
 * attempts, and the verified challenge a registration consumes.
 */
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { otpChallenges } from '../db/schema.ts';

export interface NewOtpChallenge {
  tokenHash: string;
  phone: string;
  ref: string;
  codeHash: string;
  clientIp: string;
  expiresAt: Date;
}

export interface SendLimits {
  windowStart: Date;
  perPhone: number;
}

/**
 * Stores a challenge unless the phone already had its share of sends in the
 * window; answers whether it was stored. An advisory lock per phone makes
 * the count and the insert one step, so parallel requests cannot slip past
 * the limit. (Sends per client address are the limits module's, like every
 * per-address limit: limits/limits.ts.)
 */
export async function insertOtpChallengeWithinLimits(db: Db, challenge: NewOtpChallenge, limits: SendLimits, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-phone:${challenge.phone}`}, 0))`);
    const [recent] = await tx
      .select({ sends: count() })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, challenge.phone), gt(otpChallenges.createdAt, limits.windowStart)));
    if (recent!.sends >= limits.perPhone) return false;
    await tx.insert(otpChallenges).values({ ...challenge, createdAt: now });
    return true;
  });
}

export async function findOtpChallenge(db: Queryable, tokenHash: string) {
  const [challenge] = await db
    .select({
      id: otpChallenges.id,
      codeHash: otpChallenges.codeHash,
      attempts: otpChallenges.attempts,
      expiresAt: otpChallenges.expiresAt,
      verifiedAt: otpChallenges.verifiedAt,
    })
    .from(otpChallenges)
    .where(eq(otpChallenges.tokenHash, tokenHash));
  return challenge;
}

/**
 * Takes one of the challenge's code attempts, atomically: answers the number
 * of attempts used including this one, or null when none were left. Taking the
 * attempt before comparing means parallel guesses cannot exceed the limit.
 */
export async function takeOtpAttempt(db: Queryable, challengeId: number, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(eq(otpChallenges.id, challengeId), lt(otpChallenges.attempts, maxAttempts)))
    .returning({ attempts: otpChallenges.attempts });
  return row ? row.attempts : null;
}

export async function markOtpVerified(db: Queryable, challengeId: number, now: Date): Promise<void> {
  await db.update(otpChallenges).set({ verifiedAt: now }).where(eq(otpChallenges.id, challengeId));
}

/**
 * The proof that a caller verified a phone: the token of one of its OTP
 * challenges (looked up by hash). Only the caller who received the token by
 * /api/otp/send and typed the code can present it; the phone alone proves
 * nothing (docs/decisions/0072-registration-bound-to-verified-challenge.md).
 */
export interface PhoneProof {
  tokenHash: string;
  phone: string;
  /** Verifications older than this no longer count (PHONE_VERIFICATION_LIFETIME_MS). */
  verifiedAfter: Date;
}

function provesPhone(proof: PhoneProof) {
  return and(
    eq(otpChallenges.tokenHash, proof.tokenHash),
    eq(otpChallenges.phone, proof.phone),
    gt(otpChallenges.verifiedAt, proof.verifiedAfter),
    isNull(otpChallenges.consumedAt),
  );
}

/** Whether the token is a verified, unexpired and unused challenge of that phone. */
export async function isPhoneProven(db: Queryable, proof: PhoneProof): Promise<boolean> {
  const [row] = await db.select({ id: otpChallenges.id }).from(otpChallenges).where(provesPhone(proof));
  return row !== undefined;
}

/**
 * Uses the proof up for one registration: a conditional UPDATE, so of two
 * registrations racing with one token only one finds it unused (the other
 * waits for the row and then sees it consumed). Answers whether it was this one.
 */
export async function consumePhoneProof(db: Queryable, proof: PhoneProof, now: Date): Promise<boolean> {
  const rows = await db.update(otpChallenges).set({ consumedAt: now }).where(provesPhone(proof)).returning({ id: otpChallenges.id });
  return rows.length === 1;
}

/** A challenge whose SMS never left: removed, so it counts toward no send limit. */
export async function deleteOtpChallenge(db: Queryable, tokenHash: string): Promise<void> {
  await db.delete(otpChallenges).where(eq(otpChallenges.tokenHash, tokenHash));
}
