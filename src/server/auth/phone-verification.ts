/**
 * Phone verification before registration: send a 6-digit code by SMS, then
 * check it. The verified challenge's token is the caller's proof of the phone:
 * it may register with it for a while (PHONE_VERIFICATION_LIFETIME_MS), once
 * (members/registration.ts). Sends are limited per phone and per client
 * address, and each code allows a few attempts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { Language, Localized } from '../language.ts';
import { RateLimited, type Limits } from '../limits/limits.ts';
import {
  OTP_LIFETIME_MS,
  OTP_MAX_ATTEMPTS,
  OTP_SEND_WINDOW_MS,
  OTP_SENDS_PER_PHONE,
  PHONE_VERIFICATION_LIFETIME_MS,
} from '../policy.ts';
import {
  deleteOtpChallenge,
  findOtpChallenge,
  insertOtpChallengeWithinLimits,
  isPhoneProven,
  markOtpVerified,
  takeOtpAttempt,
} from '../repositories/otp.ts';
import { findUserByPhone } from '../repositories/users.ts';
import type { SmsSender } from '../sms/sms.ts';
import { hashOtpCode, hashToken, newOtpCode, newOtpRef, newToken, otpCodeMatches } from './tokens.ts';

const minutes = OTP_LIFETIME_MS / 60_000;

function otpMessage(code: string, ref: string): Localized {
  return {
    th: `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) ใช้ได้ภายใน ${minutes} นาที`,
    la: `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໃຊ້ໄດ້ພາຍໃນ ${minutes} ນາທີ`,
    en: `Your OTP code is ${code} (Ref: ${ref}), valid for ${minutes} minutes.`,
  };
}

export interface VerificationContext {
  limits: Limits;
  now: Date;
  /** The client address (per-address limits). */
  ip: string;
}

export interface OtpSendContext extends VerificationContext {
  sms: SmsSender;
  /** The language the SMS is written in. */
  language: Language;
  log: FastifyBaseLogger;
}

/** A code sent (SUCCESS), or OTP_VERIFIED with no ref: the caller already holds this phone's verification. */
export interface OtpSent {
  otpRef: string;
  otpToken: string;
  code: 'SUCCESS' | 'OTP_VERIFIED';
}

/**
 * Sends a code to `phone` (EXISTING_USER for a member's phone, 429 past the
 * limits, OTP_SEND_FAIL when the SMS could not leave), or answers
 * OTP_VERIFIED to the holder of a live verification of it (`otpToken`).
 */
export async function sendOtp(db: Db, { limits, now, ip, sms, language, log }: OtpSendContext, phone: string, otpToken: string): Promise<OtpSent> {
  // spec 2 skips the OTP step for a verified phone, but only for the caller
  // holding that verification (the same browser back at the wizard): on the
  // phone alone, OTP_VERIFIED would tell anyone that somebody just verified it.
  const proven =
    otpToken !== '' &&
    (await isPhoneProven(db, { tokenHash: hashToken(otpToken), phone, verifiedAfter: new Date(now.getTime() - PHONE_VERIFICATION_LIFETIME_MS) }));
  // Anyone else pays a send for the lookup, so asking which phones are
  // members costs as much as a send; counted before the phone's own limit,
  // so an address cannot pump SMS to many phones.
  const addressSend = proven ? null : await limits.countAddress('otpSends', ip, now);
  if (await findUserByPhone(db, phone)) throw new ApiError(409, 'EXISTING_USER');
  if (proven) return { otpRef: '', otpToken, code: 'OTP_VERIFIED' };

  const newOtpToken = newToken();
  const otpRef = newOtpRef();
  const code = newOtpCode();
  const tokenHash = hashToken(newOtpToken);
  const stored = await insertOtpChallengeWithinLimits(
    db,
    {
      tokenHash,
      phone,
      ref: otpRef,
      codeHash: hashOtpCode(newOtpToken, code),
      clientIp: ip,
      expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
    },
    { windowStart: new Date(now.getTime() - OTP_SEND_WINDOW_MS), perPhone: OTP_SENDS_PER_PHONE },
    now,
  );
  if (!stored) {
    await limits.uncount(addressSend);
    throw new RateLimited(new Date(now.getTime() + OTP_SEND_WINDOW_MS), now);
  }

  try {
    await sms.send(phone, otpMessage(code, otpRef)[language]);
  } catch (error) {
    log.error({ err: error }, 'SMS could not be sent');
    // The stored challenge held this send's place in the limits while the
    // SMS was under way (so parallel sends cannot pass them); a send that
    // never left gives its place back, so a gateway failure costs the member
    // none of their sends.
    await deleteOtpChallenge(db, tokenHash).catch((cleanup: unknown) => {
      log.error({ err: cleanup }, 'OTP challenge of a failed SMS could not be removed');
    });
    await limits.uncount(addressSend);
    throw new ApiError(502, 'OTP_SEND_FAIL');
  }
  return { otpRef, otpToken: newOtpToken, code: 'SUCCESS' };
}

/**
 * Checks a code against its challenge (OTP_TOKEN_INVALID, OTP_EXPIRED,
 * OTP_CODE_INVALID, 429 OTP_BLOCK after the last attempt); a verified
 * challenge stays verified.
 */
export async function verifyOtp(db: Db, { limits, now, ip }: VerificationContext, otpToken: string, otpCode: string): Promise<void> {
  // Wrong codes per address: each token allows five, but an address with many tokens would get many
  // guesses. Every attempt counts as a failure until it turns out right.
  const addressFailure = await limits.countAddress('otpFailures', ip, now);
  const challenge = await findOtpChallenge(db, hashToken(otpToken));
  if (!challenge) throw new ApiError(400, 'OTP_TOKEN_INVALID');
  if (challenge.verifiedAt) {
    await limits.uncount(addressFailure);
    return;
  }
  if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw new ApiError(429, 'OTP_BLOCK');
  if (now >= challenge.expiresAt) throw new ApiError(400, 'OTP_EXPIRED');

  const attempts = await takeOtpAttempt(db, challenge.id, OTP_MAX_ATTEMPTS);
  if (attempts === null) throw new ApiError(429, 'OTP_BLOCK');
  if (!otpCodeMatches(otpToken, otpCode, challenge.codeHash)) {
    throw attempts >= OTP_MAX_ATTEMPTS ? new ApiError(429, 'OTP_BLOCK') : new ApiError(400, 'OTP_CODE_INVALID');
  }
  await markOtpVerified(db, challenge.id, now);
  await limits.uncount(addressFailure);
}
