/**
 * Phone verification before registration: send a 6-digit code by SMS, then
 * check it. The verified challenge's token is the caller's proof of the phone:
 * it may register with it for a while (PHONE_VERIFICATION_LIFETIME_MS), once.
 * Sends are rate-limited per phone and per client address, and each code
 * allows a few attempts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { phoneError } from '../../contract/rules/members.ts';
import { hashOtpCode, hashToken, newOtpCode, newOtpRef, newToken, otpCodeMatches } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
import { RateLimited } from '../limits/limits.ts';
import { languageOf, type Localized } from '../language.ts';
import {
  OTP_LIFETIME_MS,
  OTP_MAX_ATTEMPTS,
  OTP_SEND_WINDOW_MS,
  OTP_SENDS_PER_PHONE,
  PHONE_VERIFICATION_LIFETIME_MS,
} from '../policy.ts';
import {
  findOtpChallenge,
  deleteOtpChallenge,
  insertOtpChallengeWithinLimits,
  isPhoneProven,
  markOtpVerified,
  takeOtpAttempt,
} from '../repositories/otp.ts';
import { findUserByPhone } from '../repositories/users.ts';
import { route } from '../route.ts';

const minutes = OTP_LIFETIME_MS / 60_000;

function otpMessage(code: string, ref: string): Localized {
  return {
    th: `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) ใช้ได้ภายใน ${minutes} นาที`,
    la: `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໃຊ້ໄດ້ພາຍໃນ ${minutes} ນາທີ`,
    en: `Your OTP code is ${code} (Ref: ${ref}), valid for ${minutes} minutes.`,
  };
}

export async function otpRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config, sms, limits } = app;

  route(app, endpoints.otpSend, async ({ body, request }) => {
    const phone = body.phoneNumber;
    const phoneProblem = phoneError(config.variant, phone);
    if (phoneProblem) throw new ApiError(400, phoneProblem);
    const now = clock();
    // spec 2 skips the OTP step for a verified phone, but only for the caller
    // holding that verification (the same browser back at the wizard): on the
    // phone alone, OTP_VERIFIED would tell anyone that somebody just verified it.
    const proven =
      body.otpToken !== '' &&
      (await isPhoneProven(db, { tokenHash: hashToken(body.otpToken), phone, verifiedAfter: new Date(now.getTime() - PHONE_VERIFICATION_LIFETIME_MS) }));
    // Anyone else pays a send for the lookup, so asking which phones are
    // members costs as much as a send; counted before the phone's own limit,
    // so an address cannot pump SMS to many phones.
    const addressSend = proven ? null : await limits.countAddress('otpSends', request.ip, now);
    if (await findUserByPhone(db, phone)) throw new ApiError(409, 'EXISTING_USER');
    if (proven) return { otpRef: '', otpToken: body.otpToken, code: 'OTP_VERIFIED' };

    const otpToken = newToken();
    const otpRef = newOtpRef();
    const code = newOtpCode();
    const tokenHash = hashToken(otpToken);
    const stored = await insertOtpChallengeWithinLimits(
      db,
      {
        tokenHash,
        phone,
        ref: otpRef,
        codeHash: hashOtpCode(otpToken, code),
        clientIp: request.ip,
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
      await sms.send(phone, otpMessage(code, otpRef)[languageOf(request)]);
    } catch (error) {
      request.log.error({ err: error }, 'SMS could not be sent');
      // The stored challenge held this send's place in the limits while the
      // SMS was under way (so parallel sends cannot pass them); a send that
      // never left gives its place back, so a gateway failure costs the member
      // none of their sends.
      await deleteOtpChallenge(db, tokenHash).catch((cleanup: unknown) => {
        request.log.error({ err: cleanup }, 'OTP challenge of a failed SMS could not be removed');
      });
      await limits.uncount(addressSend);
      throw new ApiError(502, 'OTP_SEND_FAIL');
    }
    return { otpRef, otpToken, code: 'SUCCESS' };
  });

  route(app, endpoints.otpVerify, async ({ body, request }) => {
    const now = clock();
    // Wrong codes per address: each token allows five, but an address with many tokens would get many
    // guesses. Every attempt counts as a failure until it turns out right.
    const addressFailure = await limits.countAddress('otpFailures', request.ip, now);
    const challenge = await findOtpChallenge(db, hashToken(body.otpToken));
    if (!challenge) throw new ApiError(400, 'OTP_TOKEN_INVALID');
    if (challenge.verifiedAt) {
      await limits.uncount(addressFailure);
      return { code: 'OTP_VERIFIED' };
    }
    if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw new ApiError(429, 'OTP_BLOCK');
    if (now >= challenge.expiresAt) throw new ApiError(400, 'OTP_EXPIRED');

    const attempts = await takeOtpAttempt(db, challenge.id, OTP_MAX_ATTEMPTS);
    if (attempts === null) throw new ApiError(429, 'OTP_BLOCK');
    if (!otpCodeMatches(body.otpToken, body.otpCode, challenge.codeHash)) {
      throw attempts >= OTP_MAX_ATTEMPTS ? new ApiError(429, 'OTP_BLOCK') : new ApiError(400, 'OTP_CODE_INVALID');
    }
    await markOtpVerified(db, challenge.id, now);
    await limits.uncount(addressFailure);
    return { code: 'OTP_VERIFIED' };
  });
}
